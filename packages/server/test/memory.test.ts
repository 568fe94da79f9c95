/** Which tables a process holds in memory, and for how long. */
import { GAMES } from '@skyline/games';
import { describe, expect, it } from 'vitest';
import { Accounts } from '../src/auth.js';
import { openStore } from '../src/db/connect.js';
import { versionOf } from '../src/tables/live.js';
import { TablePublisher } from '../src/tables/publisher.js';
import { TableService } from '../src/tables/service.js';

async function service() {
  const { db, moveLog } = await openStore({ databasePath: ':memory:', databaseUrl: null });
  const accounts = new Accounts(db);
  const publisher = new TablePublisher();
  return { service: new TableService({ db, accounts, moveLog, games: GAMES, publisher }), accounts };
}

const MINUTE = 60_000;

/** A two-player game started by Ann, with Bob. */
async function startedGame() {
  const { service: tables, accounts } = await service();
  const ann = (await accounts.createGuest('ann')).user;
  const bob = (await accounts.createGuest('bob')).user;
  const table = (await tables.create(ann, { game: 'nyny', players: 2 })).ack;
  await tables.command(bob, table.id, { name: 'join' });
  await tables.command(ann, table.id, { name: 'start' });
  return { tables, tableId: table.id, bob };
}

describe('tables in memory', () => {
  it('drops a table nobody here watches or used for ten minutes, and rebuilds it from the database when asked', async () => {
    const { tables, tableId } = await startedGame();
    const before = await tables.get(tableId);
    const now = Date.now();
    expect(tables.evictIdle(() => false, now + 9 * MINUTE)).toBe(0);
    expect(tables.evictIdle(() => true, now + 11 * MINUTE)).toBe(0); // someone here has it open
    expect(tables.evictIdle(() => false, now + 11 * MINUTE)).toBe(1);
    expect(tables.cached(tableId)).toBeUndefined();
    const after = await tables.get(tableId);
    expect(after).not.toBe(before);
    expect(versionOf(after)).toBe(versionOf(before));
    expect(after.seats.map((person) => person?.name)).toEqual(['ann', 'bob']);
  });

  it('drops a finished game after a minute', async () => {
    const { tables, tableId, bob } = await startedGame();
    await tables.command(bob, tableId, { name: 'resign' });
    const now = Date.now();
    expect(tables.evictIdle(() => false, now + 30_000)).toBe(0);
    expect(tables.evictIdle(() => false, now + 2 * MINUTE)).toBe(1);
    expect((await tables.get(tableId)).resignation?.resigned).toBe(1);
  });
});
