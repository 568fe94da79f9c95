/**
 * Invitations by e-mail, against a real SMTP server started here (`@skyline/testkit/mailbox`): sent only to a player
 * who asked for them and confirmed an address, in their language, with the table's link; never to one who did not
 * ask, nor to one who blocked the inviter.
 */
import { describe, expect, it } from 'vitest';
import { MAIL_PUBLIC_URL, mailServerForFile, type TestClient } from './harness.js';
import { person } from './moderation-people.js';

const PUBLIC = MAIL_PUBLIC_URL;
const { server, mailbox } = mailServerForFile({ actionsPerMinute: 100_000 }, { trustProxy: 1 });

let names = 0;
/** A registered player with a confirmed address (set as the confirmation link would: tested in `email.test.ts`). */
async function withAddress(
  prefix: string,
  language: 'en' | 'fr',
): Promise<{ client: TestClient; email: string }> {
  const client = await person(server.url, `${prefix}${++names}`, { registered: true });
  const email = `${client.name}@example.org`;
  await server.app.db.updateTable('users').set({ email, language }).where('name', '=', client.name).execute();
  return { client, email };
}

async function privateTable(host: TestClient): Promise<string> {
  const ack = await host.request('table:create', { game: 'nyny', players: 2, private: true });
  return ack.tableId as string;
}

describe('invitations by e-mail', { timeout: 30_000 }, () => {
  it('e-mails an invitation, in French, to a player who asked for them, with the link to the table', async () => {
    const host = await person(server.url, `mh${++names}`);
    const { client: guest, email } = await withAddress('mg', 'fr');
    expect(
      (await guest.http('POST', '/api/friends/settings', { invitationsByMail: true })).body,
    ).toMatchObject({
      invitationsByMail: true,
    });
    const tableId = await privateTable(host);
    expect((await host.http('POST', `/api/tables/${tableId}/invite`, { name: guest.name })).status).toBe(200);
    const mail = await mailbox.next(email);
    expect(mail.subject).toBe(`Skyline : ${host.name} vous invite à jouer à New York, New York`);
    expect(mail.text).toContain(`${PUBLIC}/t/${tableId}`);
  });

  it('sends nothing to a player who did not ask, nor to one who blocked the inviter', async () => {
    const host = await person(server.url, `nh${++names}`);
    const quiet = await withAddress('nq', 'en');
    const blocker = await withAddress('nb', 'en');
    expect(
      (await blocker.client.http('POST', '/api/friends/settings', { invitationsByMail: true })).status,
    ).toBe(200);
    expect((await blocker.client.http('POST', '/api/friends/block', { name: host.name })).status).toBe(200);
    const tableId = await privateTable(host);
    expect(
      (await host.http('POST', `/api/tables/${tableId}/invite`, { name: quiet.client.name })).status,
    ).toBe(200);
    expect(
      (await host.http('POST', `/api/tables/${tableId}/invite`, { name: blocker.client.name })).body.code,
    ).toBe('invite.refused');
    await server.app.mail.drain();
    expect(mailbox.to(quiet.email)).toEqual([]);
    expect(mailbox.to(blocker.email)).toEqual([]);
  });
});
