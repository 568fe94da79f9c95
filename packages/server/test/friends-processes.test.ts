/**
 * Friends and invitations with two server processes on PostgreSQL and Redis: the limits counted where two requests
 * at once could both find the last place (follows and invitations sent through both processes together stop exactly
 * at the limit), an invitation link opened at once by two people through both processes seats one, two players asking
 * to play again at once get one table, and what one process learns reaches the pages served by the other (an
 * invitation, who is online).
 */
import type { FriendsResponse, InvitationInfo, TableSummary } from '@skyline/protocol';
import { lacking } from '@skyline/testkit/vitest';
import { describe, expect, it } from 'vitest';
import { eventually, TestClient } from './harness.js';
import { newTable, resignedGame } from './friends-tables.js';
import { person } from './moderation-people.js';
import { platformForFile } from './pg.js';

const platform = platformForFile(
  {
    PASSWORD_COST: '10',
    TRUST_PROXY: '1',
    LIMIT_FOLLOWS: '3',
    LIMIT_INVITATIONS_PER_DAY: '3',
    LIMIT_ACTIONS_PER_MINUTE: '100000',
    LIMIT_TABLES_PER_MINUTE: '1000',
    LIMIT_CHAT_PER_MINUTE: '1000',
  },
  2,
);
const url = (process: number) => platform.list[process]!.url;
let names = 0;
const name = (prefix: string) => `${prefix}${++names}`;

/** The same person (their session) connected through the other process too. */
const through = (client: TestClient, process: number) =>
  TestClient.connect(url(process), client.cookie, client.name, client.headers);
const post = (client: TestClient, path: string, body: unknown = {}) => client.http('POST', path, body);

describe.skipIf(lacking('postgres', 'redis'))('friends with several processes', { timeout: 60_000 }, () => {
  it('follows sent at once through both processes stop at LIMIT_FOLLOWS (3), not at 3 per process', async () => {
    const fan = await person(url(0), name('fa'));
    const there = await through(fan, 1);
    const stars = await Promise.all([0, 1, 2, 3, 4, 5, 6, 7].map((k) => person(url(k % 2), name('st'))));
    const answers = await Promise.all(
      stars.map((star, k) => post(k % 2 === 0 ? fan : there, '/api/friends/follow', { name: star.name })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.code)).toEqual(
      Array(5).fill('follow.tooMany'),
    );
    const list = (await fan.http('GET', '/api/friends')).body as unknown as FriendsResponse;
    expect(list.following).toHaveLength(3);
  });

  it('invitations sent at once through both processes stop at LIMIT_INVITATIONS_PER_DAY (3)', async () => {
    const host = await person(url(0), name('ih'));
    const there = await through(host, 1);
    const tableId = await newTable(host, { private: true });
    const guests = await Promise.all([0, 1, 2, 3, 4, 5].map((k) => person(url(k % 2), name('ig'))));
    const answers = await Promise.all(
      guests.map((guest, k) =>
        post(k % 2 === 0 ? host : there, `/api/tables/${tableId}/invite`, { name: guest.name }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body.code)).toEqual(
      Array(3).fill('invite.tooMany'),
    );
  });

  it('an invitation made through one process reaches the invited player’s page on the other, and the friends list there shows who is online', async () => {
    const host = await person(url(0), name('oh'));
    const guest = await person(url(1), name('og'));
    const tableId = await newTable(host, { private: true });
    expect((await post(host, `/api/tables/${tableId}/invite`, { name: guest.name })).status).toBe(200);
    await eventually(
      () =>
        guest.received.some(
          (r) => r.event === 'invitation' && (r.payload as InvitationInfo).tableId === tableId,
        ),
      10_000,
      'the invitation through Redis',
    );
    expect((await post(guest, '/api/friends/follow', { name: host.name })).status).toBe(200);
    const list = (await guest.http('GET', '/api/friends')).body as unknown as FriendsResponse;
    expect(list.following).toEqual([
      {
        name: host.name,
        online: true,
        followsYou: false,
        tables: [{ id: tableId, game: 'nyny', status: 'open' }],
      },
    ]);
  });

  it('a blocked watcher leaves: blocked by the host, their pages on both processes hear nothing more of the table', async () => {
    const host = await person(url(0), name('wh'));
    const watcher = await person(url(1), name('ww'));
    const watcherHere = await through(watcher, 0);
    const other = await person(url(1), name('wo'));
    const tableId = await newTable(host);
    for (const client of [watcher, watcherHere, other])
      expect(await client.request('table:open', { tableId })).toMatchObject({ ok: true });
    const heard = (client: TestClient, text: string) =>
      client.received.some((r) => r.event === 'table:chat' && (r.payload as { text: string }).text === text);
    expect(await host.request('table:chat', { tableId, text: 'before the block' })).toMatchObject({
      ok: true,
    });
    await eventually(
      () => [watcher, watcherHere, other].every((client) => heard(client, 'before the block')),
      10_000,
      'the line before the block, on both processes',
    );
    expect((await post(host, '/api/friends/block', { name: watcher.name })).status).toBe(200);
    // The leave and the lines travel through Redis on channels of their own: lines said until one reaches the watcher
    // nobody blocked (on the blocked watcher's process) and neither of the blocked watcher's pages. Without the leave,
    // every line reaches them, and this waits in vain.
    let deaf = false;
    for (let said = 1; !deaf; said++) {
      expect(said).toBeLessThan(30);
      const text = `probe ${said}`;
      expect(await host.request('table:chat', { tableId, text })).toMatchObject({ ok: true });
      await eventually(() => heard(other, text), 5000, text);
      await new Promise((resolve) => setTimeout(resolve, 200));
      deaf = !heard(watcher, text) && !heard(watcherHere, text);
    }
    // From then on they hear nothing of the table.
    expect(await host.request('table:chat', { tableId, text: 'later still' })).toMatchObject({ ok: true });
    await eventually(() => heard(other, 'later still'), 10_000, 'the last line');
    expect(heard(watcher, 'later still') || heard(watcherHere, 'later still')).toBe(false);
  });

  it('a link opened at once by two people through both processes seats exactly one', async () => {
    const host = await person(url(0), name('lh'));
    const tableId = await newTable(host, { private: true, players: 3 });
    const { token } = (await post(host, `/api/tables/${tableId}/link`)).body as { token: string };
    const [a, b] = await Promise.all([person(url(0), name('la')), person(url(1), name('lb'))]);
    const answers = await Promise.all([
      post(a!, '/api/invitations/accept', { token }),
      post(b!, '/api/invitations/accept', { token }),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 400]);
    const snapshot = (await host.http('GET', `/api/tables/${tableId}`)).body.snapshot as {
      table: TableSummary;
    };
    expect(snapshot.table.seats.filter((s) => s.name !== null)).toHaveLength(2);
  });

  it('two players asking to play again at once, through both processes, get one table and both sit at it', async () => {
    const ann = await person(url(0), name('pa'));
    const bob = await person(url(1), name('pb'));
    const tableId = await resignedGame(ann, bob, bob);
    const [forAnn, forBob] = await Promise.all([
      post(ann, `/api/tables/${tableId}/again`),
      post(bob, `/api/tables/${tableId}/again`),
    ]);
    expect(forAnn.status).toBe(200);
    expect(forBob.status).toBe(200);
    expect(forAnn.body.tableId).toBe(forBob.body.tableId);
    const again = forAnn.body.tableId as string;
    await expect
      .poll(
        async () =>
          (
            (await ann.http('GET', `/api/tables/${again}`)).body.snapshot as { table: TableSummary }
          ).table.seats.map((s) => s.name),
        { timeout: 10_000 },
      )
      .toEqual([bob.name, ann.name]);
  });
});
