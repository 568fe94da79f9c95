import { CHANCE, SeededRng, type Actor, type AnyGame, type LogEntry, type Seat } from '@skyline/engine';
import type { BotInput, Budget, BotLevel } from './bot.js';
import { botFor } from './levels.js';

export interface ArenaSettings {
  game: AnyGame;
  /** One level per seat; seats rotate from game to game (game g seats bot i at seat (i + g) mod seats). */
  bots: readonly BotLevel[];
  /** The options as the game normalised them. */
  options: unknown;
  games: number;
  seed: number;
  budget: Budget;
  /** Called after each game with the number played so far. */
  onGame?(done: number): void;
}

export interface ArenaBotSummary {
  /** Position in the list of bots, and its level. */
  index: number;
  level: BotLevel;
  /** Wins, a shared win counting 1/k for each of its k winners. */
  wins: number;
  share: number;
  averageScore: number;
  moves: number;
  averageMs: number;
  p95Ms: number;
  maxMs: number;
}

export interface ArenaSummary {
  game: string;
  players: number;
  games: number;
  seed: number;
  budget: Budget;
  seconds: number;
  bots: ArenaBotSummary[];
}

/** Thrown when a bot answers with a move that is not legal. */
export class IllegalBotMove extends Error {}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/** What a game's driver may watch (tests, timings). */
export interface GameHooks {
  /** Each bot's time to choose, in milliseconds. */
  onMove?(seat: Seat, ms: number): void;
  /** Exactly what a bot is given, with the true state it was taken from (which the bot never sees). */
  onInput?(input: BotInput, state: unknown): void;
  /** Each entry applied, chance's and the seats', in order: the game's log. */
  onEntry?(entry: LogEntry): void;
}

/**
 * Plays one game between bots, the arena being the referee: it alone holds the true state, and gives each bot only
 * `game.view(state, seat)` and `game.legalMoves(state, seat)`. Every move is validated; an illegal one throws
 * `IllegalBotMove`. Returns the final state.
 */
export function playGame(
  game: AnyGame,
  levels: readonly BotLevel[],
  options: unknown,
  seed: number,
  budget: Budget,
  hooks: GameHooks = {},
): unknown {
  return playOn(game, game.setup(levels.length, options), levels, seed, budget, hooks);
}

/** The same from a position of a game (in place): how a review checks what a move led to. */
export function playOn(
  game: AnyGame,
  state: unknown,
  levels: readonly BotLevel[],
  seed: number,
  budget: Budget,
  hooks: GameHooks = {},
): unknown {
  const referee = new SeededRng(seed);
  const rngs = levels.map((_, seat) => new SeededRng(seed * 31 + seat + 1));
  for (let steps = 0; ; steps++) {
    if (steps > 200_000) throw new Error(`${game.id}: game not over after ${steps} steps`);
    const active = game.active(state);
    if (active.length === 0) return state;
    const actor: Actor = game.randomActor ? game.randomActor(state, referee) : (active[0] as Actor);
    if (actor === CHANCE) {
      const chance = game.sampleChance(state, referee);
      game.applyInPlace(state, CHANCE, chance);
      hooks.onEntry?.({ chance });
      continue;
    }
    const legalMoves = game.legalMoves(state, actor);
    const view = game.view(state, actor);
    const bot = botFor(levels[actor] as BotLevel);
    const input: BotInput = { game, view, seat: actor, legalMoves, rng: rngs[actor] as SeededRng, budget };
    hooks.onInput?.(input, state);
    const start = performance.now();
    const move = bot.choose(input);
    hooks.onMove?.(actor, performance.now() - start);
    const reason = game.validate(state, actor, move);
    if (reason !== null) {
      throw new IllegalBotMove(
        `${game.id}: ${bot.level} bot at seat ${actor}: ${JSON.stringify(move)}: ${reason}`,
      );
    }
    game.applyInPlace(state, actor, move);
    hooks.onEntry?.({ seat: actor, move });
  }
}

/** Plays `games` games between the bots, rotating seats, and summarises each bot's wins, scores and move times. */
export function arena(settings: ArenaSettings): ArenaSummary {
  const { game, bots, games } = settings;
  const players = bots.length;
  const wins = new Array<number>(players).fill(0);
  const scores = new Array<number>(players).fill(0);
  const times: number[][] = bots.map(() => []);
  const start = performance.now();
  for (let g = 0; g < games; g++) {
    // Seat s holds bot (s - g) mod players.
    const botAt = (seat: Seat) => (((seat - g) % players) + players) % players;
    const levels = Array.from({ length: players }, (_, seat) => bots[botAt(seat)] as BotLevel);
    const state = playGame(game, levels, settings.options, settings.seed + g * 7919, settings.budget, {
      onMove: (seat, ms) => (times[botAt(seat)] as number[]).push(ms),
    });
    const status = game.status(state);
    status.scores.forEach((score, seat) => (scores[botAt(seat)] = (scores[botAt(seat)] as number) + score));
    for (const winner of status.winners) {
      wins[botAt(winner)] = (wins[botAt(winner)] as number) + 1 / status.winners.length;
    }
    settings.onGame?.(g + 1);
  }
  return {
    game: game.id,
    players,
    games,
    seed: settings.seed,
    budget: settings.budget,
    seconds: (performance.now() - start) / 1000,
    bots: bots.map((level, index) => {
      const sorted = (times[index] as number[]).slice().sort((a, b) => a - b);
      const total = sorted.reduce((sum, ms) => sum + ms, 0);
      return {
        index,
        level,
        wins: wins[index] as number,
        share: (wins[index] as number) / games,
        averageScore: (scores[index] as number) / games,
        moves: sorted.length,
        averageMs: sorted.length === 0 ? 0 : total / sorted.length,
        p95Ms: quantile(sorted, 0.95),
        maxMs: sorted[sorted.length - 1] ?? 0,
      };
    }),
  };
}
