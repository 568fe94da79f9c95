/**
 * E-mail with several processes on one PostgreSQL database: every decision that two processes could both make is
 * one conditional statement, which only one of them can make — the count under a limit, the claim of a reminder, the
 * spending of a link. The "processes" are the e-mail services of this test, each with its own connection pool, all
 * sending to one real SMTP server started here, and one time source moved by hand.
 */
import { linkIn, startMailbox, type Mailbox } from '@skyline/testkit/mailbox';
import { lacking } from '@skyline/testkit/vitest';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../src/auth.js';
import { ManualTime } from '../src/clocks/clocks.js';
import { DEFAULT_LIMITS } from '../src/limits.js';
import { EmailAccounts } from '../src/mail/email-accounts.js';
import { SmtpMailer } from '../src/mail/mailer.js';
import { Reminders } from '../src/mail/reminders.js';
import { DEFAULT_MAIL } from '../src/mail/settings.js';
import { Passwords } from '../src/passwords.js';
import { postgresForFile } from './pg.js';

const postgres = postgresForFile();
const time = new ManualTime(Date.UTC(2026, 9, 1));
const silent = { info: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const PUBLIC = 'https://play.example.org';
let mailbox: Mailbox;
const closers: (() => unknown)[] = [];

beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(async () => {
  for (const close of closers) await close();
  await mailbox?.close();
});

async function serverProcess() {
  const { db } = await postgres.openProcessStore();
  const accounts = new Accounts(db, { passwords: new Passwords(10) });
  const mailer = new SmtpMailer(mailbox.url, 'Skyline <noreply@play.example.org>');
  const settings = { ...DEFAULT_MAIL, smtpUrl: mailbox.url, publicUrl: PUBLIC };
  const mail = new EmailAccounts({
    db,
    accounts,
    mailer,
    settings,
    limits: DEFAULT_LIMITS,
    now: () => time.now(),
    log: silent,
  });
  const reminders = new Reminders({
    db,
    mailer,
    mail,
    settings,
    limits: DEFAULT_LIMITS,
    title: () => 'New York, New York',
    time,
    log: silent,
  });
  closers.push(
    () => reminders.close(),
    () => mail.drain(),
    () => mailer.close(),
    () => accounts.close(),
  );
  return { db, accounts, mail, reminders };
}

describe.skipIf(lacking('postgres'))('e-mail in several processes', () => {
  it('a limit counted by two processes at once lets exactly its number through', async () => {
    const [a, b] = [await serverProcess(), await serverProcess()];
    const takes = await Promise.all(
      Array.from({ length: 24 }, (_, k) =>
        (k % 2 === 0 ? a : b).mail.counters.tryTake('email_address', 'race', 5, 24 * 3600_000),
      ),
    );
    expect(takes.filter(Boolean)).toHaveLength(5);
  });

  it('a reminder due for one wait, found by two processes at once, is sent once; the next wait gets its own', async () => {
    const [a, b] = [await serverProcess(), await serverProcess()];
    const now = time.now();
    await a.db
      .insertInto('users')
      .values([
        { id: 'ra', name: 'ra', name_key: 'ra', password_hash: 'x', created_at: 0, bot_level: null },
        { id: 'rb', name: 'rb', name_key: 'rb', password_hash: 'x', created_at: 0, bot_level: null },
      ])
      .execute();
    await a.db
      .updateTable('users')
      .set({ email: 'ra@example.org', remind_after_minutes: 60 })
      .where('id', '=', 'ra')
      .execute();
    // A game with a turn clock of a day, awaiting ra since `now`.
    const clocks = (since: number) =>
      JSON.stringify([
        { left: 86_400_000, deadline: since + 86_400_000 },
        { left: 86_400_000, deadline: null },
      ]);
    await a.db
      .insertInto('tables')
      .values({
        id: 'rt',
        game: 'nyny',
        players: 2,
        options: '{}',
        host_id: 'ra',
        status: 'playing',
        version: 1,
        result: null,
        created_at: now,
        started_at: now,
        finished_at: null,
        bot_driver: null,
        bot_lease_until: null,
        clock: JSON.stringify({ kind: 'turn', perMove: 86_400 }),
        clocks: clocks(now),
        deadline: now + 86_400_000,
      })
      .execute();
    await a.db
      .insertInto('seats')
      .values([
        { table_id: 'rt', seat: 0, user_id: 'ra' },
        { table_id: 'rt', seat: 1, user_id: 'rb' },
      ])
      .execute();
    time.advance(61 * 60_000);
    await Promise.all([a.reminders.check(), b.reminders.check(), a.reminders.check(), b.reminders.check()]);
    await Promise.all([a.mail.drain(), b.mail.drain()]);
    expect(mailbox.to('ra@example.org')).toHaveLength(1);
    expect(linkIn(mailbox.to('ra@example.org')[0]!, `${PUBLIC}/t/`)).toBe(`${PUBLIC}/t/rt`);
    // ra moved and is awaited again (a new clock, a new wait): an hour later, one more.
    const again = time.now();
    await a.db
      .updateTable('tables')
      .set({ clocks: clocks(again), deadline: again + 86_400_000 })
      .where('id', '=', 'rt')
      .execute();
    time.advance(61 * 60_000);
    await Promise.all([a.reminders.check(), b.reminders.check()]);
    expect(mailbox.to('ra@example.org')).toHaveLength(2);
  });

  it('one reset link used in two processes at once sets one password', async () => {
    const [a, b] = [await serverProcess(), await serverProcess()];
    await a.db
      .insertInto('users')
      .values({ id: 'pw', name: 'pw', name_key: 'pw', password_hash: 'x', created_at: 0, bot_level: null })
      .execute();
    await a.db.updateTable('users').set({ email: 'pw@example.org' }).where('id', '=', 'pw').execute();
    await a.mail.forgot('pw@example.org', '10.0.0.1');
    const mail = await mailbox.next('pw@example.org');
    const token = linkIn(mail, `${PUBLIC}/password/reset#`).split('#')[1]!;
    const results = await Promise.allSettled([
      a.mail.reset(token, 'first new password', '10.0.0.1'),
      b.mail.reset(token, 'second new password', '10.0.0.2'),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected');
    expect((refused?.reason as { code?: string }).code).toBe('email.linkInvalid');
    const winner = results[0]!.status === 'fulfilled' ? 'first new password' : 'second new password';
    const loser = winner === 'first new password' ? 'second new password' : 'first new password';
    expect(await a.accounts.checkPassword('pw', winner)).toMatchObject({ id: 'pw' });
    expect(await a.accounts.checkPassword('pw', loser)).toBeNull();
  });
});
