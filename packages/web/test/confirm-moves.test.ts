/**
 * Staging moves before they are sent (issue 30 §4): the absence this reproduces is a misclick sent to the server at
 * once, and a staged move chosen on a table that has since changed being sent anyway.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmWanted, keyEvent, nextStaging, setConfirmWanted } from '../src/confirm-moves.js';

const build = { type: 'build', at: 3 };
const other = { type: 'pass' };

describe('staging a move', () => {
  it('sends nothing when a move is staged, and the staged move on confirmation', () => {
    const staged = nextStaging(null, { type: 'stage', move: build, version: 7 }, true);
    expect(staged).toEqual({ staged: { move: build, version: 7 } });
    expect('send' in staged).toBe(false);
    expect(nextStaging(staged.staged, { type: 'confirm' }, true)).toEqual({ staged: null, send: build });
  });

  it('sends nothing after Escape clears the staged move, not even on a later confirmation', () => {
    const staged = nextStaging(null, { type: 'stage', move: build, version: 7 }, true).staged;
    const cleared = nextStaging(staged, { type: 'clear' }, true);
    expect(cleared).toEqual({ staged: null });
    expect(nextStaging(cleared.staged, { type: 'confirm' }, true)).toEqual({ staged: null });
  });

  it('replaces a staged move by a second choice, and sends only the second', () => {
    const first = nextStaging(null, { type: 'stage', move: build, version: 7 }, true).staged;
    const second = nextStaging(first, { type: 'stage', move: other, version: 7 }, true).staged;
    expect(nextStaging(second, { type: 'confirm' }, true)).toEqual({ staged: null, send: other });
  });

  it('drops a staged move when the table changed under it, and keeps it when the same version comes again', () => {
    const staged = nextStaging(null, { type: 'stage', move: build, version: 7 }, true).staged;
    expect(nextStaging(staged, { type: 'table', version: 7 }, true)).toEqual({
      staged: { move: build, version: 7 },
    });
    expect(nextStaging(staged, { type: 'table', version: 8 }, true)).toEqual({ staged: null });
  });

  it('keeps a staged move through another seat’s choice that leaves it legal (seats choosing at once), and drops it when it is not', () => {
    const staged = nextStaging(null, { type: 'stage', move: build, version: 7 }, true).staged;
    const sameBuild = JSON.parse(JSON.stringify(build)) as unknown;
    expect(nextStaging(staged, { type: 'table', version: 8, legalMoves: [other, sameBuild] }, true)).toEqual({
      staged: { move: build, version: 8 },
    });
    expect(nextStaging(staged, { type: 'table', version: 8, legalMoves: [other] }, true)).toEqual({
      staged: null,
    });
  });

  it('sends at once with the setting off', () => {
    expect(nextStaging(null, { type: 'stage', move: build, version: 7 }, false)).toEqual({
      staged: null,
      send: build,
    });
  });
});

describe('the keys of a staged move', () => {
  it('confirms on Enter and clears on Escape, and leaves other keys alone', () => {
    expect(keyEvent('Enter', false)).toEqual({ type: 'confirm' });
    expect(keyEvent('Escape', false)).toEqual({ type: 'clear' });
    expect(keyEvent('Escape', true)).toEqual({ type: 'clear' });
    expect(keyEvent('a', false)).toBeNull();
  });

  it('does not take Enter typed into the chat as a confirmation', () => {
    expect(keyEvent('Enter', true)).toBeNull();
  });
});

describe('the setting', () => {
  afterEach(() => vi.unstubAllGlobals());

  const storage = () => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    });
  };

  it('is on for a player who never chose', () => {
    storage();
    expect(confirmWanted()).toBe(true);
  });

  it('remembers the player turning it off, and on again', () => {
    storage();
    setConfirmWanted(false);
    expect(confirmWanted()).toBe(false);
    setConfirmWanted(true);
    expect(confirmWanted()).toBe(true);
  });
});
