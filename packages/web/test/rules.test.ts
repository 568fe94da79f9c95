/** The rules pages: both languages with matching sections, and key facts of `shared/spec/*.md` checked by hand. */
import { describe, expect, it } from 'vitest';
import { RULES } from '../src/rules.js';

const LANGS = ['en', 'fr'] as const;

/** All the text of a game's rules in one language, one string, as written. */
function raw(game: string, lang: (typeof LANGS)[number]): string {
  const rules = RULES[game];
  if (!rules) throw new Error(`no rules for ${game}`);
  return rules.sections[lang]
    .flatMap((section) => [section.heading, ...section.paragraphs, ...(section.list ?? [])])
    .join('\n');
}

/** The same, with non-breaking spaces read as spaces (for the checks of facts). */
const text = (game: string, lang: (typeof LANGS)[number]) => raw(game, lang).replace(/\u00a0/g, ' ');

describe('rules pages', () => {
  it('cover the four games', () => {
    expect(Object.keys(RULES).sort()).toEqual(['chinatown', 'manhattan', 'mycity', 'nyny']);
  });

  for (const [game, rules] of Object.entries(RULES)) {
    it(`${game}: English and French have the same sections, none empty`, () => {
      expect(rules.title).not.toBe('');
      expect(rules.players).toMatch(/^\d–\d$/);
      const en = rules.sections.en;
      const fr = rules.sections.fr;
      expect(en.length).toBeGreaterThanOrEqual(6);
      expect(fr.length).toBe(en.length);
      en.forEach((section, k) => {
        const other = fr[k]!;
        for (const s of [section, other]) {
          expect(s.heading.trim()).not.toBe('');
          expect(s.paragraphs.length + (s.list?.length ?? 0)).toBeGreaterThan(0);
          for (const line of [...s.paragraphs, ...(s.list ?? [])]) expect(line.trim()).not.toBe('');
        }
        // the same shape in both languages: paragraphs and list items match one for one
        expect(other.paragraphs.length).toBe(section.paragraphs.length);
        expect(other.list?.length ?? 0).toBe(section.list?.length ?? 0);
      });
      // every section heading is unique within a game (they are the table of contents)
      for (const lang of LANGS) {
        const headings = rules.sections[lang].map((s) => s.heading);
        expect(new Set(headings).size).toBe(headings.length);
      }
    });

    it(`${game}: the French uses French typography`, () => {
      const fr = raw(game, 'fr');
      expect(fr).not.toMatch(/'/); // typographic apostrophe ’ only
      expect(fr).not.toMatch(/"/); // « » for quotations
      expect(fr).not.toMatch(/[^\u00a0][:;»]/); // a non-breaking space before : ; »
      expect(fr).not.toMatch(/«[^\u00a0]/); // and after «
      expect(fr).not.toMatch(/\d 000/); // 5 000 $, never broken across lines
    });
  }

  it('New York, New York: tiles, hands and pool, run bonuses, the worked example', () => {
    const en = text('nyny', 'en');
    const fr = text('nyny', 'fr');
    for (const t of [en, fr]) {
      expect(t).toContain('48');
      for (const bonus of [': +3', ': +6', ': +10', ': +15', ': +25']) expect(t).toContain(bonus);
      expect(t).toMatch(/6 (tiles|tuiles)|6 en main/);
      expect(t).toContain('1 + 2 + 10 + 11 + 12 = 36');
      expect(t).toMatch(/51/);
      expect(t).toMatch(/1 (to|à) 10/); // rounds option
    }
    expect(en).toContain('Run of 2 tiles: +3.');
    expect(en).toContain('Run of 6 tiles or more: +25.');
    expect(en).toContain('Each player receives 6 tiles in hand');
    expect(en).toContain('The next 6 are laid face up: the pool.');
    expect(en).toMatch(/longer than six tiles scores \+25, once/);
    expect(fr).toContain('Suite de 5 tuiles : +15.');
  });

  it('Manhattan: pieces, cards, rounds, per-round scoring and its decisions', () => {
    const en = text('manhattan', 'en');
    const fr = text('manhattan', 'fr');
    expect(en).toContain(
      '24 building pieces in their colour: eleven of 1 floor, six of 2 floors, four of 3 floors and three of 4 floors (47 floors in all)',
    );
    expect(fr).toContain(
      'onze d’un étage, six de 2 étages, quatre de 3 étages et trois de 4 étages (47 étages en tout)',
    );
    expect(en).toContain('45 building cards: five for each lot number from 1 to 9');
    expect(en).toContain('each player receives 4');
    expect(en).toContain('The game lasts 4 rounds (6 with the six-round option)');
    expect(en).toContain('takes 6 pieces from their reserve (4 with the six-round option)');
    expect(en).toContain('1 point for each building you own.');
    expect(en).toContain('2 points for each city where you own more buildings than every other player.');
    expect(en).toContain('3 points for the owner of the tallest building on the board.');
    expect(fr).toContain('1 point par immeuble');
    expect(fr).toContain('2 points par ville');
    expect(fr).toContain('3 points au propriétaire du plus haut immeuble');
    for (const t of [en, fr]) {
      expect(t).toContain('9 + 2 × 2 + 3 = 16');
      expect(t).toContain('8 + 2 × 2 = 12');
      expect(t).toMatch(/4 (floors|étages)/);
    }
    expect(en).toContain('From the top, card 1 means lot 9; from the left, card 1 means lot 3.');
    expect(en).toMatch(/only if they all belong to the same player; otherwise nobody does/);
    expect(en).toMatch(/smallest remaining chosen piece leaves the game/);
  });

  it('My City: marker, board, scoring formula, tie-break', () => {
    const en = text('mycity', 'en');
    const fr = text('mycity', 'fr');
    expect(en).toContain('starting on 10');
    expect(fr).toContain('commence sur 10');
    expect(en).toContain('10 rows of 12 squares');
    expect(en).toContain('8 residential, 8 public and 8 industrial');
    for (const t of [en, fr]) {
      expect(t).toContain('8 + 7 − 2 − 11 = 2');
      expect(t).toMatch(/1 (to|à) 24/); // episodes option
    }
    expect(en).toContain('never flip it over');
    expect(en).toContain('A player whose marker is on 0 cannot pass');
    expect(en).toContain('fewest empty grass squares in the top row');
  });

  it('Chinatown: money, shops, income table, cards per round, options', () => {
    const en = text('chinatown', 'en');
    const fr = text('chinatown', 'fr');
    expect(en).toContain('85 lots numbered 1 to 85, in 6 blocks');
    expect(en).toContain('90 shop tiles of 12 kinds');
    expect(en).toContain('each player starts with $5,000');
    expect(fr).toContain('5 000 $');
    expect(en).toContain('The game lasts 6 rounds');
    expect(en).toContain(
      'Incomplete shop of 1 tile: $1,000; 2 tiles: $2,000; 3 tiles: $4,000; 4 tiles: $6,000; 5 tiles: $8,000.',
    );
    expect(en).toContain('Complete shop of 3 tiles: $5,000; of 4: $8,000; of 5: $11,000; of 6: $14,000.');
    expect(fr).toContain(
      'Commerce complet de 3 tuiles : 5 000 $ ; de 4 : 8 000 $ ; de 5 : 11 000 $ ; de 6 : 14 000 $.',
    );
    expect(en).toContain(
      '3 players — round 1: draw 7 lot cards, settle 5, draw 7 shop tiles; rounds 2 to 6: draw 6 lot cards, settle 4, draw 4 shop tiles.',
    );
    expect(en).toContain(
      '4 players — round 1: draw 6 lot cards, settle 4, draw 6 shop tiles; rounds 2 to 6: draw 5 lot cards, settle 3, draw 3 shop tiles.',
    );
    expect(en).toContain(
      '5 players — round 1: draw 5 lot cards, settle 3, draw 5 shop tiles; rounds 2 and 3: draw 5 lot cards, settle 3, draw 3 shop tiles; rounds 4 to 6: draw 4 lot cards, settle 2, draw 2 shop tiles.',
    );
    expect(fr).toContain('manches 4 à 6 : 4 cartes, 2 terrains, 2 tuiles');
    expect(en).toContain('3 of them are put away unseen');
    expect(en).toContain('receives $1,000');
    for (const t of [en, fr]) {
      for (const lot of ['1, 2, 3, 6, 7', '63, 64, 68', '77, 78, 80, 82, 84']) expect(t).toContain(lot);
    }
  });
});
