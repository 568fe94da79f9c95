/**
 * `skyline backup` while the server runs and players move: a `skyline serve` process (SQLite or PostgreSQL), three pairs of
 * registered players moving as fast as it answers, and the backup taken meanwhile by another process. Every move
 * acknowledged before the backup began is in it; what it holds of each game is what the server had stored (a prefix
 * of its log, never a torn one); and the restored database's games replay to their stored status and its ratings
 * recompute to the stored ones (`skyline restore`, run here in this process, checks both and says so).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SeededRng } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import { spawnServer } from '@skyline/testkit';
import { expect } from 'vitest';
import { openStore } from '../../server/src/db/connect.js';
import { restoreCommand } from '../src/backup.js';
import { TestClient, eventually, killed, startTable, type Known } from '../../server/test/harness.js';

const BIN = fileURLToPath(new URL('../bin/skyline.js', import.meta.url));

/** The built `skyline ARGS` in a process of its own, without blocking this one (whose clients go on playing). */
function skyline(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [BIN, ...args], {
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

interface Acknowledged {
  tableId: string;
  /** The table's version the acknowledgement gave: the log holds at least this many entries. */
  version: number;
}

/** Plays New York games between the two players, one after another, until `stopped()`; notes every acknowledgement. */
async function play(
  pair: TestClient[],
  seed: number,
  stopped: () => boolean,
  acks: Acknowledged[],
  finished: { games: number },
): Promise<void> {
  const game = GAMES.get('nyny')!;
  const rng = new SeededRng(seed);
  while (!stopped()) {
    const tableId = await startTable(pair, 'nyny');
    for (let n = 0; !stopped(); n++) {
      const known = pair.map((client) => client.tables.get(tableId) as Known);
      if (known.every((k) => k.over)) {
        finished.games++;
        break;
      }
      const version = Math.max(...known.map((k) => k.version));
      await eventually(() => pair.every((c) => c.tables.get(tableId)?.version === version), 15_000, 'both');
      const mover = pair.findIndex((c) => (c.tables.get(tableId) as Known).legalMoves.length > 0);
      if (mover < 0) throw new Error('nobody can move, yet the game is not over');
      const legal = (pair[mover]!.tables.get(tableId) as Known).legalMoves;
      const move = game.randomMove ? game.randomMove(null, mover, legal, rng) : legal[rng.int(legal.length)];
      const ack = await pair[mover]!.request('table:move', { tableId, version, id: `m${n}`, move });
      if (!ack.ok) throw new Error(`move refused: ${ack.error}`);
      acks.push({ tableId, version: ack.version as number });
      await eventually(
        () => pair.every((c) => (c.tables.get(tableId)?.version ?? 0) > version),
        15_000,
        'the move',
      );
    }
  }
}

/**
 * The scenario, on the database `database` names (`DATABASE_PATH` or `DATABASE_URL`, empty), with its files in `dir`;
 * the backup is restored into a new SQLite file there.
 */
export async function backupUnderLoad(
  database: { DATABASE_PATH: string } | { DATABASE_URL: string },
  dir: string,
) {
  const location = {
    databasePath: 'DATABASE_PATH' in database ? database.DATABASE_PATH : '',
    databaseUrl: 'DATABASE_URL' in database ? database.DATABASE_URL : null,
  };
  // Each player from an address of its own, told by a proxy (players sharing one are not rated against each
  // other); pairs start game after game.
  const server = await spawnServer({
    ...database,
    PASSWORD_COST: '10',
    TRUST_PROXY: '1',
    LIMIT_TABLES_PER_MINUTE: '10000',
  });
  const clients: TestClient[] = [];
  try {
    for (let k = 0; k < 6; k++) {
      const headers = { 'x-forwarded-for': `198.51.100.${k + 1}` };
      const guest = await TestClient.guest(server.url, `player${k}`, headers);
      expect((await guest.http('POST', '/api/register', { password: 'a long enough password' })).status).toBe(
        200,
      );
      // A page opened once registered: its socket knows the player as registered, and its games are rated.
      guest.close();
      clients.push(await TestClient.connect(server.url, guest.cookie, guest.name, headers));
    }
    const pairs = [0, 2, 4].map((k) => clients.slice(k, k + 2));
    const acks: Acknowledged[] = [];
    const finished = { games: 0 };
    let stop = false;
    const failed: unknown[] = [];
    const playing = pairs.map((pair, k) =>
      play(pair, k + 1, () => stop, acks, finished).catch((error: unknown) => void failed.push(error)),
    );
    const playingOn = () => {
      if (failed.length > 0) throw failed[0] as Error;
      return true;
    };
    // Rated games over already, and moves coming.
    await eventually(
      () => playingOn() && finished.games >= 1 && acks.length >= 100,
      40_000,
      'a finished game',
    );
    const before = acks.slice();
    const backup = await skyline(['backup', join(dir, 'live.skyline-backup')], database);
    const during = acks.length - before.length;
    stop = true;
    await Promise.all(playing);
    playingOn();
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    // The backup was taken under load: moves were acknowledged while it ran.
    expect(during).toBeGreaterThan(0);

    const restored = join(dir, 'restored.db');
    const restore = await restoreCommand([join(dir, 'live.skyline-backup')], { DATABASE_PATH: restored });
    expect(restore.stderr).toBeUndefined();
    expect(restore.code).toBe(0);
    expect(restore.stdout).not.toContain('problem');
    expect(restore.stdout).toMatch(
      /checked: [1-9]\d* finished games and \d+ in play replay to their stored status\n/,
    );
    expect(restore.stdout).toMatch(
      /checked: rating the [1-9]\d* rated games again gives the stored [1-9]\d* ratings/,
    );

    for (const client of clients) client.close();
    await killed(server);
    const [copy, original] = [
      await openStore({ databasePath: restored, databaseUrl: null }),
      await openStore(location),
    ];
    try {
      const logs = async (store: typeof copy) => {
        const moves = await store.db
          .selectFrom('moves')
          .select(['table_id', 'seq', 'entry'])
          .orderBy('seq')
          .execute();
        const byTable = new Map<string, string[]>();
        for (const move of moves)
          byTable.set(move.table_id, [...(byTable.get(move.table_id) ?? []), move.entry]);
        return byTable;
      };
      const [restoredLogs, liveLogs] = [await logs(copy), await logs(original)];
      for (const ack of before)
        expect(restoredLogs.get(ack.tableId)?.length ?? 0).toBeGreaterThanOrEqual(ack.version);
      // What the backup holds of each game is the start of what the server stored, entry for entry.
      for (const [tableId, log] of restoredLogs)
        expect(liveLogs.get(tableId)?.slice(0, log.length)).toEqual(log);
    } finally {
      await copy.db.destroy();
      await original.db.destroy();
    }
  } finally {
    for (const client of clients) client.close();
    server.child.kill('SIGKILL');
  }
}
