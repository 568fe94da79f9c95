/**
 * Every game of the registry has every facet the platform reads: a game listed without one would fail only where that
 * facet is used (a bot falling back to the scores' margin, a page without the game). One check per facet, each
 * naming what is missing; a new facet is a new entry of `FACETS`.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GAME_ENTRIES, GAMES, TUTORIAL_PENDING, entryOf, findGame, type GameEntry } from '../src/index.js';

/** `packages/games/`: every folder with a package but the registry's own is a game's, named by the game's id. */
const GAMES_FOLDER = fileURLToPath(new URL('../../', import.meta.url));
const GAME_PACKAGES = readdirSync(GAMES_FOLDER, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'registry')
  .filter((entry) => existsSync(join(GAMES_FOLDER, entry.name, 'package.json')))
  .map((entry) => entry.name);

/** Each facet: what is missing from `entry`, or `null`. */
const FACETS: Record<string, (entry: GameEntry) => string | null> = {
  rules(entry) {
    const { game } = entry;
    if (typeof game?.id !== 'string' || game.id === '') return 'no rules (a game with an id)';
    for (const name of ['setup', 'legalMoves', 'validate', 'applyInPlace', 'view', 'status'] as const) {
      if (typeof game[name] !== 'function') return `rules without ${name}`;
    }
    return null;
  },
  options(entry) {
    return Array.isArray(entry.game.options) && typeof entry.game.parseOptions === 'function'
      ? null
      : 'no options declaration';
  },
  bot(entry) {
    const { bot } = entry;
    if (typeof bot?.heuristic?.evaluate !== 'function') return 'no bot heuristic (the ./bot facet)';
    if (typeof bot.search !== 'object' || bot.search === null)
      return 'no bot search settings (the ./bot facet)';
    if (bot.search.playout === 'policy' && typeof bot.heuristic.playout !== 'function') {
      return "bot search settings ask for the heuristic's playout policy, which it lacks";
    }
    return null;
  },
  opening(entry) {
    const { opening } = entry;
    if (typeof opening?.least !== 'number' || !(opening.least >= 1)) return 'no opening (src/opening.ts)';
    if (opening.unit !== 'moves' && opening.unit !== 'years') return 'an opening without its unit';
    return null;
  },
  tutorial(entry) {
    const pending = TUTORIAL_PENDING.has(entry.game.id);
    if (entry.tutorial === undefined)
      return pending ? null : 'no tutorial (src/tutorial.ts), nor a place in TUTORIAL_PENDING';
    if (pending) return 'a tutorial, yet still listed in TUTORIAL_PENDING';
    return entry.tutorial.game === entry.game.id ? null : `the tutorial of "${entry.tutorial.game}"`;
  },
};

describe('the registry', () => {
  it('lists each game once, under its own id', () => {
    const ids = GAME_ENTRIES.map((entry) => entry.game.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...GAMES.keys()]).toEqual(ids);
    for (const entry of GAME_ENTRIES) {
      expect(entryOf(entry.game.id)).toBe(entry);
      expect(findGame(entry.game.id)).toBe(entry.game);
    }
    expect(entryOf('no-such-game')).toBeUndefined();
  });

  it('lists every game package of packages/games/ (a package left out is played nowhere)', () => {
    expect(GAME_PACKAGES).toEqual(expect.arrayContaining(['nyny', 'manhattan', 'mycity', 'chinatown']));
    expect(
      GAME_PACKAGES.filter((id) => entryOf(id) === undefined),
      'packages/games/<id>/ without an entry in GAME_ENTRIES (packages/games/registry/src/index.ts): ' +
        'docs/adding-a-game.md, step 4',
    ).toEqual([]);
  });

  describe.each(GAME_ENTRIES.map((entry) => [entry.game.id, entry] as const))('%s', (id, entry) => {
    it.each(Object.keys(FACETS))('has its %s', (facet) => {
      expect(
        FACETS[facet]?.(entry),
        `${id}'s entry in GAME_ENTRIES (packages/games/registry/src/index.ts)`,
      ).toBeNull();
    });
  });

  it('fails an entry that lacks a facet (the check itself works)', () => {
    const [first] = GAME_ENTRIES as [GameEntry];
    const withoutBot = { game: first.game } as unknown as GameEntry;
    expect(FACETS.bot?.(withoutBot)).toMatch(/no bot heuristic/);
    const withoutSearch = {
      game: first.game,
      bot: { heuristic: first.bot.heuristic },
    } as unknown as GameEntry;
    expect(FACETS.bot?.(withoutSearch)).toMatch(/no bot search settings/);
    const withoutRules = { bot: first.bot } as unknown as GameEntry;
    expect(FACETS.rules?.(withoutRules)).toMatch(/no rules/);
    const withoutOpening = { game: first.game, bot: first.bot } as unknown as GameEntry;
    expect(FACETS.opening?.(withoutOpening)).toMatch(/no opening/);
    const nyny = entryOf('nyny') as GameEntry;
    expect(FACETS.tutorial?.({ ...nyny, tutorial: undefined })).toMatch(/no tutorial/);
    const pending = GAME_ENTRIES.find((entry) => TUTORIAL_PENDING.has(entry.game.id));
    if (pending)
      expect(FACETS.tutorial?.({ ...pending, tutorial: nyny.tutorial })).toMatch(/TUTORIAL_PENDING/);
  });
});
