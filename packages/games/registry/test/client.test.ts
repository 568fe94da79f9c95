/**
 * The client registry against the server's: every game the server plays has every facet the web client needs — its
 * options (the same declaration), its board and log (`./ui`), its title and words in every language (the same keys in
 * each, the options' labels among them), its rules page in every language (the same sections) — and the client knows
 * no game the server does not. A facet left out of a new game fails here, naming the game and the facet.
 */
import { KIT_WORDS, LANGS } from '@skyline/board-kit';
import { GAMES } from '@skyline/games';
import { CLIENT_GAMES, DEFAULT_GAME, GAME_WORDS, titleOf } from '@skyline/games/client';
import { describe, expect, it } from 'vitest';

const sortedKeys = (words: object): string[] => Object.keys(words).sort();

describe('the client registry', () => {
  it('lists exactly the games the server plays, each once', () => {
    const ids = CLIENT_GAMES.map((game) => game.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      [...GAMES.keys()].filter((id) => !ids.includes(id)),
      'games the server plays that CLIENT_GAMES (packages/games/registry/client/index.ts) does not list: ' +
        'docs/adding-a-game.md, step 7',
    ).toEqual([]);
    expect(
      ids.filter((id) => !GAMES.has(id)),
      'games of CLIENT_GAMES that GAME_ENTRIES (packages/games/registry/src/index.ts) does not list: ' +
        'docs/adding-a-game.md, step 4',
    ).toEqual([]);
    expect(ids).toContain(DEFAULT_GAME);
  });

  it('has the board kit’s words in every language, with the same keys', () => {
    for (const lang of LANGS) {
      expect(sortedKeys(KIT_WORDS[lang]), lang).toEqual(sortedKeys(KIT_WORDS.en));
      for (const [key, text] of Object.entries(KIT_WORDS[lang]))
        expect(text.trim(), `${lang}: ${key}`).not.toBe('');
    }
  });

  for (const game of CLIENT_GAMES) {
    describe(game.id, () => {
      it('offers the options the server parses (its ./options declaration)', () => {
        expect(game.options).toBe(GAMES.get(game.id)?.options);
      });

      it('has a board and its log in words (./ui)', async () => {
        const ui = await game.ui();
        expect(typeof ui.Board, 'Board').toBe('function');
        expect(typeof ui.describe, 'describe').toBe('function');
      });

      it('has a title (the leaderboards’ and the rules’ name for it) in every language', () => {
        for (const lang of LANGS) {
          expect(game.text[lang].title.trim(), lang).not.toBe('');
          expect(titleOf(game.id, lang)).toBe(game.text[lang].title);
        }
      });

      it('has its words in every language, with the same keys as in English, none empty', () => {
        for (const lang of LANGS) {
          const words = game.text[lang].words;
          expect(sortedKeys(words), `${lang} against en`).toEqual(sortedKeys(game.text.en.words));
          for (const [key, text] of Object.entries(words))
            expect(text.trim(), `${lang}: ${key}`).not.toBe('');
        }
      });

      it('names its options and their choices with keys of its own words, in every language', () => {
        for (const option of game.options) {
          const labels = [
            option.label,
            ...(option.kind === 'choice' ? option.choices.map((c) => c.label) : []),
          ];
          for (const label of labels)
            for (const lang of LANGS)
              expect(game.text[lang].words, `${lang}: ${label}`).toHaveProperty([label]);
        }
      });

      it('has its rules page in every language, with the same seat counts and as many sections', async () => {
        const en = await game.rules.en();
        expect(en.sections.length).toBeGreaterThan(0);
        expect(en.players).toMatch(/^\d–\d$/);
        for (const lang of LANGS) {
          const rules = await game.rules[lang]();
          expect(rules.sections.length, lang).toBe(en.sections.length);
          expect(rules.players, lang).toBe(en.players);
          for (const section of rules.sections) expect(section.heading.trim(), lang).not.toBe('');
        }
      });
    });
  }

  it('merges every game’s words for the client, no key claimed by two games', () => {
    for (const lang of LANGS) {
      const total = CLIENT_GAMES.reduce((sum, game) => sum + Object.keys(game.text[lang].words).length, 0);
      expect(Object.keys(GAME_WORDS[lang]).length, lang).toBe(total);
      for (const key of Object.keys(GAME_WORDS[lang])) expect(KIT_WORDS[lang], key).not.toHaveProperty([key]);
    }
  });
});
