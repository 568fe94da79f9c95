/**
 * My City's building kinds told apart without colour: the kinds' colours as people with protanopia or deuteranopia
 * see them (CIEDE2000, with Chinatown's colour-vision helper), and a mark per kind wherever two kinds' colours fall
 * under the threshold. The absence reproduced: public (pink) and industrial (slate) read as one colour to a player
 * with protanopia (about 5 apart), and nothing else on the board told them apart.
 */
import { BUILDING_KINDS, BUILDING_IDS } from '@skyline/mycity';
import { describe, expect, it } from 'vitest';
import { seenDifference } from '../../chinatown/test/ui/colour-vision.js';
import { BUILDING_KIND_LOOKS, buildingFill, buildingMark } from '../ui/look.js';

/** Chinatown's palette threshold: two colours closer than this are not told apart by colour alone. */
const MIN_DIFFERENCE = 10;
const DEFICIENCIES = ['protanopia', 'deuteranopia'] as const;

/** The pairs of kinds whose colours fall under the threshold for a viewer with `vision`. */
function closePairs(vision: (typeof DEFICIENCIES)[number]): [string, string, number][] {
  const close: [string, string, number][] = [];
  for (const [i, x] of BUILDING_KIND_LOOKS.entries())
    for (const y of BUILDING_KIND_LOOKS.slice(i + 1)) {
      const d = seenDifference(x.fill, y.fill, vision);
      if (d < MIN_DIFFERENCE) close.push([x.kind, y.kind, d]);
    }
  return close;
}

describe('the building kinds, told apart without their colours', () => {
  it('gives every kind of the game a look with its own mark, and every building its kind’s fill and mark', () => {
    expect(BUILDING_KIND_LOOKS.map((look) => look.kind).sort()).toEqual([...new Set(BUILDING_KINDS)].sort());
    expect(new Set(BUILDING_KIND_LOOKS.map((look) => look.mark)).size).toBe(BUILDING_KIND_LOOKS.length);
    for (const [k, id] of BUILDING_IDS.entries()) {
      const look = BUILDING_KIND_LOOKS.find((l) => l.kind === BUILDING_KINDS[k]);
      expect(look, id).toBeDefined();
      expect(buildingFill(id)).toBe(look!.fill);
      expect(buildingMark(id)).toBe(look!.mark);
    }
  });

  it('finds pink and slate (public and industrial) too close under protanopia, though apart in normal vision', () => {
    // The helper is checked against published CIEDE2000 pairs in Chinatown's palette test.
    expect(seenDifference('#f19cc3', '#8b9ab0', 'normal')).toBeGreaterThan(MIN_DIFFERENCE);
    expect(closePairs('protanopia').map(([x, y]) => `${x}/${y}`)).toContain('public/industrial');
  });

  for (const vision of DEFICIENCIES)
    it(`marks every two kinds differently where their colours are under ${MIN_DIFFERENCE} apart in ${vision}`, () => {
      for (const [x, y, d] of closePairs(vision)) {
        const markOf = (kind: string) => BUILDING_KIND_LOOKS.find((look) => look.kind === kind)?.mark;
        expect(markOf(x), `${x}/${y}: ${d.toFixed(1)}`).toBeDefined();
        expect(markOf(x), `${x}/${y}: ${d.toFixed(1)}`).not.toBe(markOf(y));
      }
    });
});
