/** The board's pure parts: where things sit on the ring, tiles in colours and words, what the viewer may do now. */
import { SPECTATOR } from '@skyline/engine';
import { nyny } from '@skyline/nyny';
import { keysShown } from '@skyline/engine/testing';
import { describe, expect, it } from 'vitest';
import {
  CITY,
  cityFloor,
  columnX,
  numberFontSize,
  runStretches,
  TILE_H,
  TILE_W,
  tileSkyline,
  TOWER_DEPTH,
  TOWER_W,
} from '../../ui/geometry.js';
import { positionLabel, stackInWords } from '../../ui/labels.js';
import type { LogEntry } from '@skyline/board-kit';
import type { NynyView } from '@skyline/nyny';
import { boxedNumbers, describeEntry } from '../../ui/log.js';
import { colourOf, numberOf, seatColour, tileFill, tileName } from '../../ui/tiles.js';
import { hintOf, offerOf, whyNot } from '../../ui/turn.js';
import type { T } from '../../ui/words.js';
import { CHANCE, lowTilesDeal, newGame, play, playTile } from '../helpers.js';

/** The keys and parameters of the words chosen. */
const t: T = keysShown;

/** Seat 0 holds red 1-6, seat 1 blue 1-6, the pool yellow 1-6; seat 0 begins. */
const deal = lowTilesDeal(0);

/** The corners an SVG path of M, V, h and z commands passes through, absolute. */
function pathPoints(d: string): [number, number][] {
  const points: [number, number][] = [];
  let [x, y] = [0, 0];
  for (const [, command, args] of d.matchAll(/([MVhz])([^MVhz]*)/g)) {
    const values = (args ?? '').trim().split(/[ ,]+/).filter(Boolean).map(Number);
    if (command === 'M') [x, y] = values as [number, number];
    else if (command === 'V') y = values[0] as number;
    else if (command === 'h') x += values[0] as number;
    else continue;
    points.push([x, y]);
  }
  return points;
}

describe("a tile's picture", () => {
  it('prints its little skyline inside the tile, clear of the rounded corners and under the number', () => {
    const [x, y] = [100, 10];
    const points = pathPoints(tileSkyline(x, y, TILE_W, TILE_H));
    expect(points.length).toBeGreaterThan(8);
    // The number's baseline on a hand tile: the middle plus 0.35 of its size of 20.
    const baseline = y + TILE_H / 2 + 0.35 * numberFontSize(7, TILE_W);
    for (const [px, py] of points) {
      // 6 is the tile's corner radius.
      expect(px).toBeGreaterThanOrEqual(x + 4);
      expect(px).toBeLessThanOrEqual(x + TILE_W - 4);
      expect(py).toBeGreaterThan(baseline);
      expect(py).toBeLessThanOrEqual(y + TILE_H - 3);
    }
  });

  it('shrinks a two-digit number on a small tile so that it stays inside (a seat panel\'s "10" ran over its edges)', () => {
    // A hand tile keeps 20 for every number: 2 × 0.62 × 20 = 24.8 fits in 40 − 4.
    expect(numberFontSize(12, TILE_W)).toBe(20);
    expect(numberFontSize(7, 23)).toBe(20);
    // A panel's tile, 23 wide: 19 / 1.24 = 15.3, its two digits 19 wide.
    expect(numberFontSize(10, 23)).toBeCloseTo(15.32, 2);
    expect(2 * 0.62 * numberFontSize(11, 23)).toBeLessThanOrEqual(23 - 4);
  });
});

describe('the city', () => {
  it('puts the twelve positions in a row, 1 on the left, 44 apart, inside the drawing', () => {
    expect([0, 1, 11].map(columnX)).toEqual([36, 80, 520]);
    // A tower, its front 32 wide and its side 8 deep, centred on its column: from 20 left of the centre to 20 right.
    // The last one stays inside, and two neighbours keep 4 between them (44 − 40).
    expect(columnX(11) + 20).toBeLessThan(CITY.width);
    expect(columnX(0) - 20).toBeGreaterThan(0);
    expect(columnX(1) - 20 - (columnX(0) + 20)).toBe(4);
    expect(TOWER_W + TOWER_DEPTH).toBe(40);
  });

  it('keeps floors 39 high until the tallest tower would rise above the sky', () => {
    expect(cityFloor([[], []])).toBe(39);
    // A number's four tiles, stacked: 4 × 39 = 156, the most allowed.
    expect(cityFloor([['r1', 'b1', 'y1', 'g1'], []])).toBe(39);
    expect(cityFloor([['r1', 'b1', 'y1', 'g1', 'r2'], []])).toBe(31.2);
  });

  it('cuts a run that goes round from 12 to 1 into its two stretches of the row', () => {
    expect(runStretches(3, 3)).toEqual([{ from: 3, to: 5 }]);
    expect(runStretches(10, 2)).toEqual([{ from: 10, to: 11 }]);
    // Positions 11, 12, 1 and 2.
    expect(runStretches(10, 4)).toEqual([
      { from: 0, to: 1 },
      { from: 10, to: 11 },
    ]);
  });
});

describe('tiles', () => {
  it("reads a tile's colour and number as the rules do, and names it", () => {
    expect(colourOf('y12')).toBe('y');
    expect(numberOf('y12')).toBe(12);
    expect(tileFill('r3')).toBe('#d33b2c');
    expect(tileFill('nothing')).toBe('#999999');
    expect(tileName('g7', t)).toBe('colour.g 7');
  });

  it("gives each seat its colour's swatch", () => {
    const view = nyny.view(newGame(2, { colours: ['y', 'g'] }), 0);
    expect([seatColour(view, 0), seatColour(view, 1), seatColour(view, 2)]).toEqual([
      '#e8b923',
      '#2e9a4a',
      '#888',
    ]);
  });

  it('names a position by its top tile, its stack and who just played there', () => {
    expect(positionLabel([], 4, undefined, ['Ann', 'Bob'], t)).toBe('nyny.position(n=5): nyny.empty');
    expect(positionLabel(['r5', 'b5'], 4, 1, ['Ann', 'Bob'], t)).toBe(
      'nyny.position(n=5): colour.b 5 — nyny.stack(tiles=colour.r 5, colour.b 5). nyny.justPlayed(who=Bob)',
    );
    expect(stackInWords(['r5', 'b5'], t)).toBe('colour.r 5 → colour.b 5');
    expect(stackInWords([], t)).toBe('nyny.empty');
  });
});

describe("the viewer's turn", () => {
  it('offers the hand to play, then the pool to take, and says so', () => {
    let state = play(newGame(2), [CHANCE, deal]);
    let view = nyny.view(state, 0);
    let offer = offerOf(nyny.legalMoves(state, 0));
    expect([...offer.playable]).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
    expect(offer.canPass).toBe(true);
    expect(hintOf(view, offer, t)).toBe('nyny.playHint');
    const context = { view, offer, t, names: ['Ann', 'Bob'], status: null };
    expect(whyNot('pool', context)).toBe('why.playFirst');

    state = play(state, [0, playTile('r3')]);
    view = nyny.view(state, 0);
    offer = offerOf(nyny.legalMoves(state, 0));
    expect([...offer.takeable]).toEqual(['y1', 'y2', 'y3', 'y4', 'y5', 'y6']);
    expect(hintOf(view, offer, t)).toBe('nyny.takeHint');
    expect(whyNot('hand', { ...context, view, offer })).toBe('why.takeFirst');

    // The other seat waits, and is told for whom.
    const other = nyny.view(state, 1);
    const none = offerOf(nyny.legalMoves(state, 1));
    expect(hintOf(other, none, t)).toBeNull();
    const status = { over: false, active: [0], scores: [3, 0], winners: [] };
    expect(whyNot('hand', { view: other, offer: none, t, names: ['Ann', 'Bob'], status })).toBe(
      'why.notYourTurn(who=Ann)',
    );
    // A spectator is told nothing.
    expect(whyNot('hand', { ...context, view: nyny.view(state, SPECTATOR) })).toBeNull();
  });

  it('says which tile the viewer chose in secret, everyone choosing at once', () => {
    const state = play(newGame(2, { variant: 'simultaneous' }), [CHANCE, deal], [0, playTile('r4')]);
    const view = nyny.view(state, 0);
    const offer = offerOf(nyny.legalMoves(state, 0));
    expect(hintOf(view, offer, t)).toBe('nyny.chosenHint(tile=colour.r 4)');
    expect(whyNot('hand', { view, offer, t, names: [], status: null })).toBe('why.chosen');
  });
});

describe('the log in words', () => {
  it('tells deals, plays, public takes, passes and secret choices', () => {
    const names = ['Ann', 'Bob'];
    expect(describeEntry({ chance: { type: 'deal', first: 1 } }, names, t)).toBe('nyny.log.deal(who=Bob)');
    expect(describeEntry({ seat: 0, move: { type: 'play', tile: 'r2' } }, names, t)).toBe(
      'nyny.log.play(who=Ann,tile=colour.r 2)',
    );
    expect(describeEntry({ seat: 1, move: { type: 'take', tile: 'b4' } }, names, t)).toBe(
      'nyny.log.take(who=Bob,tile=colour.b 4)',
    );
    expect(describeEntry({ seat: 1, move: { type: 'pass' } }, names, t)).toBe('nyny.log.pass(who=Bob)');
    expect(describeEntry({ seat: 1, move: { type: 'hidden' } }, names, t)).toBe('nyny.log.hidden(who=Bob)');
    expect(describeEntry({ seat: 1, move: { type: 'other' } }, names, t)).toBeNull();
  });

  describe('everyone at once: a turn revealed together', () => {
    const names = ['Ann', 'Bob', 'Cy'];
    const simultaneous = { options: { variant: 'simultaneous' }, phase: 'take', turnStart: 1 } as NynyView;
    const choice = (seat: number, tile?: string): LogEntry =>
      tile ? { seat, move: { type: 'play', tile } } : { seat, move: { type: 'pass' } };
    const lines = (log: LogEntry[], view: NynyView) =>
      log.map((entry, index) => describeEntry(entry, names, t, { log, index, view }));

    it('says the turn once, on its last choice: who revealed what, and the numbers that went to the box', () => {
      const log: LogEntry[] = [
        { chance: { type: 'deal', first: 0 } },
        choice(2, 'y11'),
        choice(0, 'r3'),
        choice(1, 'b11'),
      ];
      expect(lines(log, simultaneous)).toEqual([
        'nyny.log.deal(who=Ann)',
        null,
        null,
        'nyny.log.revealed(choices=nyny.log.revealedTile(who=Cy,tile=colour.y 11), ' +
          'nyny.log.revealedTile(who=Ann,tile=colour.r 3), nyny.log.revealedTile(who=Bob,tile=colour.b 11)) ' +
          'nyny.log.boxed2(n=11)',
      ]);
    });

    it('counts three of a number, tells passes, and splits turns that follow each other without a take', () => {
      // The pool is empty: the next turn (Ann and Bob, Cy passed) follows directly.
      const log: LogEntry[] = [
        { chance: { type: 'deal', first: 0 } },
        { seat: 0, move: { type: 'take', tile: 'g1' } },
        choice(0, 'r7'),
        choice(2, 'y7'),
        choice(1, 'b7'),
        choice(1, 'b2'),
        choice(2),
        choice(0, 'r9'),
        choice(1, 'b5'),
        choice(0, 'r5'),
      ];
      const view = { ...simultaneous, phase: 'over' } as NynyView;
      const said = lines(log, view);
      expect(said[4]).toBe(
        'nyny.log.revealed(choices=nyny.log.revealedTile(who=Ann,tile=colour.r 7), ' +
          'nyny.log.revealedTile(who=Cy,tile=colour.y 7), nyny.log.revealedTile(who=Bob,tile=colour.b 7)) ' +
          'nyny.log.boxed3(n=7)',
      );
      expect(said[7]).toBe(
        'nyny.log.revealed(choices=nyny.log.revealedTile(who=Bob,tile=colour.b 2), nyny.log.pass(who=Cy), ' +
          'nyny.log.revealedTile(who=Ann,tile=colour.r 9))',
      );
      expect(said[9]).toContain('nyny.log.boxed2(n=5)');
      expect(said.filter((line) => line !== null)).toHaveLength(5);
    });

    it('before the reveal, tells the viewer its own choice and of the others only that they chose', () => {
      const log: LogEntry[] = [
        { chance: { type: 'deal', first: 0 } },
        { seat: 1, move: { type: 'hidden' } },
        choice(0, 'r3'),
      ];
      const choosing = { ...simultaneous, phase: 'choose' } as NynyView;
      expect(lines(log, choosing)).toEqual([
        'nyny.log.deal(who=Ann)',
        'nyny.log.hidden(who=Bob)',
        'nyny.log.chose(who=Ann,tile=colour.r 3)',
      ]);
      // Only the viewer has chosen so far: nothing hidden in the log yet, and still no reveal.
      expect(lines([log[0]!, choice(0)], choosing)[1]).toBe('nyny.log.chosePass(who=Ann)');
    });
  });
});

describe('the numbers revealed more than once in a turn (they go to the box)', () => {
  it('lists each number revealed twice or more, lowest first, with how many', () => {
    expect(boxedNumbers(['r7', 'b11', 'y7', 'g11', 'r11', 'b2'])).toEqual([
      { number: 7, count: 2 },
      { number: 11, count: 3 },
    ]);
    expect(boxedNumbers(['r1', 'b2'])).toEqual([]);
  });
});
