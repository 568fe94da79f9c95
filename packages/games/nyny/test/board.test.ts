/** What the board reads from the rules (`@skyline/nyny/board`): tiles' faces and the round's score of a view. */
import { nyny, skylineScores, TILE_IDS } from '@skyline/nyny';
import { roundScores, tileFace } from '@skyline/nyny/board';
import { describe, expect, it } from 'vitest';
import { CHANCE, PASS, lowTilesDeal, newGame, play, playTile, takeTile } from './helpers.js';

describe("the board's reading of a view (the ./board entry point)", () => {
  it("names every tile's face by its colour letter and its number, and no face for what is not a tile", () => {
    expect(tileFace('r1')).toEqual({ colour: 'r', number: 1 });
    expect(tileFace('g12')).toEqual({ colour: 'g', number: 12 });
    expect(tileFace('b7')).toEqual({ colour: 'b', number: 7 });
    for (const id of TILE_IDS) {
      const face = tileFace(id);
      expect(`${face?.colour}${face?.number}`).toBe(id);
    }
    expect(tileFace('x1')).toBeUndefined();
    expect(tileFace('r13')).toBeUndefined();
    expect(tileFace(null)).toBeUndefined();
  });

  it("gives the round's score: the skyline's now, the last round's between rounds and at the end, 0 before any", () => {
    let state = newGame(2, { rounds: 2 });
    expect(roundScores(nyny.view(state, 0))).toEqual([0, 0]);
    state = play(
      state,
      [CHANCE, lowTilesDeal(1)],
      [1, playTile('b1')],
      [1, takeTile('y1')],
      [0, playTile('r2')],
    );
    const playing = nyny.view(state, 0);
    const skyline = state.skyline;
    expect(roundScores(playing)).toEqual(skylineScores(skyline, state.options.colours, state.options.bonus));
    expect(roundScores(playing)).toEqual([2, 1]);
    state = play(state, [0, takeTile('y2')], [1, PASS], [0, PASS]);
    expect(state.phase).toBe('deal');
    expect(roundScores(nyny.view(state, 1))).toEqual([2, 1]);
    state = play(state, [CHANCE, lowTilesDeal(0)], [0, playTile('r6')]);
    expect(roundScores(nyny.view(state, 1))).toEqual([6, 0]);
    expect(nyny.view(state, 1).scores).toEqual([8, 1]);
    state = play(state, [0, takeTile('y1')], [1, playTile('b2')], [1, takeTile('y2')], [0, PASS], [1, PASS]);
    expect(state.phase).toBe('over');
    expect(roundScores(nyny.view(state, 0))).toEqual(state.history[1]);
  });
});
