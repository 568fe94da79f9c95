import type { AnyGame, AnyTutorial, GameBot, Opening } from '@skyline/engine';
import { chinatown, opening as chinatownOpening, tutorial as chinatownTutorial } from '@skyline/chinatown';
import { bot as chinatownBot } from '@skyline/chinatown/bot';
import { manhattan, opening as manhattanOpening, tutorial as manhattanTutorial } from '@skyline/manhattan';
import { bot as manhattanBot } from '@skyline/manhattan/bot';
import { mycity, opening as mycityOpening, tutorial as mycityTutorial } from '@skyline/mycity';
import { bot as mycityBot } from '@skyline/mycity/bot';
import { nyny, opening as nynyOpening, tutorial as nynyTutorial } from '@skyline/nyny';
import { bot as nynyBot } from '@skyline/nyny/bot';

/**
 * One game as the platform knows it: each field is a facet of the game's package (`.`: its rules and its opening,
 * `./bot`: its heuristic and search settings), for whoever needs it (the server, the `skyline` command, the bots, the bench).
 * The registry test (test/registry.test.ts) fails when an entry lacks one.
 */
export interface GameEntry {
  readonly game: AnyGame;
  readonly bot: GameBot;
  /** What a seat must have played before the game can be rated, and until when `/abort` may drop it. */
  readonly opening: Opening;
  /**
   * A first game against a bot that teaches the game (docs/tutorials.md); absent only for a game listed in
   * `TUTORIAL_PENDING`.
   */
  readonly tutorial?: AnyTutorial;
}

/**
 * The games whose tutorial is still to be written: the registry test fails for a game with neither a tutorial nor a
 * place here, and for a game listed here that has one.
 */
export const TUTORIAL_PENDING: ReadonlySet<string> = new Set<string>([]);

/** Every game of the platform, in the order the platform lists them. Adding a game: write its package, then list it here. */
export const GAME_ENTRIES: readonly GameEntry[] = [
  { game: nyny, bot: nynyBot, opening: nynyOpening, tutorial: nynyTutorial },
  { game: manhattan, bot: manhattanBot, opening: manhattanOpening, tutorial: manhattanTutorial },
  { game: mycity, bot: mycityBot, opening: mycityOpening, tutorial: mycityTutorial },
  { game: chinatown, bot: chinatownBot, opening: chinatownOpening, tutorial: chinatownTutorial },
];

const ENTRIES: ReadonlyMap<string, GameEntry> = new Map(GAME_ENTRIES.map((entry) => [entry.game.id, entry]));

/** Every game's rules, by id. */
export const GAMES: ReadonlyMap<string, AnyGame> = new Map(
  GAME_ENTRIES.map((entry) => [entry.game.id, entry.game]),
);

export function entryOf(id: string): GameEntry | undefined {
  return ENTRIES.get(id);
}

export function findGame(id: string): AnyGame | undefined {
  return GAMES.get(id);
}

/** The games that have a tutorial, in the platform's order. */
export function tutorialEntries(): GameEntry[] {
  return GAME_ENTRIES.filter((entry) => entry.tutorial !== undefined);
}
