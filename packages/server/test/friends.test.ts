/**
 * Friends, blocks, private tables, invitations and "Play again" on one process (SQLite). Each test is named after the
 * unwanted person it stops or the absence it reproduces: the follower who is not wanted, the blocked player who tries
 * the blocker's tables, the inviter someone blocked, a guessed invitation link, a player over the limits. Several
 * processes racing past a limit: `friends-processes.test.ts`.
 */
import type { FriendsResponse, InvitationInfo, TableSummary } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { eventually, testServerForFile, type TestClient } from './harness.js';
import { commanded, newTable, resignedGame } from './friends-tables.js';
import { person } from './moderation-people.js';

const server = testServerForFile(
  ':memory:',
  { follows: 3, blocks: 3, invitationsPerDay: 3, actionsPerMinute: 100_000, tablesPerMinute: 1000 },
  {},
  { trustProxy: 1 },
);
let names = 0;
const name = (prefix: string) => `${prefix}${++names}`;
const someone = (prefix: string) => person(server.url, name(prefix));

const friendsOf = async (client: TestClient) =>
  (await client.http('GET', '/api/friends')).body as unknown as FriendsResponse;
const post = (client: TestClient, path: string, body: unknown = {}) => client.http('POST', path, body);

const invitationsTo = (client: TestClient) =>
  client.received.filter((r) => r.event === 'invitation').map((r) => r.payload as InvitationInfo);

describe('following', { timeout: 30_000 }, () => {
  it('shows a followed player online and at the table they sit at, and offline once their pages close', async () => {
    const ann = await someone('ann');
    const bob = await someone('bob');
    expect((await post(ann, '/api/friends/follow', { name: bob.name })).status).toBe(200);
    // Following twice changes nothing.
    expect((await post(ann, '/api/friends/follow', { name: bob.name })).status).toBe(200);
    const tableId = await newTable(bob);
    const list = await friendsOf(ann);
    expect(list.following).toEqual([
      {
        name: bob.name,
        online: true,
        followsYou: false,
        tables: [{ id: tableId, game: 'nyny', status: 'open' }],
      },
    ]);
    expect((await friendsOf(bob)).followers).toEqual([ann.name]);
    bob.socket.disconnect();
    await eventually(() => !bob.socket.connected, 5000, 'bob gone');
    const later = await friendsOf(ann);
    await expect.poll(async () => (await friendsOf(ann)).following[0]?.online, { timeout: 5000 }).toBe(false);
    expect(later.following[0]?.name).toBe(bob.name);
  });

  it('a follower who is not wanted: a player who refuses follows loses their followers and cannot be followed, in the words an unknown name gets', async () => {
    const fan = await someone('fan');
    const star = await someone('star');
    expect((await post(fan, '/api/friends/follow', { name: star.name })).status).toBe(200);
    const settings = await post(star, '/api/friends/settings', { refuseFollows: true });
    expect(settings.body).toMatchObject({ refuseFollows: true, followers: [] });
    expect((await friendsOf(fan)).following).toEqual([]);
    const refused = await post(fan, '/api/friends/follow', { name: star.name });
    const unknown = await post(fan, '/api/friends/follow', { name: 'nobody-here' });
    expect(refused).toEqual({
      status: 409,
      body: { error: `${star.name} cannot be followed`, code: 'follow.refused', params: { name: star.name } },
    });
    expect(unknown.status).toBe(refused.status);
    expect(unknown.body.code).toBe('follow.refused');
  });

  it('refuses following oneself, and a follower over LIMIT_FOLLOWS (3 here), with nothing stored', async () => {
    const me = await someone('me');
    expect((await post(me, '/api/friends/follow', { name: me.name })).body).toMatchObject({
      code: 'follow.self',
    });
    const others = await Promise.all([1, 2, 3, 4].map(() => someone('o')));
    for (const other of others.slice(0, 3))
      expect((await post(me, '/api/friends/follow', { name: other.name })).status).toBe(200);
    const over = await post(me, '/api/friends/follow', { name: others[3]!.name });
    expect(over).toMatchObject({ status: 429, body: { code: 'follow.tooMany', params: { n: 3 } } });
    expect((await friendsOf(me)).following.map((f) => f.name).sort()).toEqual(
      others
        .slice(0, 3)
        .map((o) => o.name)
        .sort(),
    );
    // Unfollowing one makes room.
    expect((await post(me, '/api/friends/unfollow', { name: others[0]!.name })).status).toBe(200);
    expect((await post(me, '/api/friends/follow', { name: others[3]!.name })).status).toBe(200);
  });
});

describe('blocking', { timeout: 30_000 }, () => {
  it('follows after a block: the blocked player’s follow is removed, and following again is refused as for a player who refuses follows', async () => {
    const pest = await someone('pest');
    const victim = await someone('vic');
    expect((await post(pest, '/api/friends/follow', { name: victim.name })).status).toBe(200);
    expect((await post(victim, '/api/friends/block', { name: pest.name })).status).toBe(200);
    expect((await friendsOf(pest)).following).toEqual([]);
    expect((await friendsOf(victim)).blocked).toEqual([pest.name]);
    const again = await post(pest, '/api/friends/follow', { name: victim.name });
    expect(again).toEqual({
      status: 409,
      body: {
        error: `${victim.name} cannot be followed`,
        code: 'follow.refused',
        params: { name: victim.name },
      },
    });
    // The blocked player's own list says nothing of it.
    expect(JSON.stringify(await friendsOf(pest))).not.toContain(victim.name);
    // Unblocked, they may follow again.
    expect((await post(victim, '/api/friends/unblock', { name: pest.name })).status).toBe(200);
    expect((await post(pest, '/api/friends/follow', { name: victim.name })).status).toBe(200);
  });

  it('a blocked player can neither sit at nor watch the blocker’s table, refused in a private table’s words', async () => {
    const host = await someone('host');
    const pest = await someone('pest');
    const tableId = await newTable(host);
    expect((await post(host, '/api/friends/block', { name: pest.name })).status).toBe(200);
    const watch = await pest.request('table:open', { tableId });
    expect(watch).toMatchObject({ ok: false, code: 'table.privateWatch' });
    expect((await pest.http('GET', `/api/tables/${tableId}`)).body).toMatchObject({
      code: 'table.privateWatch',
    });
    const join = await pest.request('table:command', { tableId, command: { name: 'join' } });
    expect(join).toMatchObject({ ok: false, code: 'table.privateWatch' });
    const said = await pest.request('table:chat', { tableId, text: 'hello' });
    expect(said).toMatchObject({ ok: false, code: 'table.privateWatch' });
    // Someone else still sits down.
    const friend = await someone('fr');
    expect(await friend.request('table:command', { tableId, command: { name: 'join' } })).toMatchObject({
      ok: true,
    });
  });

  it('a blocked player’s lobby lists none of the blocker’s tables, and hears of none, while others’ do', async () => {
    const host = await someone('lh');
    const pest = await someone('lp');
    const other = await someone('lo');
    expect((await post(host, '/api/friends/block', { name: pest.name })).status).toBe(200);
    for (const client of [pest, other])
      expect(await client.request('lobby:open', {})).toMatchObject({ ok: true });
    const tableId = await newTable(host);
    const heard = (client: TestClient) =>
      client.received.some((r) => r.event === 'lobby:table' && (r.payload as TableSummary).id === tableId);
    await eventually(() => heard(other), 5000, 'the lobby hearing of the table');
    const listed = async (client: TestClient) =>
      ((await client.http('GET', '/api/tables')).body.tables as TableSummary[]).some((t) => t.id === tableId);
    expect(await listed(other)).toBe(true);
    expect(await listed(pest)).toBe(false);
    const reopened = await pest.request('lobby:open', {});
    expect((reopened.tables as TableSummary[]).some((t) => t.id === tableId)).toBe(false);
    // The other player heard of it first: had the pest been told, it would be by now.
    expect(heard(pest)).toBe(false);
  });

  it('refuses blocking oneself and a player over LIMIT_BLOCKS (3 here)', async () => {
    const me = await someone('bl');
    expect((await post(me, '/api/friends/block', { name: me.name })).body).toMatchObject({
      code: 'block.self',
    });
    const others = await Promise.all([1, 2, 3, 4].map(() => someone('x')));
    for (const other of others.slice(0, 3))
      expect((await post(me, '/api/friends/block', { name: other.name })).status).toBe(200);
    expect(await post(me, '/api/friends/block', { name: others[3]!.name })).toMatchObject({
      status: 429,
      body: { code: 'block.tooMany' },
    });
  });
});

describe('private tables and invitations', { timeout: 30_000 }, () => {
  it('a private table is not in the lobby, nor told to it; an uninvited player cannot sit there, an invited one can', async () => {
    const host = await someone('ph');
    const lurker = await someone('lu');
    const guest = await someone('gu');
    const lobby = await lurker.request('lobby:open', {});
    expect(lobby).toMatchObject({ ok: true });
    const tableId = await newTable(host, { private: true });
    const listed = ((await lurker.http('GET', '/api/tables')).body.tables as TableSummary[]).map((t) => t.id);
    expect(listed).not.toContain(tableId);
    expect(await lurker.request('table:command', { tableId, command: { name: 'join' } })).toMatchObject({
      ok: false,
      code: 'table.private',
    });
    // Anyone may watch (the host chose no otherwise).
    expect(await lurker.request('table:open', { tableId })).toMatchObject({ ok: true });

    const sent = await post(host, `/api/tables/${tableId}/invite`, { name: guest.name });
    expect(sent.status).toBe(200);
    // The invited player hears of it on the page they have open, and finds it in "My games".
    await eventually(() => invitationsTo(guest).length === 1, 5000, 'the invitation event');
    expect(invitationsTo(guest)[0]).toMatchObject({ tableId, from: host.name, game: 'nyny' });
    const mine = (await guest.http('GET', '/api/my/invitations')).body.invitations as InvitationInfo[];
    expect(mine.map((i) => i.tableId)).toEqual([tableId]);
    expect(await guest.request('table:command', { tableId, command: { name: 'join' } })).toMatchObject({
      ok: true,
    });
    // Seated: no longer waiting in "My games".
    expect((await guest.http('GET', '/api/my/invitations')).body.invitations).toEqual([]);
    // The lobby never heard of the table.
    expect(
      lurker.received.some((r) => r.event === 'lobby:table' && (r.payload as TableSummary).id === tableId),
    ).toBe(false);
  });

  it('a private table whose host lets only the invited watch refuses everyone else its page', async () => {
    const host = await someone('sh');
    const other = await someone('so');
    const tableId = await newTable(host, { private: true, spectators: 'invited' });
    expect(await other.request('table:open', { tableId })).toMatchObject({
      ok: false,
      code: 'table.privateWatch',
    });
    expect((await post(host, `/api/tables/${tableId}/invite`, { name: other.name })).status).toBe(200);
    expect(await other.request('table:open', { tableId })).toMatchObject({ ok: true });
  });

  it('invitations to someone who blocked you are refused in an unknown name’s words and never reach them', async () => {
    const pest = await someone('ip');
    const victim = await someone('iv');
    expect((await post(victim, '/api/friends/block', { name: pest.name })).status).toBe(200);
    const tableId = await newTable(pest, { private: true });
    const blocked = await post(pest, `/api/tables/${tableId}/invite`, { name: victim.name });
    const unknown = await post(pest, `/api/tables/${tableId}/invite`, { name: 'nobody-at-all' });
    expect(blocked).toEqual({
      status: 409,
      body: {
        error: `${victim.name} cannot be invited to this table`,
        code: 'invite.refused',
        params: { name: victim.name },
      },
    });
    expect(unknown.body.code).toBe('invite.refused');
    expect((await victim.http('GET', '/api/my/invitations')).body.invitations).toEqual([]);
    expect(invitationsTo(victim)).toEqual([]);
  });

  it('an invitation declined is not sent again, and a player is invited once per table', async () => {
    const host = await someone('dh');
    const guest = await someone('dg');
    const tableId = await newTable(host, { private: true });
    expect((await post(host, `/api/tables/${tableId}/invite`, { name: guest.name })).status).toBe(200);
    const [invitation] = (await guest.http('GET', '/api/my/invitations')).body
      .invitations as InvitationInfo[];
    expect((await post(guest, `/api/invitations/${invitation!.id}/decline`)).status).toBe(200);
    expect(await post(host, `/api/tables/${tableId}/invite`, { name: guest.name })).toMatchObject({
      status: 409,
      body: { code: 'invite.already' },
    });
    // Declined: it no longer seats them.
    expect(await guest.request('table:command', { tableId, command: { name: 'join' } })).toMatchObject({
      ok: false,
      code: 'table.private',
    });
  });

  it('an inviter over LIMIT_INVITATIONS_PER_DAY (3 here, links included) is refused, and nothing more is sent', async () => {
    const host = await someone('lh');
    const tableId = await newTable(host, { private: true });
    const invited = await Promise.all([1, 2, 3].map(() => someone('li')));
    for (const guest of invited.slice(0, 2))
      expect((await post(host, `/api/tables/${tableId}/invite`, { name: guest.name })).status).toBe(200);
    expect((await post(host, `/api/tables/${tableId}/link`)).status).toBe(200);
    expect(await post(host, `/api/tables/${tableId}/invite`, { name: invited[2]!.name })).toMatchObject({
      status: 429,
      body: { code: 'invite.tooMany', params: { n: 3 } },
    });
    expect(await post(host, `/api/tables/${tableId}/link`)).toMatchObject({
      status: 429,
      body: { code: 'invite.tooMany' },
    });
    expect(invitationsTo(invited[2]!)).toEqual([]);
  });

  it('an abandoned private table is removed with its invitations and links, which then seat nobody', async () => {
    const host = await someone('ah');
    const guest = await someone('ag');
    const tableId = await newTable(host, { private: true });
    expect((await post(host, `/api/tables/${tableId}/invite`, { name: guest.name })).status).toBe(200);
    const { token } = (await post(host, `/api/tables/${tableId}/link`)).body as { token: string };
    const removed = await server.app.expireOpenTables(Date.now() + 24 * 3600_000);
    expect(removed).toContain(tableId);
    expect(
      await server.app.db.selectFrom('invitations').select('id').where('table_id', '=', tableId).execute(),
    ).toEqual([]);
    expect((await guest.http('GET', '/api/my/invitations')).body.invitations).toEqual([]);
    expect(await post(guest, '/api/invitations/accept', { token })).toMatchObject({
      status: 400,
      body: { code: 'invite.linkInvalid' },
    });
  });

  it('a private table does not leak on a profile: its host, its players and the invited see it, nobody else does', async () => {
    const host = await someone('vh');
    const guest = await someone('vg');
    const invited = await someone('vi');
    const stranger = await someone('vs');
    // A finished private game of host and guest, a private table still open, and a public game for comparison.
    const finished = await newTable(host, { private: true });
    expect((await post(host, `/api/tables/${finished}/invite`, { name: guest.name })).status).toBe(200);
    await commanded(guest, finished, 'join');
    await commanded(host, finished, 'start');
    await commanded(guest, finished, 'resign');
    const open = await newTable(host, { private: true });
    expect((await post(host, `/api/tables/${open}/invite`, { name: invited.name })).status).toBe(200);
    const lobbyGame = await resignedGame(host, stranger, stranger);
    const listed = async (reader: TestClient | null) => {
      const path = `/api/players/${host.name}`;
      const response = reader ? await reader.http('GET', path) : await fetch(`${server.url}${path}`);
      const body = (reader ? (response as { body: unknown }).body : await (response as Response).json()) as {
        recent: { tableId: string }[];
        current: { tableId: string }[];
        played: number;
      };
      return {
        recent: body.recent.map((g) => g.tableId),
        current: body.current.map((g) => g.tableId),
        played: body.played,
      };
    };
    // Nobody signed in, and a player who never was at or invited to either table: only the public game.
    for (const reader of [null, stranger])
      expect(await listed(reader)).toEqual({ recent: [lobbyGame], current: [], played: 2 });
    // The host sees everything; the guest who played the finished game sees it; the invited one sees the open table.
    expect(await listed(host)).toEqual({ recent: [lobbyGame, finished], current: [open], played: 2 });
    expect(await listed(guest)).toEqual({ recent: [lobbyGame, finished], current: [], played: 2 });
    expect(await listed(invited)).toEqual({ recent: [lobbyGame], current: [open], played: 2 });
  });

  it('only a player at the table invites to it', async () => {
    const host = await someone('nh');
    const stranger = await someone('ns');
    const tableId = await newTable(host);
    expect(await post(stranger, `/api/tables/${tableId}/invite`, { name: host.name })).toMatchObject({
      status: 403,
      body: { code: 'invite.notSeated' },
    });
    expect(await post(stranger, `/api/tables/${tableId}/link`)).toMatchObject({
      status: 403,
      body: { code: 'invite.notSeated' },
    });
  });
});

describe('invitation links', { timeout: 30_000 }, () => {
  it('a guessed invitation token is refused, whether its id or its secret is wrong, in the same words as a used one', async () => {
    const host = await someone('gh');
    const tableId = await newTable(host, { private: true });
    const { token } = (await post(host, `/api/tables/${tableId}/link`)).body as { token: string };
    const [id, secret] = token.split('.') as [string, string];
    const guesser = await someone('gg');
    const flipped = secret.slice(0, -1) + (secret.endsWith('A') ? 'B' : 'A');
    for (const guess of [`${id}.${flipped}`, `${'A'.repeat(16)}.${secret}`, `${id}.${'A'.repeat(43)}`]) {
      expect(await post(guesser, '/api/invitations/accept', { token: guess })).toEqual({
        status: 400,
        body: {
          error: 'this invitation link is not valid, or it was already used: ask for a new one',
          code: 'invite.linkInvalid',
        },
      });
    }
    // A malformed one is refused by its shape, before anything is read.
    expect((await post(guesser, '/api/invitations/accept', { token: 'x' })).status).toBe(400);
    expect(await guesser.request('table:command', { tableId, command: { name: 'join' } })).toMatchObject({
      ok: false,
      code: 'table.private',
    });
  });

  it('a link seats a new guest who opens it, once: a second person is refused, the first may open it again', async () => {
    const host = await someone('kh');
    const tableId = await newTable(host, { private: true });
    const { token } = (await post(host, `/api/tables/${tableId}/link`)).body as { token: string };
    const newcomer = await someone('kn');
    expect(await post(newcomer, '/api/invitations/accept', { token })).toEqual({
      status: 200,
      body: { tableId },
    });
    const snapshot = (await newcomer.http('GET', `/api/tables/${tableId}`)).body.snapshot as {
      table: TableSummary;
    };
    expect(snapshot.table.seats.map((s) => s.name)).toEqual([host.name, newcomer.name]);
    expect(await post(newcomer, '/api/invitations/accept', { token })).toEqual({
      status: 200,
      body: { tableId },
    });
    const second = await someone('ks');
    expect(await post(second, '/api/invitations/accept', { token })).toMatchObject({
      status: 400,
      body: { code: 'invite.linkInvalid' },
    });
  });

  it('an expired link says so only to whoever holds it', async () => {
    const host = await someone('eh');
    const tableId = await newTable(host, { private: true });
    const { token } = (await post(host, `/api/tables/${tableId}/link`)).body as { token: string };
    const id = token.split('.')[0] as string;
    await server.app.db.updateTable('invitations').set({ expires_at: 1 }).where('id', '=', id).execute();
    const late = await someone('el');
    expect(await post(late, '/api/invitations/accept', { token })).toMatchObject({
      status: 410,
      body: { code: 'invite.linkExpired' },
    });
  });

  it('a link does not seat a player the table’s host blocked: refused as at any private table', async () => {
    const host = await someone('bh');
    const seated = await someone('bs');
    const pest = await someone('bp');
    const tableId = await newTable(host, { private: true, players: 3 });
    expect((await post(host, `/api/tables/${tableId}/invite`, { name: seated.name })).status).toBe(200);
    expect(await seated.request('table:command', { tableId, command: { name: 'join' } })).toMatchObject({
      ok: true,
    });
    expect((await post(host, '/api/friends/block', { name: pest.name })).status).toBe(200);
    const { token } = (await post(seated, `/api/tables/${tableId}/link`)).body as { token: string };
    expect(await post(pest, '/api/invitations/accept', { token })).toMatchObject({
      status: 409,
      body: { code: 'table.private' },
    });
  });
});

describe('play again', { timeout: 60_000 }, () => {
  it('opens a new table with the same game and options, seats rotated, and starts once everyone accepted', async () => {
    const ann = await someone('pa');
    const bob = await someone('pb');
    const tableId = await newTable(ann, { private: true, options: {} });
    expect((await post(ann, `/api/tables/${tableId}/invite`, { name: bob.name })).status).toBe(200);
    await commanded(bob, tableId, 'join');
    await commanded(ann, tableId, 'start');
    // Not over yet.
    expect(await post(ann, `/api/tables/${tableId}/again`)).toMatchObject({
      status: 409,
      body: { code: 'again.notOver' },
    });
    await commanded(bob, tableId, 'resign');
    // Someone who did not play cannot.
    const stranger = await someone('pc');
    expect(await post(stranger, `/api/tables/${tableId}/again`)).toMatchObject({
      status: 403,
      body: { code: 'again.notPlayer' },
    });

    const asked = await post(ann, `/api/tables/${tableId}/again`);
    expect(asked.status).toBe(200);
    const again = asked.body.tableId as string;
    expect(again).not.toBe(tableId);
    await eventually(
      () => invitationsTo(bob).some((i) => i.tableId === again),
      5000,
      'the invitation to play again',
    );
    expect(invitationsTo(bob).find((i) => i.tableId === again)).toMatchObject({
      againOf: tableId,
      from: ann.name,
    });
    // Ann sat at seat 1 (index 0): she now sits at seat 2.
    const before = (await ann.http('GET', `/api/tables/${again}`)).body.snapshot as { table: TableSummary };
    expect(before.table).toMatchObject({ status: 'open', private: true, againOf: tableId, game: 'nyny' });
    expect(before.table.seats.map((s) => s.name)).toEqual([null, ann.name]);

    expect(await post(bob, `/api/tables/${tableId}/again`)).toEqual({
      status: 200,
      body: { tableId: again },
    });
    const after = (await bob.http('GET', `/api/tables/${again}`)).body.snapshot as { table: TableSummary };
    expect(after.table.seats.map((s) => s.name)).toEqual([bob.name, ann.name]);
    expect(after.table.status).toBe('playing');
  });

  it('starts once the last player sits down with the table’s own button, not only through "Play again"', async () => {
    const ann = await someone('ra');
    const bob = await someone('rb');
    const tableId = await resignedGame(ann, bob, bob);
    const again = (await post(ann, `/api/tables/${tableId}/again`)).body.tableId as string;
    expect(
      await bob.request('table:command', { tableId: again, command: { name: 'join', seat: 0 } }),
    ).toMatchObject({ ok: true });
    await expect
      .poll(
        async () =>
          ((await ann.http('GET', `/api/tables/${again}`)).body.snapshot as { table: TableSummary }).table
            .status,
        { timeout: 5000 },
      )
      .toBe('playing');
  });

  it('starts with a bot in the seat of a player who left, when the host asked for bots', async () => {
    const ann = await someone('qa');
    const bob = await someone('qb');
    const tableId = await resignedGame(ann, bob, ann);
    const again = (await post(bob, `/api/tables/${tableId}/again`, { bots: true })).body.tableId as string;
    const [invitation] = (await ann.http('GET', '/api/my/invitations')).body.invitations as InvitationInfo[];
    expect(invitation).toMatchObject({ tableId: again, againOf: tableId });
    expect((await post(ann, `/api/invitations/${invitation!.id}/decline`)).status).toBe(200);
    const table = ((await bob.http('GET', `/api/tables/${again}`)).body.snapshot as { table: TableSummary })
      .table;
    expect(table.status).toBe('playing');
    expect(table.seats[0]?.name).toBe(bob.name);
    expect(table.seats[1]?.bot).toBe('greedy');
  });
});
