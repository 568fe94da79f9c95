/**
 * E-mail for accounts, against a real SMTP server started here (`@skyline/testkit/mailbox`: smtp-server, each message
 * parsed by mailparser): the server sends through its ordinary path (nodemailer, `SMTP_URL`), and every link a test
 * follows is read from a message the SMTP server received. Addresses confirmed by a link; passwords reset by e-mail;
 * the answers that must say nothing; the limits on who can be written to, how often; links used twice, late or
 * altered; a server without SMTP; reminders, once per wait, and their one-click unsubscribe.
 *
 * Links and limits read a time source moved by hand (`ManualTime`). Each client says its own address in
 * `X-Forwarded-For` (the server trusts one proxy), so that the limits per client address are the test's to set.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnServer } from '@skyline/testkit';
import { linkIn, type ReceivedMail } from '@skyline/testkit/mailbox';
import { describe, expect, it } from 'vitest';
import { ManualTime } from '../src/clocks/clocks.js';
import {
  MAIL_PUBLIC_URL,
  eventually,
  known,
  mailServerForFile,
  startNynyTable,
  startTestServer,
  TestClient,
} from './harness.js';

const PUBLIC = MAIL_PUBLIC_URL;
const time = new ManualTime(Date.UTC(2026, 3, 1));
const { server, mailbox } = mailServerForFile({}, { time, trustProxy: 1, clockCheckMs: 3_600_000 });

let people = 0;
/** A new client address for each person, so that no test's limit per client address reaches another's. */
const nextAddress = () => `10.1.${Math.floor(people / 200)}.${(people % 200) + 1}`;

interface Person {
  client: TestClient;
  name: string;
  password: string;
  address: string;
  post(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  get(path: string): Promise<{ status: number; body: Record<string, unknown> }>;
}

/** A guest who chose a password (a registered account), with a socket, from an address of its own. */
async function registered(prefix: string): Promise<Person> {
  people++;
  const name = `${prefix}${people}`;
  const address = nextAddress();
  const client = await TestClient.guest(server.url, name, { 'x-forwarded-for': address });
  const password = `${name} password`;
  expect((await client.http('POST', '/api/register', { password })).status).toBe(200);
  return {
    client,
    name,
    password,
    address,
    post: (path, body = {}) => client.http('POST', path, body),
    get: (path) => client.http('GET', path),
  };
}

/** A request without a session, from `address`. */
async function anonymous(
  path: string,
  body: unknown,
  address: string,
): Promise<{ status: number; body: Record<string, unknown>; ms: number; cookies: string[] }> {
  const start = performance.now();
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  return {
    status: response.status,
    body: answer,
    ms: performance.now() - start,
    cookies: response.headers.getSetCookie(),
  };
}

/** The token of the first link in `mail` to the page at `path` (the part after `#`). */
const tokenIn = (mail: ReceivedMail, path: string) => linkIn(mail, `${PUBLIC}${path}#`).split('#')[1]!;

/** Adds `email` to `person`'s account and opens the link e-mailed to it: the address is then confirmed. */
async function confirmedAddress(person: Person, email: string): Promise<void> {
  expect((await person.post('/api/email', { email, password: person.password })).status).toBe(200);
  const token = tokenIn(await mailbox.next(email), '/email/confirm');
  expect(await anonymous('/api/email/confirm', { token }, person.address)).toMatchObject({
    status: 200,
    body: { email },
  });
}

describe('an address confirmed by the link e-mailed to it', { timeout: 30_000 }, () => {
  it('waits for its link, is the account’s once the link is opened, and the link does not work twice', async () => {
    const ann = await registered('conf');
    const email = 'Ann.Conf@Example.ORG ';
    const added = await ann.post('/api/email', { email, password: ann.password });
    expect(added).toMatchObject({
      status: 200,
      body: { email: null, pendingEmail: 'ann.conf@example.org', mail: true },
    });
    const mail = await mailbox.next('ann.conf@example.org');
    expect(mail.subject).toBe('Skyline: confirm your address');
    expect(mail.text).toContain(`Hello ${ann.name},`);
    expect(mail.text).toContain('valid for 2 days');
    const token = tokenIn(mail, '/email/confirm');
    // Opened in a browser that is not signed in: the link alone proves the mailbox.
    const opened = await anonymous('/api/email/confirm', { token }, '10.200.0.1');
    expect(opened).toMatchObject({ status: 200, body: { email: 'ann.conf@example.org' } });
    expect((await ann.get('/api/account')).body).toMatchObject({
      email: 'ann.conf@example.org',
      pendingEmail: null,
    });
    expect(await anonymous('/api/email/confirm', { token }, '10.200.0.1')).toMatchObject({
      status: 400,
      body: { code: 'email.linkInvalid' },
    });
    ann.client.close();
  });

  it('is refused without the account’s password, and nothing is sent', async () => {
    const bob = await registered('conf');
    const email = 'bob.wrongpass@example.org';
    expect(await bob.post('/api/email', { email, password: 'not my password' })).toMatchObject({
      status: 401,
      body: { code: 'password.wrong' },
    });
    expect(await bob.post('/api/email', { email: 'not an address', password: bob.password })).toMatchObject({
      status: 400,
      body: { code: 'email.invalid' },
    });
    await server.app.mail.drain();
    expect(mailbox.to(email)).toEqual([]);
    expect((await bob.get('/api/account')).body).toMatchObject({ email: null, pendingEmail: null });
    bob.client.close();
  });

  it('a guest has no address to set: only a registered account does', async () => {
    people++;
    const guest = await TestClient.guest(server.url, `guestconf${people}`, {
      'x-forwarded-for': nextAddress(),
    });
    expect(
      await guest.http('POST', '/api/email', { email: 'guest@example.org', password: 'whatever1' }),
    ).toMatchObject({ status: 409, body: { code: 'account.notRegistered' } });
    guest.close();
  });

  it('an address another account confirmed: the same answer, no e-mail to its owner, and a later link is refused', async () => {
    const owner = await registered('taken');
    await confirmedAddress(owner, 'shared@example.org');
    const other = await registered('taken');
    const answer = await other.post('/api/email', { email: 'shared@example.org', password: other.password });
    expect(answer).toMatchObject({ status: 200, body: { pendingEmail: 'shared@example.org' } });
    await server.app.mail.drain();
    expect(mailbox.to('shared@example.org')).toHaveLength(1); // the owner's own confirmation only
    owner.client.close();
    other.client.close();
  });

  it('a link to an address since replaced by another is void; the new one confirms', async () => {
    const cid = await registered('change');
    await cid.post('/api/email', { email: 'first@example.org', password: cid.password });
    const first = tokenIn(await mailbox.next('first@example.org'), '/email/confirm');
    await cid.post('/api/email', { email: 'second@example.org', password: cid.password });
    const second = tokenIn(await mailbox.next('second@example.org'), '/email/confirm');
    expect(await anonymous('/api/email/confirm', { token: first }, cid.address)).toMatchObject({
      status: 400,
      body: { code: 'email.linkInvalid' },
    });
    expect(await anonymous('/api/email/confirm', { token: second }, cid.address)).toMatchObject({
      status: 200,
      body: { email: 'second@example.org' },
    });
    cid.client.close();
  });
});

describe('a forgotten password, reset by e-mail', { timeout: 30_000 }, () => {
  it('the e-mailed link sets a new password, ends every session, and only the new password signs in', async () => {
    const rita = await registered('reset');
    const email = `${rita.name}@example.org`;
    await confirmedAddress(rita, email);
    const forgot = await anonymous('/api/password/forgot', { email: email.toUpperCase() }, '10.201.0.1');
    expect(forgot).toMatchObject({ status: 200, body: { ok: true } });
    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('Skyline: choose a new password');
    expect(mail.text).toContain('valid for 1 hour, once');
    const token = tokenIn(mail, '/password/reset');
    const disconnected = new Promise<void>((resolve) =>
      rita.client.socket.once('disconnect', () => resolve()),
    );
    const reset = await anonymous(
      '/api/password/reset',
      { token, password: 'a brand new password' },
      '10.201.0.1',
    );
    expect(reset).toMatchObject({ status: 200, body: { ok: true, name: rita.name, ended: 1 } });
    // The session that was open (and its socket) ended: whoever held it is out.
    await disconnected;
    expect((await rita.get('/api/me')).status).toBe(401);
    const login = (password: string) => anonymous('/api/login', { name: rita.name, password }, '10.201.0.1');
    expect(await login(rita.password)).toMatchObject({ status: 401, body: { code: 'login.wrong' } });
    expect(await login('a brand new password')).toMatchObject({
      status: 200,
      body: { user: { name: rita.name } },
    });
  });

  it('answers a request for an unknown address as for a known one, without waiting for the e-mail, and sends nothing', async () => {
    const known = await registered('same');
    const email = `${known.name}@example.org`;
    await confirmedAddress(known, email);
    const unknown = 'nobody.here@example.org';
    // A mail server that takes 3 s to accept a message: an answer that waited for the e-mail (or for anything that
    // depends on the address having an account) would take that long for the known address only.
    mailbox.delayMs = 3000;
    try {
      for (let k = 0; k < 2; k++) {
        const a = await anonymous('/api/password/forgot', { email }, `10.202.0.${k + 1}`);
        const b = await anonymous('/api/password/forgot', { email: unknown }, `10.202.1.${k + 1}`);
        expect(b.status).toBe(a.status);
        expect(b.body).toEqual(a.body);
        expect(b.cookies).toEqual(a.cookies);
        // Measured 5–130 ms each on a loaded 2-core machine, known or not.
        expect(a.ms).toBeLessThan(1500);
        expect(b.ms).toBeLessThan(1500);
      }
      await server.app.mail.drain();
    } finally {
      mailbox.delayMs = 0;
    }
    expect(mailbox.to(email)).toHaveLength(1 + 2); // the confirmation, then one reset link per request
    expect(mailbox.to(unknown)).toEqual([]);
  });

  it('a link is refused once used, when altered, when a newer one was sent, and once expired', async () => {
    const tom = await registered('once');
    const email = `${tom.name}@example.org`;
    await confirmedAddress(tom, email);
    const ask = async () => {
      await anonymous('/api/password/forgot', { email }, tom.address);
      return tokenIn(await mailbox.next(email), '/password/reset');
    };
    const reset = (token: string, password = 'another good password') =>
      anonymous('/api/password/reset', { token, password }, tom.address);
    const invalid = { status: 400, body: { code: 'email.linkInvalid' } };

    const first = await ask();
    const [id, secret] = first.split('.') as [string, string];
    const flip = (text: string) => (text.endsWith('A') ? `${text.slice(0, -1)}B` : `${text.slice(0, -1)}A`);
    expect(await reset(`${id}.${flip(secret)}`)).toMatchObject(invalid);
    expect(await reset(`${flip(id)}.${secret}`)).toMatchObject(invalid);
    expect(await reset('not-a-token')).toMatchObject(invalid);
    // A newer link replaces it.
    const second = await ask();
    expect(await reset(first)).toMatchObject(invalid);
    expect(await reset(second)).toMatchObject({ status: 200 });
    expect(await reset(second, 'yet another password')).toMatchObject(invalid);
    // Valid for an hour (RESET_LINK_MINUTES): a minute later, expired.
    const third = await ask();
    time.advance(61 * 60_000);
    expect(await reset(third)).toMatchObject({ status: 410, body: { code: 'email.linkExpired' } });
    expect(await reset(third)).toMatchObject(invalid); // and gone
    const login = await anonymous(
      '/api/login',
      { name: tom.name, password: 'another good password' },
      tom.address,
    );
    expect(login.status).toBe(200);
  });

  it('a reset link to an address the account since removed does not work', async () => {
    const una = await registered('removed');
    const email = `${una.name}@example.org`;
    await confirmedAddress(una, email);
    await anonymous('/api/password/forgot', { email }, una.address);
    const token = tokenIn(await mailbox.next(email), '/password/reset');
    expect(await una.post('/api/email/remove')).toMatchObject({ status: 200, body: { email: null } });
    expect(
      await anonymous('/api/password/reset', { token, password: 'a brand new password' }, una.address),
    ).toMatchObject({ status: 400, body: { code: 'email.linkInvalid' } });
    una.client.close();
  });
});

describe('the limits on e-mail', { timeout: 30_000 }, () => {
  it('five e-mails to one address a day (LIMIT_EMAILS_PER_ADDRESS), known or not: the sixth request is refused alike', async () => {
    const kim = await registered('lim');
    const email = `${kim.name}@example.org`;
    await confirmedAddress(kim, email); // the first of the five
    const stranger = 'stranger.lim@example.org';
    for (let k = 0; k < 4; k++) {
      expect((await anonymous('/api/password/forgot', { email }, `10.203.0.${k + 1}`)).status).toBe(200);
    }
    for (let k = 0; k < 5; k++) {
      expect((await anonymous('/api/password/forgot', { email: stranger }, `10.203.1.${k + 1}`)).status).toBe(
        200,
      );
    }
    const refusedKnown = await anonymous('/api/password/forgot', { email }, '10.203.2.1');
    const refusedStranger = await anonymous('/api/password/forgot', { email: stranger }, '10.203.2.2');
    expect(refusedKnown).toMatchObject({
      status: 429,
      body: { code: 'rate_limited', params: { kind: 'email_address' } },
    });
    expect(refusedStranger.body).toEqual(refusedKnown.body);
    await server.app.mail.drain();
    expect(mailbox.to(email)).toHaveLength(5);
    // A day after the first, the address can be written to again.
    time.advance(24 * 3600_000 + 1000);
    expect((await anonymous('/api/password/forgot', { email }, '10.203.2.3')).status).toBe(200);
    kim.client.close();
  });

  it('twenty e-mail requests an hour from one client address (LIMIT_EMAIL_REQUESTS_PER_IP)', async () => {
    const from = '10.204.0.1';
    for (let k = 0; k < 20; k++) {
      expect((await anonymous('/api/password/forgot', { email: `n${k}@example.org` }, from)).status).toBe(
        200,
      );
    }
    const refused = await anonymous('/api/password/forgot', { email: 'n20@example.org' }, from);
    expect(refused).toMatchObject({
      status: 429,
      body: { code: 'rate_limited', params: { kind: 'email_ip' } },
    });
    expect(Number(refused.body.retryAfter)).toBeGreaterThan(3500);
    expect((await anonymous('/api/password/forgot', { email: 'n20@example.org' }, '10.204.0.2')).status).toBe(
      200,
    );
  });

  it('ten e-mails for one account a day (LIMIT_EMAILS_PER_ACCOUNT), whatever the addresses: the harasser stops', async () => {
    const lou = await registered('acct');
    for (let k = 0; k < 10; k++) {
      const added = await lou.post('/api/email', { email: `victim${k}@example.org`, password: lou.password });
      expect(added.status).toBe(200);
    }
    expect(
      await lou.post('/api/email', { email: 'victim10@example.org', password: lou.password }),
    ).toMatchObject({ status: 429, body: { code: 'rate_limited', params: { kind: 'email_account' } } });
    expect(await lou.post('/api/email/resend')).toMatchObject({
      status: 429,
      body: { params: { kind: 'email_account' } },
    });
    await server.app.mail.drain();
    expect(mailbox.to('victim10@example.org')).toEqual([]);
    lou.client.close();
  });

  it('a reset asked for an account over its own limit sends nothing and answers as always', async () => {
    const max = await registered('quiet');
    const email = `${max.name}@example.org`;
    await confirmedAddress(max, email); // 1 for the account
    for (let k = 0; k < 9; k++)
      await max.post('/api/email', {
        email: `elsewhere${k}.${max.name}@example.org`,
        password: max.password,
      });
    await server.app.mail.drain();
    const before = mailbox.to(email).length;
    const answer = await anonymous('/api/password/forgot', { email }, '10.205.0.1');
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    await server.app.mail.drain();
    expect(mailbox.to(email)).toHaveLength(before);
    max.client.close();
  });
});

describe('a server without SMTP', { timeout: 30_000 }, () => {
  it('refuses what needs e-mail with its code, and everything else works', async () => {
    const plain = await startTestServer(':memory:', {}, {}, {});
    try {
      const guest = await TestClient.guest(plain.url, 'nomail');
      expect((await guest.http('POST', '/api/register', { password: 'a good password' })).status).toBe(200);
      expect((await guest.http('GET', '/api/mail')).body).toEqual({ available: false });
      expect((await guest.http('GET', '/api/account')).body).toMatchObject({ mail: false, email: null });
      const unavailable = { status: 503, body: { code: 'email.unavailable' } };
      expect(
        await guest.http('POST', '/api/email', { email: 'a@example.org', password: 'a good password' }),
      ).toMatchObject(unavailable);
      expect(await guest.http('POST', '/api/password/forgot', { email: 'a@example.org' })).toMatchObject(
        unavailable,
      );
      expect(await guest.http('POST', '/api/account/preferences', { reminderMinutes: 60 })).toMatchObject(
        unavailable,
      );
      // The rest: preferences without e-mail, sessions, a table.
      expect(await guest.http('POST', '/api/account/preferences', { language: 'fr' })).toMatchObject({
        status: 200,
        body: { language: 'fr' },
      });
      expect((await guest.http('GET', '/api/account/sessions')).body).toMatchObject({
        sessions: [{ current: true }],
      });
      expect((await guest.request('table:create', { game: 'nyny', players: 2 })).ok).toBe(true);
      expect(plain.app.reminders).toBeNull();
      guest.close();
    } finally {
      await plain.close();
    }
  });
});

describe('reminders by e-mail', { timeout: 30_000 }, () => {
  it('a game with a clock that waited the chosen time sends one e-mail per wait, with the table’s link and a one-click unsubscribe', async () => {
    const ann = await registered('rem');
    const bob = await registered('rem');
    const email = `${ann.name}@example.org`;
    // Reminders need a confirmed address.
    expect(await ann.post('/api/account/preferences', { reminderMinutes: 60 })).toMatchObject({
      status: 409,
      body: { code: 'email.noConfirmed' },
    });
    await confirmedAddress(ann, email);
    expect(await ann.post('/api/account/preferences', { reminderMinutes: 60, language: 'fr' })).toMatchObject(
      {
        status: 200,
        body: { reminderMinutes: 60, language: 'fr' },
      },
    );
    const tableId = await startNynyTable([ann.client, bob.client], {
      clock: { kind: 'turn', perMove: 86_400 },
    });
    const reminders = server.app.reminders!;
    const sentToAnn = () => mailbox.to(email).filter((mail) => mail.subject.includes('vous attend'));
    let moves = 0;
    /** Plays the move of whichever seat is awaited (the first legal move); returns the mover. */
    const move = async () => {
      const id = `m${++moves}`;
      const version = Math.max(known(ann.client, tableId).version, known(bob.client, tableId).version);
      await eventually(
        () => [ann, bob].every((p) => known(p.client, tableId).version === version),
        5000,
        'both told',
      );
      const mover = [ann, bob].find((p) => known(p.client, tableId).legalMoves.length > 0)!;
      const ack = await mover.client.request('table:move', {
        tableId,
        version,
        id,
        move: known(mover.client, tableId).legalMoves[0],
      });
      expect(ack).toMatchObject({ ok: true });
      await eventually(() => known(ann.client, tableId).version > version, 5000, 'the move told');
      return mover;
    };
    // Make it ann's turn, then let her wait 59 minutes: nothing; 61: one e-mail, and no second for the same wait.
    while (
      known(ann.client, tableId).legalMoves.length === 0 ||
      known(bob.client, tableId).legalMoves.length > 0
    )
      await move();
    time.advance(59 * 60_000);
    await reminders.check();
    await server.app.mail.drain();
    expect(sentToAnn()).toEqual([]);
    time.advance(2 * 60_000);
    // Two looks at once, as two processes would take: one e-mail.
    await Promise.all([reminders.check(), reminders.check()]);
    const mail = await mailbox.next(email);
    expect(mail.subject).toBe('Skyline : New York, New York vous attend');
    expect(mail.text).toContain(`Votre partie de`);
    expect(mail.text).toContain('depuis 1 heure');
    expect(linkIn(mail, `${PUBLIC}/t/`)).toBe(`${PUBLIC}/t/${tableId}`);
    time.advance(5 * 3600_000);
    await reminders.check();
    await server.app.mail.drain();
    expect(sentToAnn()).toHaveLength(1);
    // She moves; once it is her turn again and she waits an hour, a new wait: a second e-mail.
    await move();
    while (
      known(ann.client, tableId).legalMoves.length === 0 ||
      known(bob.client, tableId).legalMoves.length > 0
    )
      await move();
    time.advance(61 * 60_000);
    await reminders.check();
    const second = await mailbox.next(email);
    expect(sentToAnn()).toHaveLength(2);
    // The mail program's own unsubscribe button (RFC 8058): a form post to the List-Unsubscribe address.
    const headerLine = (key: string) => second.parsed.headerLines.find((header) => header.key === key)?.line;
    expect(headerLine('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const unsubscribe = /<([^>]+)>/.exec(headerLine('list-unsubscribe') ?? '')?.[1] ?? '';
    expect(unsubscribe.startsWith(`${PUBLIC}/api/email/unsubscribe?u=`)).toBe(true);
    const query = unsubscribe.slice(unsubscribe.indexOf('?'));
    // An altered signature is refused and changes nothing.
    const tampered = await fetch(`${server.url}/api/email/unsubscribe${query.slice(0, -2)}xx`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(tampered.status).toBe(400);
    expect((await ann.get('/api/account')).body).toMatchObject({ reminderMinutes: 60 });
    const oneClick = await fetch(`${server.url}/api/email/unsubscribe${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await ann.get('/api/account')).body).toMatchObject({ reminderMinutes: null });
    // The link in the text, for the page it opens: the same signature.
    const pageLink = linkIn(second, `${PUBLIC}/unsubscribe#`);
    expect(pageLink.split('#')[1]).toBe(query.slice(1));
    // And no reminder for the next wait.
    await move();
    while (
      known(ann.client, tableId).legalMoves.length === 0 ||
      known(bob.client, tableId).legalMoves.length > 0
    )
      await move();
    time.advance(3 * 3600_000);
    await reminders.check();
    await server.app.mail.drain();
    expect(sentToAnn()).toHaveLength(2);
    ann.client.close();
    bob.client.close();
  }, 30_000);
});

describe('the daily digest', { timeout: 30_000 }, () => {
  it('lists every game awaiting the player in one e-mail a day, instead of a reminder per game, with a one-click unsubscribe', async () => {
    const ann = await registered('dig');
    const bob = await registered('dig');
    const email = `${ann.name}@example.org`;
    // The digest needs a confirmed address, as the reminders do.
    expect(await ann.post('/api/account/preferences', { reminderDigest: true })).toMatchObject({
      status: 409,
      body: { code: 'email.noConfirmed' },
    });
    await confirmedAddress(ann, email);
    // Both chosen: the digest replaces the reminder per game.
    expect(
      await ann.post('/api/account/preferences', { reminderMinutes: 60, reminderDigest: true }),
    ).toMatchObject({
      status: 200,
      body: { reminderMinutes: 60, reminderDigest: true },
    });
    const clock = { kind: 'turn', perMove: 3 * 86_400 };
    // Two games: in each, the seat that moves first is told by the table; ann waits where it is hers.
    const tables = [
      await startNynyTable([ann.client, bob.client], { clock }),
      await startNynyTable([bob.client, ann.client], { clock }),
    ];
    const awaitsAnn = (tableId: string) =>
      known(ann.client, tableId).legalMoves.length > 0 && known(bob.client, tableId).legalMoves.length === 0;
    let moves = 0;
    for (const tableId of tables) {
      while (!awaitsAnn(tableId)) {
        const version = Math.max(known(ann.client, tableId).version, known(bob.client, tableId).version);
        await eventually(
          () => [ann, bob].every((p) => known(p.client, tableId).version === version),
          5000,
          'both told',
        );
        if (awaitsAnn(tableId)) break;
        const mover = [ann, bob].find((p) => known(p.client, tableId).legalMoves.length > 0)!;
        const move = known(mover.client, tableId).legalMoves[0];
        const ack = await mover.client.request('table:move', { tableId, version, id: `d${++moves}`, move });
        expect(ack).toMatchObject({ ok: true });
        await eventually(() => known(ann.client, tableId).version > version, 5000, 'the move told');
      }
    }
    const reminders = server.app.reminders!;
    const sentToAnn = () => mailbox.to(email).filter((mail) => !mail.subject.includes('confirm'));
    time.advance(2 * 3600_000);
    // Two looks at once, as two processes would take: one digest, and no reminder per game.
    await Promise.all([reminders.check(), reminders.check()]);
    const digest = await mailbox.next(email);
    await server.app.mail.drain();
    expect(digest.subject).toBe('Skyline: 2 games are waiting for you');
    expect(digest.text).toContain('These games await your move:');
    for (const tableId of tables) expect(digest.text).toContain(`${PUBLIC}/t/${tableId}`);
    expect(digest.text).toContain('for 2 hours');
    expect(sentToAnn()).toHaveLength(1);
    // Later the same day: nothing more. A day after the first: the next one.
    time.advance(20 * 3600_000);
    await reminders.check();
    await server.app.mail.drain();
    expect(sentToAnn()).toHaveLength(1);
    time.advance(4 * 3600_000);
    await reminders.check();
    const next = await mailbox.next(email);
    expect(next.subject).toBe('Skyline: 2 games are waiting for you');
    // Its one-click unsubscribe (the mail program's button) turns the digest off, and the reminders with it.
    const header = next.parsed.headerLines.find((line) => line.key === 'list-unsubscribe')?.line ?? '';
    const unsubscribe = /<([^>]+)>/.exec(header)?.[1] ?? '';
    const query = unsubscribe.slice(unsubscribe.indexOf('?'));
    expect(linkIn(next, `${PUBLIC}/unsubscribe#`).split('#')[1]).toBe(query.slice(1));
    const oneClick = await fetch(`${server.url}/api/email/unsubscribe${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await ann.get('/api/account')).body).toMatchObject({
      reminderMinutes: null,
      reminderDigest: false,
    });
    time.advance(25 * 3600_000);
    await reminders.check();
    await server.app.mail.drain();
    expect(sentToAnn()).toHaveLength(2);
    ann.client.close();
    bob.client.close();
  }, 30_000);
});

describe('what the log keeps', { timeout: 30_000 }, () => {
  it('a link’s secret, an unsubscribe signature and an address are in no line of the log, at its most detailed level', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skyline-mail-log-'));
    const logFile = join(dir, 'server.log');
    const { url, child } = await spawnServer(
      {
        DATABASE_PATH: join(dir, 'skyline.db'),
        LOG_LEVEL: 'trace',
        PASSWORD_COST: '10',
        SMTP_URL: mailbox.url,
        PUBLIC_URL: PUBLIC,
        WEB_ROOT: '',
      },
      { logFile },
    );
    try {
      const call = async (path: string, body: unknown, cookie = '', type = 'application/json') => {
        const response = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': type, cookie },
          body: type === 'application/json' ? JSON.stringify(body) : String(body),
        });
        return {
          status: response.status,
          cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? cookie,
          body: (await response.json()) as Record<string, unknown>,
        };
      };
      const email = 'logged.nowhere@example.org';
      const { cookie } = await call('/api/session', { name: 'logcheck' });
      expect((await call('/api/register', { password: 'logcheck password' }, cookie)).status).toBe(200);
      expect((await call('/api/email', { email, password: 'logcheck password' }, cookie)).status).toBe(200);
      const confirm = tokenIn(await mailbox.next(email), '/email/confirm');
      expect((await call('/api/email/confirm', { token: confirm })).status).toBe(200);
      expect((await call('/api/password/forgot', { email })).status).toBe(200);
      const reset = tokenIn(await mailbox.next(email), '/password/reset');
      expect(
        (await call('/api/password/reset', { token: reset, password: 'logcheck new password' })).status,
      ).toBe(200);
      // A used link tried again: refused, and the refusal logged without it.
      expect(
        (await call('/api/password/reset', { token: reset, password: 'logcheck new password' })).status,
      ).toBe(400);
      const signature = await fetch(`${url}/api/email/unsubscribe?u=nobody&s=${'x'.repeat(43)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(signature.status).toBe(400);
      const log = readFileSync(logFile, 'utf8');
      // The log is there, and says what happened...
      expect(log).toContain('/api/password/reset');
      expect(log).toContain('/api/email/confirm');
      // ...and none of the secrets, nor the address.
      for (const secret of [
        confirm,
        reset,
        ...confirm.split('.'),
        ...reset.split('.'),
        'x'.repeat(43),
        email,
      ])
        expect(log).not.toContain(secret);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited; // its last lines written before the folder goes
      rmSync(dir, { recursive: true, force: true });
    }
  }, 30_000);
});
