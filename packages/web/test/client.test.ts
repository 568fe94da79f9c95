/** The client's own logic: following a table through its updates, Manhattan's card reading. */
import type { SeatInfo, TableSnapshot, TableUpdate } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { GAMES } from '@skyline/games';
import { FORM_OPTIONS } from '../src/games/form-options.js';
import { CLIENT_GAMES } from '@skyline/games/client';
import { loadGameUi } from '../src/games/index.js';
import { optionsInWords } from '../src/games/options.js';
import { contrast, recentMoves, SEAT_COLOURS, textOn } from '@skyline/board-kit';
import { describeClock, formatClock, formatWait, lowTime } from '../src/clocks.js';
import { DICTIONARIES, formatMoney, translate, type Key } from '../src/i18n.js';
import { parseRoute } from '../src/router.js';
import {
  applyUpdate,
  fromSnapshot,
  revealMayHaveHappened,
  NO_TABLE,
  sameJson,
  tableReducer,
  withRevealedLog,
  worthRetrying,
  type TableModel,
} from '../src/table.js';

/** Every game's client side (its board and its log in words), loaded as the pages load it. */
const GAME_UI = Object.fromEntries(
  await Promise.all(CLIENT_GAMES.map(async (game) => [game.id, await loadGameUi(game.id)] as const)),
);

const snapshot: TableSnapshot = {
  table: {
    id: 't1',
    game: 'nyny',
    title: 'New York, New York',
    players: 2,
    options: {},
    host: 'ann',
    status: 'playing',
    seats: [],
    createdAt: 0,
    rated: false,
  },
  viewer: 0,
  version: 3,
  status: { over: false, active: [0], winners: [], scores: null },
  view: { v: 3 },
  legalMoves: [{ type: 'pass' }],
  log: ['a', 'b', 'c'],
};
const update = (version: number, from: number, log: unknown[]): TableUpdate => ({
  tableId: 't1',
  viewer: 0,
  version,
  from,
  status: { over: false, active: [1], winners: [], scores: null },
  view: { v: version },
  legalMoves: [],
  log,
});

describe('following a table', () => {
  it('applies an update: new view and moves, the log replaced from `from`', () => {
    const next = applyUpdate(fromSnapshot(snapshot), update(4, 2, ['C', 'd']));
    expect(next?.version).toBe(4);
    expect(next?.log).toEqual(['a', 'b', 'C', 'd']);
    expect(next?.legalMoves).toEqual([]);
  });
  it('ignores an old update, and asks for a re-open after a gap', () => {
    const state = fromSnapshot(snapshot);
    expect(applyUpdate(state, update(3, 0, []))).toBe(state);
    expect(applyUpdate(state, update(6, 5, ['x']))).toBeNull();
  });
  it('takes the first view of a game without chance moves, sent at the open table’s version (0), once', () => {
    // Nim-like: the game starts with an empty log, so its start does not move the version on.
    const open = fromSnapshot({ ...snapshot, version: 0, status: null, view: null, legalMoves: [], log: [] });
    const started: TableUpdate = { ...update(0, 0, []), legalMoves: [{ type: 'take', count: 1 }] };
    const next = applyUpdate(open, started);
    expect(next?.view).toEqual({ v: 0 });
    expect(next?.legalMoves).toEqual([{ type: 'take', count: 1 }]);
    expect(next?.status?.active).toEqual([1]);
    // Once the page has a view, a repeat of the same version changes nothing.
    expect(applyUpdate(next!, { ...started, view: { v: 'again' } })).toBe(next);
  });
  it('reads from an update of the same version whether the last move can be taken back, and nothing else', () => {
    const state = fromSnapshot({ ...snapshot, undoable: true });
    const sameVersion: TableUpdate = { ...update(3, 3, []), view: { v: 'other' } };
    const next = applyUpdate(state, sameVersion);
    expect(next?.undoable).toBeUndefined();
    expect(next?.view).toEqual({ v: 3 });
    expect(next?.legalMoves).toEqual([{ type: 'pass' }]);
    // Nothing new at all: the same state, not a copy (the page does not draw again).
    expect(applyUpdate(state, { ...sameVersion, undoable: true })).toBe(state);
  });
  it('takes an update of the same version that ends the game (a resignation), and only that', () => {
    const state = fromSnapshot(snapshot);
    const resigned: TableUpdate = {
      ...update(3, 3, []),
      status: { over: true, active: [], winners: [1], scores: [0, 5] },
      legalMoves: [],
    };
    const next = applyUpdate(state, resigned);
    expect(next?.status).toEqual({ over: true, active: [], winners: [1], scores: [0, 5] });
    expect(next?.log).toEqual(['a', 'b', 'c']);
    expect(next?.legalMoves).toEqual([]);
    expect(applyUpdate(next!, resigned)).toBe(next);
  });
  it('takes an update of the same version that tells the clocks anew (a seat handed to a bot), with when it came', () => {
    const state = fromSnapshot(
      {
        ...snapshot,
        clocks: [
          { left: 5000, running: true },
          { left: 9000, running: false },
        ],
      },
      1000,
    );
    const handed: TableUpdate = {
      ...update(3, 3, []),
      clocks: [
        { left: 0, running: false },
        { left: 9000, running: true },
      ],
    };
    const next = applyUpdate(state, handed, 4000);
    expect(next?.clocks).toEqual([
      { left: 0, running: false },
      { left: 9000, running: true },
    ]);
    expect(next?.clocksAt).toBe(4000);
    expect(next?.log).toEqual(['a', 'b', 'c']);
    // An update without clocks leaves the ones known.
    expect(applyUpdate(next!, update(4, 3, ['d']), 5000)?.clocksAt).toBe(4000);
  });
});

describe('a table page’s state (its reducer)', () => {
  const entry = (tile: string) => ({ seat: 0, move: { type: 'play', tile } });
  const opened = (): TableModel =>
    tableReducer(NO_TABLE, {
      type: 'opened',
      snapshot: { ...snapshot, log: ['a', 'b', 'c'].map(entry) },
      now: 1,
    });

  it('builds each event on the state the last one left: two updates before a render both count', () => {
    let model = opened();
    model = tableReducer(model, { type: 'update', update: update(4, 3, [entry('d')]), now: 2 });
    model = tableReducer(model, { type: 'update', update: update(5, 4, [entry('e')]), now: 3 });
    expect(model.table?.version).toBe(5);
    expect(model.table?.log).toEqual(['a', 'b', 'c', 'd', 'e'].map(entry));
    expect(model.reopen).toBe(0);
  });

  it('asks for the snapshot again after a gap, keeping what it shows meanwhile', () => {
    const before = opened();
    const after = tableReducer(before, { type: 'update', update: update(6, 5, ['x']), now: 2 });
    expect(after.table).toBe(before.table);
    expect(after.reopen).toBe(1);
  });

  it('ignores another table’s update, summary and record', () => {
    const model = opened();
    expect(
      tableReducer(model, { type: 'update', update: { ...update(4, 3, ['d']), tableId: 't2' }, now: 2 }),
    ).toBe(model);
    expect(tableReducer(model, { type: 'summary', summary: { ...snapshot.table, id: 't2' } })).toBe(model);
    expect(tableReducer(model, { type: 'revealed', tableId: 't2', log: [] })).toBe(model);
  });

  it('asks for the snapshot again when the seats change (which seat this page plays), not when only the status does', () => {
    const model = opened();
    const seated: SeatInfo = { seat: 0, name: 'ann', bot: null, connected: true };
    const sat = tableReducer(model, { type: 'summary', summary: { ...snapshot.table, seats: [seated] } });
    expect(sat.table?.summary.seats).toEqual([seated]);
    expect(sat.reopen).toBe(1);
    const same = tableReducer(sat, {
      type: 'summary',
      summary: { ...snapshot.table, seats: [seated], rated: true },
    });
    expect(same.reopen).toBe(1);
  });

  it('reads the log again from the record after a reveal, and starts empty on another table', () => {
    const hidden = tableReducer(NO_TABLE, {
      type: 'opened',
      snapshot: { ...snapshot, log: [{ seat: 1, move: { type: 'hidden' } }] },
      now: 1,
    });
    const shown = update(4, 1, [{ seat: 0, move: { type: 'play', tile: 'r1' } }]);
    const model = tableReducer(hidden, { type: 'update', update: shown, now: 2 });
    expect(model.reread).toBe(1);
    expect(tableReducer(model, { type: 'closed' })).toEqual(NO_TABLE);
  });
});

describe('clocks in words', () => {
  const t = (key: Key, params?: Record<string, string | number>) => translate('en', key, params);
  it('writes time left as m:ss, h:mm:ss, or days and hours', () => {
    expect(formatClock(65_000)).toBe('1:05');
    expect(formatClock(3_723_000)).toBe('1:02:03');
    expect(formatClock(2 * 86_400_000 + 3 * 3_600_000)).toBe('2 d 3 h');
    expect(formatClock(400)).toBe('0:01'); // what is left is rounded up: 0:00 only once it ran out
    expect(formatClock(-5)).toBe('0:00');
  });
  it('warns under a tenth of the time (live: 10 s to 1 min)', () => {
    expect(lowTime({ kind: 'live', initial: 300, increment: 5 })).toBe(30_000);
    expect(lowTime({ kind: 'live', initial: 30, increment: 0 })).toBe(10_000);
    expect(lowTime({ kind: 'live', initial: 3600, increment: 0 })).toBe(60_000);
    expect(lowTime({ kind: 'turn', perMove: 86_400 })).toBe(8_640_000);
  });
  it('says the setting and the waits in English and French', () => {
    expect(describeClock({ kind: 'live', initial: 300, increment: 5 }, t)).toBe('5 min + 5 s a move');
    expect(describeClock({ kind: 'turn', perMove: 86_400 }, t)).toBe('1 day a move');
    expect(describeClock(null, t)).toBe('no clock');
    const fr = (key: Key, params?: Record<string, string | number>) => translate('fr', key, params);
    expect(describeClock({ kind: 'turn', perMove: 3 * 86_400 }, fr)).toBe('3 jours par coup');
    expect(formatWait(3 * 3_600_000 + 5, t)).toBe('3 h');
    expect(formatWait(30_000, fr)).toBe('moins d’une minute');
  });
});

describe('a move refused because the table moved on', () => {
  it('is sent again when the seat may still make it, or when it is an offer', () => {
    const legal = [{ type: 'place', lot: 6, shop: 'radio' }, { type: 'done' }];
    expect(worthRetrying({ shop: 'radio', lot: 6, type: 'place' }, legal)).toBe(true);
    expect(worthRetrying({ type: 'place', lot: 7, shop: 'radio' }, legal)).toBe(false);
    expect(worthRetrying({ type: 'offer', to: 1, give: { money: 1000 } }, legal)).toBe(true);
    expect(sameJson({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});

describe('the client', () => {
  it('has every text in both languages', () => {
    const missing = Object.keys(DICTIONARIES.en).filter((key) => !(key in DICTIONARIES.fr));
    expect(missing).toEqual([]);
  });
  it('routes page paths', () => {
    expect(parseRoute('/t/abc123')).toEqual({ page: 'table', id: 'abc123' });
    expect(parseRoute('/games')).toEqual({ page: 'mygames' });
    expect(parseRoute('/rules/nyny')).toEqual({ page: 'rules', game: 'nyny' });
    expect(parseRoute('/whatever')).toEqual({ page: 'lobby' });
    expect(parseRoute('/admin')).toEqual({ page: 'admin' });
    expect(parseRoute('/admin/')).toEqual({ page: 'admin' });
    expect(parseRoute('/admin/x')).toEqual({ page: 'lobby' });
  });
  it('routes the tutorials: the list, one game’s, and no path that could not name a game', () => {
    expect(parseRoute('/tutorial')).toEqual({ page: 'tutorials' });
    expect(parseRoute('/tutorial/')).toEqual({ page: 'tutorials' });
    expect(parseRoute('/tutorial/nyny')).toEqual({ page: 'tutorial', game: 'nyny' });
    expect(parseRoute('/tutorial/nyny/x')).toEqual({ page: 'lobby' });
    expect(parseRoute('/tutorial/NY%20NY')).toEqual({ page: 'lobby' });
  });
  it('routes the tournament pages, and not a tournament id that could not be one', () => {
    expect(parseRoute('/tournaments')).toEqual({ page: 'tournaments' });
    expect(parseRoute('/tournaments/')).toEqual({ page: 'tournaments' });
    expect(parseRoute('/tournaments/k3x9ab12')).toEqual({ page: 'tournament', id: 'k3x9ab12' });
    expect(parseRoute('/tournaments/K3X9/../x')).toEqual({ page: 'lobby' });
  });
  it('routes the settings and the pages the e-mails link to (their tokens are in the fragment, not the path)', () => {
    expect(parseRoute('/settings')).toEqual({ page: 'settings' });
    expect(parseRoute('/settings/')).toEqual({ page: 'settings' });
    expect(parseRoute('/password/forgot')).toEqual({ page: 'forgot' });
    expect(parseRoute('/password/reset')).toEqual({ page: 'reset' });
    expect(parseRoute('/email/confirm')).toEqual({ page: 'confirm' });
    expect(parseRoute('/unsubscribe')).toEqual({ page: 'unsubscribe' });
    expect(parseRoute('/password/reset/abc.def')).toEqual({ page: 'lobby' });
  });
});

describe('the log after a reveal', () => {
  const hidden = { seat: 1, move: { type: 'hidden' } };
  const built = { seat: 1, move: { type: 'build', cells: [[0, 0]] } };
  const mine = { seat: 0, move: { type: 'pass' } };
  const state = fromSnapshot({ ...snapshot, log: [{ chance: { type: 'deal' } }, hidden] });

  it('is read again when an update comes without hidden choices after one shown hidden', () => {
    expect(revealMayHaveHappened(state, update(4, 2, [mine]))).toBe(true);
  });

  it('is not read again while the others are still choosing, nor when nothing was hidden', () => {
    expect(revealMayHaveHappened(state, update(4, 2, [hidden]))).toBe(false);
    const open = fromSnapshot({ ...snapshot, log: [built] });
    expect(revealMayHaveHappened(open, update(4, 1, [mine]))).toBe(false);
  });

  it('is read again when the game ends', () => {
    const open = fromSnapshot({ ...snapshot, log: [built] });
    const end = { ...update(4, 1, [mine]), status: { over: true, active: [], winners: [0], scores: [1, 0] } };
    expect(revealMayHaveHappened(open, end)).toBe(true);
  });

  it('takes the record’s telling of the entries it shows, and keeps the newer ones it has', () => {
    const longer = { ...state, log: [...state.log, mine] };
    const next = withRevealedLog(longer, [{ chance: { type: 'deal' } }, built]);
    expect(next.log).toEqual([{ chance: { type: 'deal' } }, built, mine]);
    // A resignation the record holds between them is not one of the game's entries: the indices stay the game's.
    const resigned = withRevealedLog(longer, [
      { chance: { type: 'deal' } },
      { seat: 2, resign: true },
      built,
    ]);
    expect(resigned.log).toEqual([{ chance: { type: 'deal' } }, built, mine]);
  });
});

describe('words and numbers', () => {
  it('writes money and numbers as each language does', () => {
    expect(formatMoney('en', 121000)).toBe('$121,000');
    // French: spaces group the thousands, and the sign comes after the amount.
    expect(formatMoney('fr', 121000)).toMatch(/^121\s000\s\$$/u);
    expect(translate('fr', 'mycity.deck', { n: 1200 })).toMatch(/^1\s200 /u);
  });

  it('chooses the plural form of each language', () => {
    expect(translate('en', 'manhattan.floors', { n: 1 })).toBe('1 floor');
    expect(translate('en', 'manhattan.floors', { n: 3 })).toBe('3 floors');
    expect(translate('en', 'manhattan.floors', { n: 0 })).toBe('0 floors');
    // French counts zero and one alike.
    expect(translate('fr', 'manhattan.floors', { n: 0 })).toBe('0 étage');
    expect(translate('fr', 'manhattan.floors', { n: 2 })).toBe('2 étages');
  });
});

describe('the log in words', () => {
  const names = ['ann', 'bob'];
  const en = (key: Key, params?: Record<string, string | number>) => translate('en', key, params);

  it('tells which lot a Manhattan card meant for the seat that played it (turned with the perspective option)', () => {
    const build = { seat: 1, move: { type: 'build', card: 1, city: 2, piece: 3 } };
    const view = { players: 2, options: { perspective: true } };
    // Seat 1 of 2 sits opposite: card 1, the near-left lot for it, is lot 9 as the board is printed.
    expect(GAME_UI.manhattan?.describe?.(build, names, en, 'en', { log: [build], index: 0, view })).toBe(
      'bob builds 3 floors on lot 9 of Frankfurt (card 1)',
    );
    const plain = { players: 2, options: { perspective: false } };
    expect(
      GAME_UI.manhattan?.describe?.(build, names, en, 'en', { log: [build], index: 0, view: plain }),
    ).toBe('bob builds 3 floors on lot 1 of Frankfurt (card 1)');
  });

  it('tells the terms of a Chinatown trade where it is accepted', () => {
    const offer = { seat: 0, move: { type: 'offer', to: 1, give: { lots: [12] }, get: { money: 10000 } } };
    const accept = { seat: 1, move: { type: 'accept', offer: 1 } };
    const log = [offer, accept];
    expect(GAME_UI.chinatown?.describe?.(accept, names, en, 'en', { log, index: 1, view: null })).toBe(
      'bob accepts offer #1 from ann (gives lot 12; gets $10,000)',
    );
  });

  it('folds a run of Chinatown ready / not-ready lines to each seat’s last one', () => {
    const ready = (seat: number) => ({ seat, move: { type: 'ready' } });
    const unready = (seat: number) => ({ seat, move: { type: 'unready' } });
    const offer = { seat: 0, move: { type: 'offer', to: 1, give: {}, get: { money: 1000 } } };
    const log = [ready(1), unready(1), ready(0), ready(1), offer, ready(1)];
    const lines = log
      .map((entry, index) =>
        GAME_UI.chinatown?.describe?.(entry, names, en, 'en', { log, index, view: null }),
      )
      .filter((line) => line !== null);
    expect(lines).toEqual([
      'ann is ready',
      'bob is ready',
      'ann makes an offer to bob: gives nothing; gets $1,000',
      'bob is ready',
    ]);
  });

  it('says where a My City building went, and which building once it stands on the board', () => {
    const build = {
      seat: 0,
      move: {
        type: 'build',
        cells: [
          [2, 4],
          [2, 5],
          [3, 5],
        ],
      },
    };
    const view = {
      boards: [
        [
          {
            id: 'r2',
            cells: [
              [2, 4],
              [2, 5],
              [3, 5],
            ],
          },
        ],
        [],
      ],
    };
    expect(GAME_UI.mycity?.describe?.(build, names, en, 'en', { log: [build], index: 0, view })).toBe(
      'ann builds public building 2, rows 3–4, columns 5–6',
    );
    const other = { boards: [[], []] };
    expect(GAME_UI.mycity?.describe?.(build, names, en, 'en', { log: [build], index: 0, view: other })).toBe(
      'ann builds on rows 3–4, columns 5–6',
    );
  });

  it('highlights the moves made since the viewer’s own (not hidden ones), or else the viewer’s own', () => {
    const log = [
      { chance: { type: 'deal' } },
      { seat: 0, move: { type: 'play', tile: 'a' } },
      { seat: 1, move: { type: 'play', tile: 'b' } },
      { seat: 2, move: { type: 'hidden' } },
      { seat: 1, move: { type: 'play', tile: 'c' } },
    ];
    expect(recentMoves(log, 0)).toEqual([
      { seat: 1, move: { type: 'play', tile: 'b' } },
      { seat: 1, move: { type: 'play', tile: 'c' } },
    ]);
    expect(recentMoves(log.slice(0, 2), 0)).toEqual([{ seat: 0, move: { type: 'play', tile: 'a' } }]);
    expect(recentMoves(log, 'spectator', 2)).toEqual([{ seat: 1, move: { type: 'play', tile: 'c' } }]);
  });

  it('counts, where seats move together, the others’ moves made alongside the viewer’s last ones (a bot that chose first)', () => {
    const build = (seat: number, n: number) => ({ seat, move: { type: 'build', n } });
    const log = [{ chance: { type: 'deal' } }, build(1, 1), build(0, 1), build(1, 2), build(0, 2)];
    // The bot built before the player each time: its second building just happened as much as the player's.
    expect(recentMoves(log, 0, 2, true)).toEqual([build(1, 2), build(0, 2)]);
    expect(recentMoves(log, 0, 2)).toEqual([build(0, 2)]); // turn by turn, only what came after
    // The other way round: from the bot's first building on, the player's and the bot's latest.
    const after = [{ chance: { type: 'deal' } }, build(0, 1), build(1, 1), build(0, 2), build(1, 2)];
    expect(recentMoves(after, 0, 2, true)).toEqual([build(1, 1), build(0, 2), build(1, 2)]);
    // Chinatown: the player's run of placements and its done, after the bots' placements.
    const placed = [
      { seat: 0, move: { type: 'ready' } },
      { seat: 1, move: { type: 'place', lot: 3 } },
      { seat: 1, move: { type: 'done' } },
      { seat: 0, move: { type: 'place', lot: 7 } },
      { seat: 0, move: { type: 'done' } },
    ];
    expect(recentMoves(placed, 0, 2, true).map((m) => m.move)).toEqual(placed.slice(1).map((m) => m.move));
  });
});

describe('text on coloured squares', () => {
  it('is black on the yellow seat and white on the blue one, and always reads at 4.5:1 or better', () => {
    expect(textOn('#e0a800')).toBe('#000000'); // white on it is 2.15:1
    expect(textOn('#2f6fd1')).toBe('#ffffff');
    expect(contrast('#ffffff', '#e0a800')).toBeLessThan(2.3);
    for (const colour of SEAT_COLOURS) expect(contrast(textOn(colour), colour)).toBeGreaterThanOrEqual(4.5);
  });
});

describe('a table’s options in words', () => {
  it('says each option of the game with its value, the defaults for those the table leaves out, in both languages', () => {
    const specs = FORM_OPTIONS.nyny!;
    const en = (key: Key, params?: Record<string, string | number>) => translate('en', key, params);
    const fr = (key: Key, params?: Record<string, string | number>) => translate('fr', key, params);
    expect(optionsInWords(specs, { variant: 'simultaneous', rounds: 3 }, en)).toEqual([
      `How turns work: ${en('nyny.opt.simultaneous')}`,
      'Rounds in the match: 3',
      'Score bonuses for runs of your colour (advanced rule): yes',
    ]);
    expect(optionsInWords(specs, { bonus: false }, fr)).toEqual([
      `Déroulement des tours : ${fr('nyny.opt.classic')}`,
      'Manches dans la partie : 1',
      'Bonus pour les suites de votre couleur (règle avancée) : non',
    ]);
  });
});

describe('the forms’ options come from the games’ declarations', () => {
  it('offers every option a game declares, except per-seat ones, with its declared kind, default and range', () => {
    for (const game of GAMES.values()) {
      const declared = game.options.filter((option) => option.kind !== 'perSeat');
      const offered = FORM_OPTIONS[game.id]!;
      expect(offered.map(({ name, kind, default: fallback }) => ({ name, kind, default: fallback }))).toEqual(
        declared.map(({ name, kind, default: fallback }) => ({ name, kind, default: fallback })),
      );
      for (const option of offered) {
        const source = declared.find((candidate) => candidate.name === option.name)!;
        if (source.kind === 'number') expect([option.min, option.max]).toEqual([source.min, source.max]);
        if (source.kind === 'choice')
          expect(option.choices?.map((choice) => choice.value)).toEqual(source.choices.map((c) => c.value));
      }
    }
    // New York's colours are per seat: set by /option before the start, not on the forms.
    expect(FORM_OPTIONS.nyny!.map((option) => option.name)).not.toContain('colours');
  });

  it('finds every declared label, and every label of a choice, in the English and French words', () => {
    for (const game of GAMES.values())
      for (const option of game.options) {
        const keys = [option.label, ...('choices' in option ? option.choices.map((c) => c.label) : [])];
        for (const key of keys)
          for (const lang of ['en', 'fr'] as const)
            expect(DICTIONARIES[lang], `${lang}: ${key}`).toHaveProperty([key]);
      }
  });
});
