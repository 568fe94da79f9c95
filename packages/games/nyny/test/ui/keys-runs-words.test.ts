/**
 * The board's keys (`ui/keys.ts`), the runs it marks (the rules' `scoringRuns`), and the simultaneous log in the
 * players' own words, English and French, checked against what the rules put in the box.
 */
import type { LogEntry } from '@skyline/board-kit';
import { colourScore, nyny, topTiles, type NynyView } from '@skyline/nyny';
import { scoringRuns } from '@skyline/nyny/board';
import { describe, expect, it } from 'vitest';
import en from '../../text/en.json' with { type: 'json' };
import fr from '../../text/fr.json' with { type: 'json' };
import { keyAction, type KeyContext } from '../../ui/keys.js';
import { describeEntry } from '../../ui/log.js';
import type { T } from '../../ui/words.js';
import { CHANCE, dealOf, newGame, play, playTile, takeTile, tileOf } from '../helpers.js';

/** The game's words in a language, their `{slots}` filled (New York's words have no plural forms). */
const words =
  (dictionary: { words: Record<string, string> }): T =>
  (key, params) =>
    (dictionary.words[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) =>
      String(params?.[name] ?? `{${name}}`),
    );

describe("the board's keys: a move in four keys at most", () => {
  const playing: KeyContext = {
    counts: { positions: 12, hand: 6, pool: 6 },
    focused: { row: 'hand', index: 0 },
    asked: 'hand',
    canPass: true,
  };

  it('picks the k-th tile of the row asked for with a digit, whatever has the focus', () => {
    expect(keyAction('3', playing)).toEqual({ focus: 'hand', index: 2 });
    expect(keyAction('3', { ...playing, focused: { row: 'positions', index: 7 } })).toEqual({
      focus: 'hand',
      index: 2,
    });
    const taking = { ...playing, counts: { positions: 12, hand: 0, pool: 6 }, asked: 'pool' as const };
    expect(keyAction('6', taking)).toEqual({ focus: 'pool', index: 5 });
  });

  it('ignores a digit past the end of the row (a hand of 4 has no fifth tile), and P when passing is not allowed', () => {
    expect(keyAction('5', { ...playing, counts: { positions: 12, hand: 4, pool: 6 } })).toBeNull();
    expect(keyAction('0', playing)).toBeNull();
    expect(keyAction('p', playing)).toEqual({ pass: true });
    expect(keyAction('P', { ...playing, canPass: false })).toBeNull();
  });

  it('moves along a row with the arrows, going round, and to its ends with Home and End', () => {
    expect(keyAction('ArrowRight', playing)).toEqual({ focus: 'hand', index: 1 });
    expect(keyAction('ArrowLeft', playing)).toEqual({ focus: 'hand', index: 5 });
    const twelve = { ...playing, focused: { row: 'positions' as const, index: 11 } };
    expect(keyAction('ArrowRight', twelve)).toEqual({ focus: 'positions', index: 0 });
    expect(keyAction('End', playing)).toEqual({ focus: 'hand', index: 5 });
    expect(keyAction('Home', twelve)).toEqual({ focus: 'positions', index: 0 });
  });

  it('goes between the positions, the hand and the pool with up and down, skipping a row with nothing to press', () => {
    // Position 12 (index 11 of 12) is over the hand's last tile; position 7 (index 6) over its fourth (6/11 × 5 ≈ 2.7, rounded to 3).
    expect(keyAction('ArrowDown', { ...playing, focused: { row: 'positions', index: 11 } })).toEqual({
      focus: 'hand',
      index: 5,
    });
    expect(keyAction('ArrowDown', { ...playing, focused: { row: 'positions', index: 6 } })).toEqual({
      focus: 'hand',
      index: 3,
    });
    expect(keyAction('ArrowUp', playing)).toEqual({ focus: 'positions', index: 0 });
    // While taking, the hand has no buttons: down from the positions goes to the pool.
    const taking: KeyContext = {
      counts: { positions: 12, hand: 0, pool: 5 },
      focused: { row: 'positions', index: 0 },
      asked: 'pool',
      canPass: false,
    };
    expect(keyAction('ArrowDown', taking)).toEqual({ focus: 'pool', index: 0 });
    expect(keyAction('ArrowDown', { ...taking, focused: { row: 'pool', index: 2 } })).toBeNull();
  });

  it('from the board itself, an arrow goes to the first choice asked for; other keys are left to the page', () => {
    expect(keyAction('ArrowDown', { ...playing, focused: null })).toEqual({ focus: 'hand', index: 0 });
    expect(keyAction('a', playing)).toBeNull();
    expect(keyAction('Enter', playing)).toBeNull();
  });
});

describe('the runs the city marks', () => {
  // The rules page's example, top tiles of positions 1 to 12: r1 r2 b3 b4 b5 (empty) y7 g8 g9 r10 r11 r12.
  const skyline = [
    ['r1'],
    ['r2'],
    ['b3'],
    ['b4'],
    ['b5'],
    [],
    ['y7'],
    ['g8'],
    ['g9'],
    ['r10'],
    ['r11'],
    ['r12'],
  ];

  it("are the players' runs of two or more, one going round from 12 to 1, with the rules page's bonuses", () => {
    const view = { skyline, options: { bonus: true, colours: ['r', 'b'] } } as unknown as NynyView;
    expect(scoringRuns(view)).toEqual([
      { seat: 0, start: 9, length: 5, bonus: 15 },
      { seat: 1, start: 2, length: 3, bonus: 6 },
    ]);
    // The same bonuses as the score: red 36 + 15 = 51, blue 12 + 6 = 18 (the rules page's figures).
    const tops = topTiles(skyline.map((stack) => stack.map((id) => tileOf(id)!)));
    expect([colourScore(tops, 0, true), colourScore(tops, 1, true)]).toEqual([51, 18]);
  });

  it('leave out the neutral colours, and are none without the bonus rule', () => {
    const green = { skyline, options: { bonus: true, colours: ['g', 'y'] } } as unknown as NynyView;
    expect(scoringRuns(green)).toEqual([{ seat: 0, start: 7, length: 2, bonus: 3 }]);
    const basic = { skyline, options: { bonus: false, colours: ['r', 'b'] } } as unknown as NynyView;
    expect(scoringRuns(basic)).toEqual([]);
  });
});

describe('the simultaneous log says what was revealed together and what went to the box, in English and French', () => {
  const names = ['Ann', 'Bob'];
  const deal = dealOf(
    2,
    [
      ['r1', 'r2', 'r3', 'r4', 'r5', 'r6'],
      ['b1', 'b2', 'b3', 'b4', 'b5', 'b6'],
    ],
    ['y1', 'y2', 'y3', 'y4', 'y5', 'y6'],
  );
  // Both choose a 3 (to the box), both take, then Ann a 4 and Bob a 5 (placed).
  const moves: [number, ReturnType<typeof playTile>][] = [
    [1, playTile('b3')],
    [0, playTile('r3')],
    [0, takeTile('y1')],
    [1, takeTile('y2')],
    [0, playTile('r4')],
    [1, playTile('b5')],
  ];
  const state = play(newGame(2, { variant: 'simultaneous' }), [CHANCE, deal], ...moves);
  const log: LogEntry[] = [
    { chance: { type: 'deal', first: 0 } },
    ...moves.map(([seat, move]) => ({ seat, move: { ...move } })),
  ];
  const view = nyny.view(state, 0);
  const lines = (t: T) =>
    log.map((entry, index) => describeEntry(entry, names, t, { log, index, view })).filter(Boolean);

  it('in English: "Revealed together", "Both 3s go to the box", never "plays"', () => {
    expect(lines(words(en))).toEqual([
      'New round: tiles dealt, Ann starts',
      'Revealed together: Bob blue 3, Ann red 3. Both 3s go to the box.',
      'Ann takes yellow 1',
      'Bob takes yellow 2',
      'Revealed together: Ann red 4, Bob blue 5.',
    ]);
  });

  it('in French: « Choix révélés ensemble », « Les deux tuiles 3 sont écartées »', () => {
    expect(lines(words(fr))).toEqual([
      'Nouvelle manche : tuiles distribuées, Ann commence',
      'Choix révélés ensemble : Bob bleu 3, Ann rouge 3. Les deux tuiles 3 sont écartées.',
      'Ann prend jaune 1',
      'Bob prend jaune 2',
      'Choix révélés ensemble : Ann rouge 4, Bob bleu 5.',
    ]);
  });

  it('says of the box exactly what the rules put there: the two 3s, and not the 4 and the 5 placed', () => {
    expect(view.box.slice().sort()).toEqual(['b3', 'r3']);
    expect(view.skyline[3]).toEqual(['r4']);
    expect(view.skyline[4]).toEqual(['b5']);
  });
});
