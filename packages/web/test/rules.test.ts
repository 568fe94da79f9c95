/**
 * The rules pages: both languages with matching sections, and the facts they state (counts, scores, option ranges,
 * seat counts) checked against the constants the games' engines play by, so that the page and the rules cannot drift.
 */
import {
  BLOCK,
  COMPLETE,
  ECONOMY_PUT_AWAY,
  INCOMPLETE,
  KIND_COUNT,
  LOT_COUNT,
  NO_STREET_ACCESS_LOTS,
  ROUNDS,
  SHOP_TILE_COUNT,
  START_MONEY,
  lotCardsOf,
  shopTilesOf,
} from '@skyline/chinatown';
import type { OptionDeclaration } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import {
  CARD_NUMBERS,
  CARDS_PER_NUMBER,
  DECK,
  HAND_SIZE as MANHATTAN_HAND,
  MAX_FLOORS,
  PIECES_PER_SEAT,
  PIECE_COUNT,
  piecesPerRound,
  roundsOf,
} from '@skyline/manhattan';
import { BUILDING_KINDS, COLS, ROWS, START_MARKER } from '@skyline/mycity';
import { HAND_SIZE as NYNY_HAND, POOL_SIZE, TILE_COUNT, runBonus } from '@skyline/nyny';
import { describe, expect, it } from 'vitest';
import { CLIENT_GAMES, type RulesSection } from '@skyline/games/client';

/** Each game's rules page as its package writes it (`text/rules.<lang>.json`), with its title. */
const RULES: Record<
  string,
  { title: string; players: string; sections: Record<'en' | 'fr', RulesSection[]> }
> = Object.fromEntries(
  await Promise.all(
    CLIENT_GAMES.map(async (game) => {
      const [en, fr] = await Promise.all([game.rules.en(), game.rules.fr()]);
      if (fr.players !== en.players) throw new Error(`${game.id}: the rules' seat counts differ in French`);
      const rules = {
        title: game.text.en.title,
        players: en.players,
        sections: { en: en.sections, fr: fr.sections },
      };
      return [game.id, rules] as const;
    }),
  ),
);

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
  it('cover every game the server plays (the four of the platform today)', () => {
    // The pages are read through the client registry: a game not listed there yet has none.
    expect(
      [...GAMES.keys()].filter((id) => !(id in RULES)),
      'games the server plays whose rules pages this test cannot read: not in CLIENT_GAMES ' +
        '(packages/games/registry/client/index.ts, docs/adding-a-game.md, step 7)',
    ).toEqual([]);
    expect(Object.keys(RULES).sort()).toEqual([...GAMES.keys()].sort());
    expect(Object.keys(RULES).length).toBeGreaterThanOrEqual(4);
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

  it('state the seat counts the games are played by', () => {
    for (const [id, rules] of Object.entries(RULES)) {
      const game = GAMES.get(id)!;
      expect(rules.players).toBe(`${game.minPlayers}–${game.maxPlayers}`);
    }
  });

  it('New York, New York: tiles, hands and pool, run bonuses, the worked example', () => {
    const en = text('nyny', 'en');
    const fr = text('nyny', 'fr');
    const rounds = range('nyny', 'rounds');
    for (const t of [en, fr]) {
      expect(t).toContain(String(TILE_COUNT));
      for (let run = 2; run <= 6; run++) expect(t).toContain(`: +${runBonus(run)}`);
      expect(t).toMatch(new RegExp(`${NYNY_HAND} (tiles|tuiles)|${NYNY_HAND} en main`));
      expect(1 + 2 + 10 + 11 + 12).toBe(36); // the worked example's sum, as printed below
      expect(t).toContain('1 + 2 + 10 + 11 + 12 = 36');
      expect(t).toMatch(new RegExp(`${rounds.min} (to|à) ${rounds.max}`)); // rounds option
    }
    for (let run = 2; run <= 5; run++) expect(en).toContain(`Run of ${run} tiles: +${runBonus(run)}.`);
    expect(en).toContain(`Run of 6 tiles or more: +${runBonus(6)}.`);
    expect(runBonus(9)).toBe(runBonus(6));
    expect(en).toMatch(new RegExp(`longer than six tiles scores \\+${runBonus(7)}, once`));
    expect(en).toContain(`Each player receives ${NYNY_HAND} tiles in hand`);
    expect(en).toContain(`The next ${POOL_SIZE} are laid face up: the pool.`);
    expect(fr).toContain(`Suite de 5 tuiles : +${runBonus(5)}.`);
  });

  it('Manhattan: pieces, cards, rounds, per-round scoring and its decisions', () => {
    const en = text('manhattan', 'en');
    const fr = text('manhattan', 'fr');
    const floors = PIECES_PER_SEAT.reduce((sum, count, k) => sum + count * (k + 1), 0);
    const [one, two, three, four] = PIECES_PER_SEAT.map((count) => count);
    expect(en).toContain(
      `${PIECE_COUNT} building pieces in their colour: ${EN[one!]} of 1 floor, ${EN[two!]} of 2 floors, ` +
        `${EN[three!]} of 3 floors and ${EN[four!]} of 4 floors (${floors} floors in all)`,
    );
    expect(fr).toContain(
      `${FR[one!]} d’un étage, ${FR[two!]} de 2 étages, ${FR[three!]} de 3 étages et ${FR[four!]} de 4 étages (${floors} étages en tout)`,
    );
    expect(new Set(CARDS_PER_NUMBER).size).toBe(1); // as many cards of each number
    expect(en).toContain(
      `${DECK.length} building cards: ${EN[CARDS_PER_NUMBER[0]!]} for each lot number from 1 to ${CARD_NUMBERS}`,
    );
    expect(en).toContain(`each player receives ${MANHATTAN_HAND}`);
    const four_ = { sixrounds: false, perspective: false };
    const six = { sixrounds: true, perspective: false };
    expect(en).toContain(
      `The game lasts ${roundsOf(four_)} rounds (${roundsOf(six)} with the six-round option)`,
    );
    expect(en).toContain(
      `takes ${piecesPerRound(four_)} pieces from their reserve (${piecesPerRound(six)} with the six-round option)`,
    );
    // The scoring's points and worked examples are rules text, checked by the scoring tests of the game.
    expect(en).toContain('1 point for each building you own.');
    expect(en).toContain('2 points for each city where you own more buildings than every other player.');
    expect(en).toContain('3 points for the owner of the tallest building on the board.');
    expect(fr).toContain('1 point par immeuble');
    expect(fr).toContain('2 points par ville');
    expect(fr).toContain('3 points au propriétaire du plus haut immeuble');
    for (const t of [en, fr]) {
      expect(t).toContain('9 + 2 × 2 + 3 = 16');
      expect(t).toContain('8 + 2 × 2 = 12');
      expect(t).toMatch(new RegExp(`${MAX_FLOORS} (floors|étages)`));
    }
    expect(en).toContain('From the top, card 1 means lot 9; from the left, card 1 means lot 3.');
    expect(en).toMatch(/only if they all belong to the same player; otherwise nobody does/);
    expect(en).toMatch(/smallest remaining chosen piece leaves the game/);
  });

  it('My City: marker, board, scoring formula, tie-break', () => {
    const en = text('mycity', 'en');
    const fr = text('mycity', 'fr');
    const episodes = range('mycity', 'episodes');
    const count = (kind: string) => BUILDING_KINDS.filter((k) => k === kind).length;
    expect(en).toContain(`starting on ${START_MARKER}`);
    expect(fr).toContain(`commence sur ${START_MARKER}`);
    expect(en).toContain(`${ROWS} rows of ${COLS} squares`);
    expect(en).toContain(
      `${count('residential')} residential, ${count('public')} public and ${count('industrial')} industrial`,
    );
    for (const t of [en, fr]) {
      expect(t).toContain('8 + 7 − 2 − 11 = 2');
      expect(t).toMatch(new RegExp(`${episodes.min} (to|à) ${episodes.max}`)); // episodes option
    }
    expect(en).toContain('never flip it over');
    expect(en).toContain('A player whose marker is on 0 cannot pass');
    expect(en).toContain('fewest empty grass squares in the top row');
  });

  it('Chinatown: money, shops, income table, cards per round, options', () => {
    const en = text('chinatown', 'en');
    const fr = text('chinatown', 'fr');
    const blocks = new Set(BLOCK.slice(1)).size;
    expect(en).toContain(`${LOT_COUNT} lots numbered 1 to ${LOT_COUNT}, in ${blocks} blocks`);
    expect(en).toContain(`${SHOP_TILE_COUNT} shop tiles of ${KIND_COUNT} kinds`);
    expect(en).toContain(`each player starts with ${usd(START_MONEY)}`);
    expect(fr).toContain(dollarsFr(START_MONEY));
    expect(en).toContain(`The game lasts ${ROUNDS} rounds`);
    const incomplete = [1, 2, 3, 4, 5].map((n) => `${n} tile${n > 1 ? 's' : ''}: ${usd(INCOMPLETE[n]!)}`);
    expect(en).toContain(`Incomplete shop of ${incomplete.join('; ')}.`);
    const complete = [3, 4, 5, 6].map((m) => `${m === 3 ? `${m} tiles` : `of ${m}`}: ${usd(COMPLETE[m]!)}`);
    expect(en).toContain(`Complete shop of ${complete.join('; ')}.`);
    const completeFr = [3, 4, 5, 6].map(
      (m) => `${m === 3 ? `${m} tuiles` : `de ${m}`} : ${dollarsFr(COMPLETE[m]!)}`,
    );
    expect(fr).toContain(`Commerce complet de ${completeFr.join(' ; ')}.`);
    for (const players of [3, 4, 5]) expect(en).toContain(`${players} players — ${cardsPerRound(players)}.`);
    const last = roundGroups(5).at(-1)!;
    expect(fr).toContain(
      `manches ${last.from} à ${last.to} : ${last.draw} cartes, ${last.settle} terrains, ${last.tiles} tuiles`,
    );
    expect(en).toContain(`${ECONOMY_PUT_AWAY} of them are put away unseen`);
    expect(en).toContain('receives $1,000');
    for (const t of [en, fr]) {
      for (const lots of Object.values(NO_STREET_ACCESS_LOTS)) expect(t).toContain(lots.join(', '));
    }
  });
});

/** Number words, for the prose that spells counts out. */
const EN = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
];
const FR = [
  'zéro',
  'un',
  'deux',
  'trois',
  'quatre',
  'cinq',
  'six',
  'sept',
  'huit',
  'neuf',
  'dix',
  'onze',
  'douze',
];

/** `$5,000`, as the English page writes dollars. */
const usd = (amount: number): string => `$${amount.toLocaleString('en-US')}`;
/** `5 000 $`, as the French page writes them (its non-breaking spaces read as spaces). */
const dollarsFr = (amount: number): string => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} $`;

/** The range a game declares for a number option. */
function range(game: string, name: string): { min: number; max: number } {
  const option = GAMES.get(game)?.options.find((o: OptionDeclaration) => o.name === name);
  if (option?.kind !== 'number') throw new Error(`${game} has no number option ${name}`);
  return option;
}

/** Chinatown's rounds grouped where a seat draws and settles the same: `{from, to, draw, settle, tiles}`. */
function roundGroups(players: number) {
  const groups: { from: number; to: number; draw: number; settle: number; tiles: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const { draw, settle } = lotCardsOf(players, round, false);
    const tiles = shopTilesOf(players, round);
    const previous = groups.at(-1);
    if (previous && previous.draw === draw && previous.settle === settle && previous.tiles === tiles)
      previous.to = round;
    else groups.push({ from: round, to: round, draw, settle, tiles });
  }
  return groups;
}

/** `round 1: draw 7 lot cards, settle 5, draw 7 shop tiles; rounds 2 to 6: ...`, from the engine's tables. */
function cardsPerRound(players: number): string {
  return roundGroups(players)
    .map(({ from, to, draw, settle, tiles }) => {
      const rounds =
        from === to
          ? `round ${from}`
          : to === from + 1
            ? `rounds ${from} and ${to}`
            : `rounds ${from} to ${to}`;
      return `${rounds}: draw ${draw} lot cards, settle ${settle}, draw ${tiles} shop tiles`;
    })
    .join('; ');
}
