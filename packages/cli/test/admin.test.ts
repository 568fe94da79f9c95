/**
 * `skyline admin grant` / `revoke` on a stored database: the command gives a registered player a role or takes it
 * away, writes it to the audit log as the command line's, keeps the last admin, and refuses a guest, an unknown name
 * and a malformed command in words. Run in this process (`adminCommand`, as `run` calls it), and once as an operator
 * runs it, through the built `skyline`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../../server/src/auth.js';
import { openStore } from '../../server/src/db/connect.js';
import { Passwords } from '../../server/src/passwords.js';
import { adminCommand } from '../src/admin.js';

const BIN = fileURLToPath(new URL('../bin/skyline.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'skyline-admin-'));
const path = join(dir, 'skyline.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What `skyline admin ARGS` prints and exits with (its lines end as the command writes them). */
async function skyline(args: string[], env: Record<string, string> = { DATABASE_PATH: path }) {
  const { code, stdout, stderr } = await adminCommand(args, { DATABASE_URL: '', ...env });
  return { code, stdout: stdout ? `${stdout}\n` : '', stderr: stderr ? `${stderr}\n` : '' };
}

async function stored<T>(read: (store: Awaited<ReturnType<typeof openStore>>) => Promise<T>): Promise<T> {
  const store = await openStore({ databasePath: path, databaseUrl: null });
  try {
    return await read(store);
  } finally {
    await store.db.destroy();
  }
}

beforeAll(async () => {
  await stored(async (store) => {
    const accounts = new Accounts(store.db, { passwords: new Passwords(10) });
    for (const name of ['Ann', 'Bob']) {
      const { user } = await accounts.createGuest(name);
      await accounts.register(user, 'a long enough password');
    }
    await accounts.createGuest('Gus');
    await accounts.close();
  });
}, 30_000);

describe('skyline admin', () => {
  it('grants a role (moderator unless told), keeps the last admin, and revokes once another admin is made', async () => {
    // As an operator runs it: the built command.
    const built = spawnSync(process.execPath, [BIN, 'admin', 'grant', 'ann'], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', DATABASE_PATH: path },
    });
    expect({ code: built.status, stdout: built.stdout, stderr: built.stderr }).toEqual({
      code: 0,
      stdout: 'Ann: player → moderator\n',
      stderr: '',
    });
    expect(await skyline(['grant', 'Ann', '--role', 'admin', '--reason', 'runs the club'])).toEqual({
      code: 0,
      stdout: 'Ann: moderator → admin\n',
      stderr: '',
    });
    expect(await skyline(['revoke', 'Ann'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'skyline: Ann is the last admin: make another player an admin first\n',
    });
    expect((await skyline(['grant', 'Bob', '--role', 'admin'])).code).toBe(0);
    expect(await skyline(['revoke', 'Ann'])).toEqual({
      code: 0,
      stdout: 'Ann: admin → player\n',
      stderr: '',
    });
    const log = await stored((store) =>
      store.db
        .selectFrom('moderation_log')
        .select(['actor_id', 'action', 'reason', 'details'])
        .orderBy('id')
        .execute(),
    );
    expect(log).toEqual([
      {
        actor_id: null,
        action: 'role',
        reason: 'skyline admin grant',
        details: '{"from":"player","to":"moderator"}',
      },
      {
        actor_id: null,
        action: 'role',
        reason: 'runs the club',
        details: '{"from":"moderator","to":"admin"}',
      },
      {
        actor_id: null,
        action: 'role',
        reason: 'skyline admin grant',
        details: '{"from":"player","to":"admin"}',
      },
      {
        actor_id: null,
        action: 'role',
        reason: 'skyline admin revoke',
        details: '{"from":"admin","to":"player"}',
      },
    ]);
    const roles = await stored((store) =>
      store.db.selectFrom('users').select(['name', 'role']).orderBy('name').execute(),
    );
    expect(roles).toEqual([
      { name: 'Ann', role: null },
      { name: 'Bob', role: 'admin' },
      { name: 'Gus', role: null },
    ]);
  }, 60_000);

  it('refuses a guest and a name nobody has, in words', async () => {
    expect(await skyline(['grant', 'Gus'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'skyline: Gus is a guest: only a registered player can be a moderator or an admin\n',
    });
    expect(await skyline(['grant', 'Nobody'])).toEqual({
      code: 1,
      stdout: '',
      stderr: 'skyline: there is no player Nobody\n',
    });
  }, 30_000);

  it('says how it is used when asked wrongly, and that there is no database rather than making one', async () => {
    const usage =
      'usage: skyline admin grant NAME [--role moderator|admin] [--reason TEXT] | admin revoke NAME [--reason TEXT]\n';
    for (const args of [
      [],
      ['grant'],
      ['promote', 'Ann'],
      ['grant', 'Ann', '--role', 'king'],
      ['revoke', 'Ann', '--role', 'admin'],
    ])
      expect(await skyline(args)).toEqual({ code: 2, stdout: '', stderr: usage });
    const missing = join(dir, 'missing', 'skyline.db');
    expect(await skyline(['grant', 'Ann'], { DATABASE_PATH: missing })).toEqual({
      code: 1,
      stdout: '',
      stderr: `skyline: there is no database at ${missing} (DATABASE_PATH)\n`,
    });
  }, 30_000);
});
