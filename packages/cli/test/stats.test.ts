import { describe, expect, it } from 'vitest';
import { wilson95 } from '../src/stats.js';

describe('wilson95', () => {
  it('matches the textbook Wilson interval', () => {
    // 50 wins out of 100: 0.5 ± 1.96·sqrt(0.25/100 + 1.96²/40000) / (1 + 1.96²/100) = [0.4038, 0.5962]
    const [low, high] = wilson95(50, 100);
    expect(low).toBeCloseTo(0.4038, 3);
    expect(high).toBeCloseTo(0.5962, 3);
    // 0 of 10: [0, 1.96²/10 / (1 + 1.96²/10)] = [0, 0.2775]
    expect(wilson95(0, 10)[0]).toBe(0);
    expect(wilson95(0, 10)[1]).toBeCloseTo(0.2775, 3);
  });
});
