import {
  RECORD_FORMAT,
  SeededRng,
  randomStep,
  type AnyGame,
  type GameRecord,
  type LogEntry,
} from '@skyline/engine';
import { wilson95 } from './stats.js';

export interface SimSettings {
  game: AnyGame;
  players: number;
  /** The options as given (kept in the records), and as the game normalised them. */
  options: Record<string, unknown>;
  parsedOptions: unknown;
  games: number;
  seed: number;
  /** Called after each game with its record (when records are wanted) and the count so far. */
  onGame?(done: number, record: GameRecord | null): void;
  keepRecords: boolean;
}

export interface SeatSummary {
  seat: number;
  averageScore: number;
  /** Wins, a shared win counting 1/k for each of the k winners. */
  wins: number;
  share: number;
  ci95: [number, number];
}

export interface SimSummary {
  game: string;
  players: number;
  options: Record<string, unknown>;
  seed: number;
  games: number;
  seconds: number;
  gamesPerSecond: number;
  averageSteps: number;
  /** By seat number. */
  seats: SeatSummary[];
  /** By place in the turn order (0 = the seat that played first), for games that tell their first seat. */
  turnOrder: SeatSummary[] | null;
}

function summarise(scoreSums: number[], wins: number[], games: number): SeatSummary[] {
  return wins.map((won, seat) => ({
    seat,
    averageScore: (scoreSums[seat] as number) / games,
    wins: won,
    share: won / games,
    ci95: wilson95(won, games),
  }));
}

/** Plays `games` random games (the random player of each game) and summarises scores and wins per seat. */
export function simulate(settings: SimSettings): SimSummary {
  const { game, players, games } = settings;
  const rng = new SeededRng(settings.seed);
  const scoreSums = new Array<number>(players).fill(0);
  const wins = new Array<number>(players).fill(0);
  const placeScoreSums = new Array<number>(players).fill(0);
  const placeWins = new Array<number>(players).fill(0);
  const knowsFirst = game.firstSeat !== undefined;
  let steps = 0;
  const start = performance.now();
  for (let done = 1; done <= games; done++) {
    const state = game.setup(players, settings.parsedOptions);
    const log: LogEntry[] = [];
    for (;;) {
      const entry = randomStep(game, state, rng);
      if (entry === null) break;
      if (settings.keepRecords) log.push(entry);
      steps++;
    }
    const status = game.status(state);
    status.scores.forEach((score, seat) => (scoreSums[seat] = (scoreSums[seat] as number) + score));
    for (const winner of status.winners) wins[winner] = (wins[winner] as number) + 1 / status.winners.length;
    const first = game.firstSeat?.(state) ?? 0;
    const place = (seat: number) => (seat - first + players) % players;
    status.scores.forEach(
      (score, seat) => (placeScoreSums[place(seat)] = (placeScoreSums[place(seat)] as number) + score),
    );
    for (const winner of status.winners) {
      placeWins[place(winner)] = (placeWins[place(winner)] as number) + 1 / status.winners.length;
    }
    const record: GameRecord | null = settings.keepRecords
      ? { format: RECORD_FORMAT, game: game.id, players, options: settings.options, log }
      : null;
    settings.onGame?.(done, record);
  }
  const seconds = (performance.now() - start) / 1000;
  return {
    game: game.id,
    players,
    options: settings.options,
    seed: settings.seed,
    games,
    seconds,
    gamesPerSecond: games / seconds,
    averageSteps: steps / games,
    seats: summarise(scoreSums, wins, games),
    turnOrder: knowsFirst ? summarise(placeScoreSums, placeWins, games) : null,
  };
}
