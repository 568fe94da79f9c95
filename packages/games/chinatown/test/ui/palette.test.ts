/**
 * The shop kinds' colours as people with the common colour-vision deficiencies see them: every two kinds, and each
 * kind and every seat's colour (a lot's edge, its owner's dot), must stay apart. Restaurant and Radio were both
 * magenta, Dry cleaner and Agency both orange, Sporting goods the yellow seat's colour.
 */
import { KIND_IDS } from '@skyline/chinatown';
import { SEAT_COLOURS } from '@skyline/board-kit';
import { describe, expect, it } from 'vitest';
import { ICON_KINDS } from '../../ui/icons.js';
import { KIND_COLOURS, kindColour } from '../../ui/pieces.js';
import { ciede2000, MACHADO, seenDifference, seenLab, VISIONS } from './colour-vision.js';

/** The least CIEDE2000 difference between two colours the board tells apart by colour, for every vision. */
const MIN_DIFFERENCE = 10;
/** Chinatown seats five at most: the first five seat colours. */
const SEATS = SEAT_COLOURS.slice(0, 5);

describe('the colour science the palette is checked with', () => {
  it('gives CIEDE2000 differences of the published test pairs (Sharma, Wu and Dalal 2005, pairs 1, 2, 7 and 34)', () => {
    expect(ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4);
    expect(ciede2000([50, -1.3802, -84.2814], [50, 0, -82.7485])).toBeCloseTo(1.0, 4);
    expect(ciede2000([50, 0, 0], [50, -1, 2])).toBeCloseTo(2.3669, 4);
    expect(ciede2000([2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514])).toBeCloseTo(0.9082, 4);
  });

  it('keeps white white for every deficiency (each Machado row sums to 1), and shows red and green alike to a deuteranope', () => {
    for (const matrix of Object.values(MACHADO))
      for (const row of matrix) expect(row[0] + row[1] + row[2]).toBeCloseTo(1, 5);
    expect(seenLab('#ffffff', 'tritanopia')[0]).toBeCloseTo(100, 3);
    // A brick red and an olive green, the classic confusion: far apart normally, close as a deuteranope sees them.
    expect(seenDifference('#c0392b', '#6b8e23', 'normal')).toBeGreaterThan(40);
    expect(seenDifference('#c0392b', '#6b8e23', 'deuteranopia')).toBeLessThan(15);
  });

  it('finds the old palette’s look-alikes: Restaurant and Radio, Sporting goods and the yellow seat', () => {
    expect(seenDifference('#e7298a', '#f0027f', 'protanopia')).toBeLessThan(3);
    expect(seenDifference('#e6ab02', '#e0a800', 'normal')).toBeLessThan(2);
  });
});

describe('the shop kinds’ colours', () => {
  it('gives every kind of the data a colour and an icon', () => {
    expect(KIND_COLOURS).toHaveLength(KIND_IDS.length);
    expect([...ICON_KINDS].sort()).toEqual([...KIND_IDS].sort());
  });

  for (const vision of VISIONS) {
    it(`keeps every two kinds at least ${MIN_DIFFERENCE} apart (CIEDE2000) in ${vision} vision`, () => {
      const close: string[] = [];
      for (const [i, x] of KIND_IDS.entries())
        for (const y of KIND_IDS.slice(i + 1)) {
          const d = seenDifference(kindColour(x), kindColour(y), vision);
          if (d < MIN_DIFFERENCE) close.push(`${x}/${y}: ${d.toFixed(1)}`);
        }
      expect(close).toEqual([]);
    });

    it(`keeps every kind at least ${MIN_DIFFERENCE} from every seat's colour in ${vision} vision`, () => {
      const close: string[] = [];
      for (const kind of KIND_IDS)
        for (const [seat, colour] of SEATS.entries()) {
          const d = seenDifference(kindColour(kind), colour, vision);
          if (d < MIN_DIFFERENCE) close.push(`${kind}/seat ${seat}: ${d.toFixed(1)}`);
        }
      expect(close).toEqual([]);
    });
  }
});
