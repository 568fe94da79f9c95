/**
 * The `skyline` command's commands (`main.ts` runs them for the process; the tests call `run` in process).
 *
 *   skyline replay FILE|- [--view SEAT|spectator]
 *   skyline ratings recompute
 *   skyline admin grant NAME [--role moderator|admin] [--reason TEXT] | admin revoke NAME [--reason TEXT]
 *   skyline backup FILE | skyline restore FILE | skyline migrate --from DATABASE_PATH --to DATABASE_URL
 *   skyline review FILE|- [--ms-per-move T | --iterations I] [--seed S] [--json]
      the tree search's review of a finished game: each decision's chance to win as its seat saw it, after the move
      made and with the move the search prefers, marks where a move lost much, and a summary per seat
  skyline sim GAME --games N [--players P] [--options JSON] [--seed S] [--records DIR] [--json]
 *   skyline review FILE|- [--ms-per-move T | --iterations I] [--seed S] [--json]
 *   skyline arena GAME --bots LEVEL,LEVEL,... --games N [--players P] [--options JSON] [--ms-per-move T] [--seed S]
 *       [--iterations I] [--json]
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { BOT_LEVELS, isBotLevel, type BotLevel } from '@skyline/bots';
import { seatCountProblem } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import { runArena, formatArena } from './arena.js';
import { replayText } from './replay.js';
import { reviewText } from './review.js';
import { simulate, type SimSummary } from './sim.js';
import { percent } from './stats.js';

const USAGE = `usage:
  skyline serve
      start the platform (PORT, DATABASE_PATH, LOG_LEVEL from the environment; see docs/operating.md)
  skyline ratings recompute
      rebuild every rating from the stored games, in the order they were rated (DATABASE_PATH or DATABASE_URL;
      RATED_GAMES_PER_PAIR_PER_DAY as the server has it)
  skyline backup FILE
      copy every table (sessions left out) into FILE, in one snapshot, while the server runs (DATABASE_PATH or
      DATABASE_URL)
  skyline restore FILE
      restore a backup into an empty database (DATABASE_PATH or DATABASE_URL), in one transaction, and check it
  skyline migrate --from DATABASE_PATH --to DATABASE_URL
      move a SQLite database into an empty PostgreSQL one (a backup piped into a restore), and check it
  skyline admin grant NAME [--role moderator|admin] [--reason TEXT]
  skyline admin revoke NAME [--reason TEXT]
      give a registered player a role (moderator unless told), or take it away (DATABASE_PATH or DATABASE_URL);
      the last admin keeps the role
  skyline replay FILE|- [--view SEAT|spectator]
      apply a game record; print its status as JSON (or the view of a seat, or of a spectator)
  skyline sim GAME --games N [--players P] [--options JSON] [--seed S] [--records DIR] [--json]
      play N games with random legal moves and summarise scores and wins per seat
  skyline arena GAME --bots ismcts,greedy,greedy,greedy --games N [--players P] [--options JSON]
                [--ms-per-move T] [--iterations I] [--seed S] [--json]
      play N games between bots (${BOT_LEVELS.join(', ')}, weakest first), rotating seats;
      per bot: share of wins (95% CI), average score, average and p95 time per move
games: ${[...GAMES.keys()].join(', ')}`;

class UsageError extends Error {}

/** Where a command reads and writes: the process's streams, or a test's strings (`run` in process). */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** A file's text; `-` is standard input. Throws as `readFileSync` does. */
  read(file: string): string;
  /** Whether standard output is a terminal (a progress bar is drawn there, never into a pipe). */
  interactive: boolean;
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  read: (file) => readFileSync(file === '-' ? 0 : file, 'utf8'),
  interactive: process.stdout.isTTY === true,
};

/** A record file's text (`-`: standard input), or null when it cannot be read (and why said on stderr). */
function readRecord(file: string, io: Io): string | null {
  try {
    return io.read(file);
  } catch (error) {
    io.stderr(`record: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})\n`);
    return null;
  }
}

function replayCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args,
    options: { view: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length !== 1)
    throw new UsageError('replay takes one record file (or - for standard input)');
  const file = positionals[0] as string;
  const text = readRecord(file, io);
  if (text === null) return 1;
  const output = replayText(text, values.view);
  if (!output.ok) {
    io.stderr(`${output.stderr}\n`);
    return 1;
  }
  io.stdout(`${output.stdout}\n`);
  return 0;
}

function reviewCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args,
    options: {
      'ms-per-move': { type: 'string' },
      iterations: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  if (positionals.length !== 1)
    throw new UsageError('review takes one record file (or - for standard input)');
  if (values['ms-per-move'] !== undefined && values.iterations !== undefined)
    throw new UsageError('review takes --ms-per-move or --iterations, not both');
  const file = positionals[0] as string;
  const budget =
    values.iterations !== undefined
      ? { iterations: integer('iterations', values.iterations, 0, 1) }
      : { ms: integer('ms-per-move', values['ms-per-move'], 200, 1) };
  const seed = integer('seed', values.seed, randomInt(2 ** 31), -(2 ** 31));
  const text = readRecord(file, io);
  if (text === null) return 1;
  const showProgress = io.interactive && !values.json;
  const output = reviewText({
    text,
    budget,
    seed,
    progress: showProgress ? (done, total) => io.stdout(progressBar(done, total, 'decisions')) : undefined,
  });
  if (showProgress) io.stdout('\r\x1b[2K');
  if (!output.ok) {
    io.stderr(`${output.stderr}\n`);
    return 1;
  }
  io.stdout(`${values.json ? JSON.stringify(output.review) : output.text}\n`);
  return 0;
}

function integer(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  if (!/^-?\d+$/.test(text) || Number(text) < min)
    throw new UsageError(`--${name} must be a whole number ≥ ${min}`);
  return Number(text);
}

function progressBar(done: number, total: number, what = 'games'): string {
  const width = 30;
  const filled = Math.round((width * done) / total);
  return `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${what}`;
}

function formatSummary(summary: SimSummary): string {
  const table = (title: string, rows: SimSummary['seats']): string[] => [
    '',
    `${title}  avg score   wins     share    95% CI`,
    ...rows.map(
      (row) =>
        `${String(row.seat).padEnd(title.length)}  ${row.averageScore.toFixed(2).padStart(9)}  ${row.wins.toFixed(1).padStart(7)}  ${percent(row.share).padStart(6)}   [${percent(row.ci95[0])}, ${percent(row.ci95[1])}]`,
    ),
  ];
  const lines = [
    `${summary.game}: ${summary.games} random games, ${summary.players} seats, options ${JSON.stringify(summary.options)}, seed ${summary.seed}`,
    `${summary.gamesPerSecond.toFixed(0)} games/s (${summary.seconds.toFixed(2)} s, ${summary.averageSteps.toFixed(1)} log entries per game)`,
    ...table('seat', summary.seats),
    ...(summary.turnOrder ? table('place', summary.turnOrder) : []),
  ];
  lines.push(
    '',
    'place: 0 is the seat that played first in the game, 1 the next one clockwise, ...',
    `fair share: ${percent(1 / summary.players)}; a shared win counts 1/k for each of its k winners`,
  );
  return lines.join('\n');
}

function simCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args,
    options: {
      games: { type: 'string' },
      players: { type: 'string' },
      options: { type: 'string' },
      seed: { type: 'string' },
      records: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('sim takes one game id');
  const game = GAMES.get(positionals[0] as string);
  if (!game) throw new UsageError(`unknown game "${positionals[0]}"`);
  if (values.games === undefined) throw new UsageError('sim needs --games N');
  const games = integer('games', values.games, 0, 1);
  const defaultPlayers = Math.min(game.maxPlayers, Math.max(game.minPlayers, 4));
  const players = integer('players', values.players, defaultPlayers, 1);
  const seats = seatCountProblem(game, players);
  if (seats !== null) throw new UsageError(seats);
  const options = readOptions(values.options);
  const parsed = game.parseOptions(players, options);
  if (!parsed.ok) throw new UsageError(parsed.reason);
  const seed = integer('seed', values.seed, randomInt(2 ** 31), -(2 ** 31));
  const recordsDir = values.records;
  if (recordsDir !== undefined) mkdirSync(recordsDir, { recursive: true });

  const showProgress = io.interactive && !values.json;
  let lastDraw = 0;
  const summary = simulate({
    game,
    players,
    options,
    parsedOptions: parsed.options,
    games,
    seed,
    keepRecords: recordsDir !== undefined,
    onGame(done, record) {
      if (record && recordsDir !== undefined) {
        const name = `${game.id}-${seed}-${String(done).padStart(String(games).length, '0')}.json`;
        writeFileSync(join(recordsDir, name), `${JSON.stringify(record)}\n`);
      }
      const now = performance.now();
      if (showProgress && (now - lastDraw > 100 || done === games)) {
        io.stdout(progressBar(done, games));
        lastDraw = now;
      }
    },
  });
  if (showProgress) io.stdout('\r\x1b[2K');
  io.stdout(`${values.json ? JSON.stringify(summary) : formatSummary(summary)}\n`);
  return 0;
}

function readOptions(text: string | undefined): Record<string, unknown> {
  if (text === undefined) return {};
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new UsageError('--options must be a JSON object, e.g. \'{"variant":"simultaneous"}\'');
  }
}

function arenaCommand(args: string[], io: Io): number {
  const { values, positionals } = parseArgs({
    args,
    options: {
      bots: { type: 'string' },
      games: { type: 'string' },
      players: { type: 'string' },
      options: { type: 'string' },
      'ms-per-move': { type: 'string' },
      iterations: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  if (positionals.length !== 1) throw new UsageError('arena takes one game id');
  const game = GAMES.get(positionals[0] as string);
  if (!game) throw new UsageError(`unknown game "${positionals[0]}"`);
  if (values.bots === undefined)
    throw new UsageError(`arena needs --bots LEVEL,LEVEL,... (${BOT_LEVELS.join(', ')})`);
  const levels = values.bots.split(',').map((text) => text.trim());
  for (const level of levels) {
    if (!isBotLevel(level)) throw new UsageError(`unknown bot level "${level}" (${BOT_LEVELS.join(', ')})`);
  }
  const players = integer('players', values.players, levels.length, 1);
  const seats = seatCountProblem(game, players);
  if (seats !== null) throw new UsageError(seats);
  if (levels.length > players)
    throw new UsageError(`--bots lists ${levels.length} bots for ${players} seats`);
  // Fewer bots than seats: the last one fills the remaining seats.
  const bots = Array.from({ length: players }, (_, k) => levels[Math.min(k, levels.length - 1)] as BotLevel);
  if (values.games === undefined) throw new UsageError('arena needs --games N');
  const games = integer('games', values.games, 0, 1);
  const options = readOptions(values.options);
  const parsed = game.parseOptions(players, options);
  if (!parsed.ok) throw new UsageError(parsed.reason);
  const ms = integer('ms-per-move', values['ms-per-move'], 1000, 1);
  const iterations =
    values.iterations === undefined ? undefined : integer('iterations', values.iterations, 0, 1);
  const seed = integer('seed', values.seed, randomInt(2 ** 31), -(2 ** 31));
  const showProgress = io.interactive && !values.json;
  let lastDraw = 0;
  const summary = runArena({
    game,
    bots,
    options: parsed.options,
    games,
    seed,
    budget: iterations === undefined ? { ms } : { ms, iterations },
    onGame(done) {
      const now = performance.now();
      if (showProgress && (now - lastDraw > 100 || done === games)) {
        io.stdout(progressBar(done, games));
        lastDraw = now;
      }
    },
  });
  if (showProgress) io.stdout('\r\x1b[2K');
  io.stdout(`${values.json ? JSON.stringify(summary) : formatArena(summary, options)}\n`);
  return 0;
}

/**
 * Runs one `skyline` command and returns its exit code: the binary (`main.ts`) with the process's streams, the tests in
 * process with their own. `serve` returns 0 at once and the server keeps the process alive.
 */
export async function run(argv: string[], io: Io = processIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'serve': {
        if (rest.length > 0)
          throw new UsageError('serve takes no arguments: it reads its settings from the environment');
        // The server (and its database drivers) load only for the commands that need them: `replay`, `sim` and
        // `arena` start in a third of the time.
        const { startServer } = await import('@skyline/server');
        void startServer().catch((error: unknown) => {
          io.stderr(`skyline: cannot start the server: ${(error as Error).message}\n`);
          process.exit(1);
        });
        return 0;
      }
      case 'ratings': {
        const { ratingsCommand } = await import('./ratings.js');
        try {
          const { code, stdout, stderr } = await ratingsCommand(rest);
          if (stdout) io.stdout(`${stdout}\n`);
          if (stderr) io.stderr(`${stderr}\n`);
          return code;
        } catch (error) {
          io.stderr(`skyline: ratings: ${(error as Error).message}\n`);
          return 1;
        }
      }
      case 'admin': {
        const { adminCommand } = await import('./admin.js');
        const { code, stdout, stderr } = await adminCommand(rest);
        if (stdout) io.stdout(`${stdout}\n`);
        if (stderr) io.stderr(`${stderr}\n`);
        return code;
      }
      case 'backup':
      case 'restore':
      case 'migrate': {
        const commands = await import('./backup.js');
        const run = {
          backup: commands.backupCommand,
          restore: commands.restoreCommand,
          migrate: commands.migrateCommand,
        }[command];
        const { code, stdout, stderr } = await run(rest);
        if (stdout) io.stdout(`${stdout}\n`);
        if (stderr) io.stderr(`${stderr}\n`);
        return code;
      }
      case 'replay':
        return replayCommand(rest, io);
      case 'review':
        return reviewCommand(rest, io);
      case 'sim':
        return simCommand(rest, io);
      case 'arena':
        return arenaCommand(rest, io);
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(`${USAGE}\n`);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr(`skyline: ${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}
