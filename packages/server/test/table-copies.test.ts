/**
 * A copy of a table in memory, taken `checked` against the stored revision or `unchecked` as held (`RevisionCheck`,
 * `TableCopies.get`), and rebuilt from its stored log (`stateFromStoredLog`, not the engine's `replayLog` it calls).
 */
import { replayLog } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import { describe, expect, it } from 'vitest';
import { Accounts } from '../src/auth.js';
import { openStore } from '../src/db/connect.js';
import { parsedOptions, stateFromStoredLog } from '../src/tables/live.js';
import { TablePublisher } from '../src/tables/publisher.js';
import { TableService } from '../src/tables/service.js';

describe('a copy of a table taken from memory', () => {
  it('is checked against the stored revision when `checked` (the default), taken as held when `unchecked`', async () => {
    const { db, moveLog } = await openStore({ databasePath: ':memory:', databaseUrl: null });
    const accounts = new Accounts(db);
    // Two processes sharing the database.
    const [a, b] = [0, 1].map(
      () =>
        new TableService({
          db,
          accounts,
          moveLog,
          games: GAMES,
          publisher: new TablePublisher(),
          shared: true,
        }),
    ) as [TableService, TableService];
    const ann = (await accounts.createGuest('ann')).user;
    const bob = (await accounts.createGuest('bob')).user;
    const table = (await a.create(ann, { game: 'nyny', players: 2 })).ack;
    const held = await b.get(table.id);
    await a.command(bob, table.id, { name: 'join' }); // B hears nothing of it
    expect(await b.get(table.id, 'unchecked')).toBe(held);
    expect(held.seats[1]).toBeNull();
    const checked = await b.get(table.id, 'checked');
    expect(checked).not.toBe(held);
    expect(checked.seats[1]?.name).toBe('bob');
    expect(await b.get(table.id)).toBe(checked);
  });
});

describe('stateFromStoredLog', () => {
  it('gives the state the engine replays a stored log to, and throws, naming the entry, when it does not replay', async () => {
    const { db, moveLog } = await openStore({ databasePath: ':memory:', databaseUrl: null });
    const accounts = new Accounts(db);
    const service = new TableService({
      db,
      accounts,
      moveLog,
      games: GAMES,
      publisher: new TablePublisher(),
    });
    const ann = (await accounts.createGuest('ann')).user;
    const bob = (await accounts.createGuest('bob')).user;
    const { id } = (await service.create(ann, { game: 'nyny', players: 2 })).ack;
    await service.command(bob, id, { name: 'join' });
    await service.command(ann, id, { name: 'start' });
    const table = await service.get(id);
    const options = parsedOptions(table);
    expect(table.log.length).toBeGreaterThan(0); // the start's chance moves
    const replayed = replayLog(table.game, 2, options, table.log);
    expect(replayed.ok && replayed.state).toEqual(table.state);
    expect(stateFromStoredLog(table.game, 2, options, table.log)).toEqual(table.state);
    expect(() => stateFromStoredLog(table.game, 2, options, [{ seat: 5, move: 'nothing' }])).toThrow(
      /stored log\[0\] does not replay/,
    );
  });
});
