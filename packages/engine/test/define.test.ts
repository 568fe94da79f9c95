import { describe, expect, it } from 'vitest';
import { contractIn } from '../src/index.js';

const status = () => ({ over: false, active: [], scores: [], winners: [] });
const randomMove = () => 'move';
const startSeat = () => 0;
const view = () => 'view';

describe('contractIn', () => {
  it('picks the contract functions a module exports and leaves its other exports behind', () => {
    const picked = contractIn({ status, randomMove, startSeat });
    expect(picked).toEqual({ status, randomMove });
    expect('startSeat' in picked).toBe(false);
  });

  it('adds no key for an optional function no module exports (no randomActor: undefined)', () => {
    const picked = contractIn({ status });
    expect(Object.keys(picked)).toEqual(['status']);
  });

  it('joins the functions of several modules', () => {
    expect(contractIn({ status }, { view, startSeat })).toEqual({ status, view });
  });

  it('takes a name two modules export from the later one', () => {
    const later = () => 'later';
    expect(contractIn({ view }, { view: later })).toEqual({ view: later });
  });

  it('leaves out firstSeat, which a game states beside the contract', () => {
    expect(contractIn({ firstSeat: () => 0 })).toEqual({});
  });
});
