/**
 * `skyline ratings recompute` on a stored database, as an operator runs it: the built command rebuilds the ratings
 * that were stored as the games ended. Games are played into a SQLite file through the server's table service.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../server/src/db/connect.js';
import {
  command,
  playOpening,
  playToEnd,
  registered,
  serviceOn,
  startedTable,
} from '../../server/test/rating-games.js';

const BIN = fileURLToPath(new URL('../bin/skyline.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'skyline-ratings-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function skyline(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('skyline ratings recompute', () => {
  it('rebuilds, from the games stored in a database, the ratings that were stored as they ended', async () => {
    const path = join(dir, 'skyline.db');
    let store = await openStore({ databasePath: path, databaseUrl: null });
    const { service, accounts } = serviceOn(store);
    const [ann, bob, cat] = [
      await registered(accounts),
      await registered(accounts),
      await registered(accounts),
    ];
    for (let k = 0; k < 4; k++) {
      const tableId = await startedTable(service, k % 2 ? [ann, bob, cat] : [bob, cat]);
      if (k === 3) await playToEnd(service, tableId, 11);
      else {
        await playOpening(service, tableId, k); // rated once each seat has played its first moves
        await command(service, k % 2 ? ann : cat, tableId, { name: 'resign' });
        // Three seats: the first resignation hands the seat to a bot, the second ends the game.
        if (k % 2) await command(service, cat, tableId, { name: 'resign' });
      }
    }
    const read = () => store.db.selectFrom('ratings').selectAll().orderBy('player_id').execute();
    const stored = await read();
    expect(stored).toHaveLength(3);
    await store.db.deleteFrom('ratings').execute();
    await store.db.destroy();

    const result = skyline(['ratings', 'recompute'], { DATABASE_PATH: path });
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('rebuilt the ratings from 4 rated games: 3 ratings\n');
    expect(result.code).toBe(0);
    store = await openStore({ databasePath: path, databaseUrl: null });
    expect(await read()).toEqual(stored);
    await store.db.destroy();
  }, 60_000);

  it('says there is no database rather than making an empty one', () => {
    const path = join(dir, 'missing', 'skyline.db');
    expect(skyline(['ratings', 'recompute'], { DATABASE_PATH: path })).toEqual({
      code: 1,
      stdout: '',
      stderr: `skyline: there is no database at ${path} (DATABASE_PATH)\n`,
    });
  }, 30_000);

  it('names its one subcommand', () => {
    expect(skyline(['ratings'], {})).toMatchObject({ code: 2, stderr: 'usage: skyline ratings recompute\n' });
  }, 30_000);
});
