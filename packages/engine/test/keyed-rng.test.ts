import { describe, expect, it } from 'vitest';
import { KeyedRng } from '../src/keyed-rng.js';

const KEY = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const draw = (rng: KeyedRng, count = 8, n = 2 ** 32) => Array.from({ length: count }, () => rng.int(n));

describe('KeyedRng', () => {
  it('replays the same stream from the same key and label, another for another label', () => {
    expect(draw(new KeyedRng(KEY, 'deal'))).toEqual(draw(new KeyedRng(KEY, 'deal')));
    expect(draw(new KeyedRng(KEY, 'deal'))).not.toEqual(draw(new KeyedRng(KEY, 'table 0 chance 3')));
    expect(draw(new KeyedRng(Buffer.from(KEY, 'hex'), 'x'))).toEqual(draw(new KeyedRng(KEY, 'x')));
  });

  it('depends on every one of its 256 key bits: a seed cut to 31 bits would ignore the others', () => {
    const first = draw(new KeyedRng(KEY, 'deal'), 4);
    const seen = new Set([first.join()]);
    for (let bit = 0; bit < 256; bit++) {
      const key = Buffer.from(KEY, 'hex');
      key[bit >> 3]! ^= 1 << (bit & 7);
      seen.add(draw(new KeyedRng(key, 'deal'), 4).join());
    }
    expect(seen.size).toBe(257);
  });

  it('keys fresh generators with secret bits of their own: 10,000 fresh streams, no two alike', () => {
    const streams = new Set<string>();
    for (let k = 0; k < 10_000; k++) streams.add(draw(KeyedRng.fresh('chance'), 2).join());
    expect(streams.size).toBe(10_000);
    expect(KeyedRng.newKey()).toMatch(/^[0-9a-f]{64}$/);
    expect(KeyedRng.newKey()).not.toBe(KeyedRng.newKey());
  });

  it('draws every value of 0 .. n-1 about equally often', () => {
    const rng = new KeyedRng(KEY);
    const counts = new Array<number>(6).fill(0);
    for (let k = 0; k < 60_000; k++) counts[rng.int(6)]!++;
    for (const count of counts) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });

  it('is unbiased where 32 bits are not a multiple of n (a plain remainder would give the low third half the draws)', () => {
    const rng = new KeyedRng(KEY, 'bias');
    const n = 3 * 2 ** 30;
    let low = 0;
    for (let k = 0; k < 10_000; k++) {
      const value = rng.int(n);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(n);
      if (value < 2 ** 30) low++;
    }
    expect(Math.abs(low / 10_000 - 1 / 3)).toBeLessThan(0.03);
  });

  it('takes only counts it can draw, and keys of 32 bytes', () => {
    const rng = new KeyedRng(KEY);
    expect(rng.int(1)).toBe(0);
    for (const n of [0, -1, 2.5, 2 ** 32 + 1, Number.NaN]) expect(() => rng.int(n)).toThrow(RangeError);
    expect(() => new KeyedRng('abcd')).toThrow(RangeError);
    expect(() => new KeyedRng(new Uint8Array(16))).toThrow(RangeError);
  });
});
