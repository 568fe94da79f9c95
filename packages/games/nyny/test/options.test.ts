import { describe, expect, it } from 'vitest';
import { nyny } from '@skyline/nyny';

describe('options (spec: Options)', () => {
  it('fills every default: classic, 1 round, colours r b y g cut to the seat count, bonus on', () => {
    expect(nyny.parseOptions(3, {})).toEqual({
      ok: true,
      options: { variant: 'classic', rounds: 1, colours: ['r', 'b', 'y'], bonus: true },
    });
    expect(nyny.parseOptions(2, undefined)).toEqual({
      ok: true,
      options: { variant: 'classic', rounds: 1, colours: ['r', 'b'], bonus: true },
    });
  });

  it('takes every value in range', () => {
    const parsed = nyny.parseOptions(4, {
      variant: 'simultaneous',
      rounds: 10,
      colours: ['g', 'r', 'y', 'b'],
      bonus: false,
    });
    expect(parsed).toEqual({
      ok: true,
      options: { variant: 'simultaneous', rounds: 10, colours: ['g', 'r', 'y', 'b'], bonus: false },
    });
  });

  it.each([
    [{ colour: ['r'] }, /colour/],
    [{ variant: 'fast' }, /options\.variant/],
    [{ rounds: 0 }, /options\.rounds/],
    [{ rounds: 11 }, /options\.rounds/],
    [{ rounds: 1.5 }, /options\.rounds/],
    [{ bonus: 'yes' }, /options\.bonus/],
    [{ colours: ['r', 'x'] }, /options\.colours/],
    [{ colours: ['r', 'b', 'y'] }, 'options.colours: give one colour per seat (2), not 3'],
    [{ colours: ['r', 'r'] }, 'options.colours: two seats cannot own the same colour'],
  ])('refuses %j with a reason', (options, reason) => {
    const parsed = nyny.parseOptions(2, options);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toMatch(reason);
  });

  it('refuses an options value that is not an object', () => {
    expect(nyny.parseOptions(2, 'classic').ok).toBe(false);
    expect(nyny.parseOptions(2, [1]).ok).toBe(false);
  });
});
