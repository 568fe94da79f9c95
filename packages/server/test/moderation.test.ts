/**
 * Moderation on one process (SQLite): who may act (the role read from the database at every request and socket
 * event), what each action does to players, chat lines and tables, players' reports and their limits, and the audit
 * log that keeps every action. Several processes (bans heard everywhere, counts under concurrency):
 * `moderation-processes.test.ts`.
 */
import { createHash } from 'node:crypto';
import { replayRecord, recordStatus, type GameRecord } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import type { AuditEntry, ChatLine, ReportInfo, TableSummary } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { setRole } from '../src/moderation/roles.js';
import { eventually, testServerForFile, type TestClient } from './harness.js';
import { freshAddress, person, staff } from './moderation-people.js';
import { playOpening, startedTable } from './rating-games.js';

const server = testServerForFile(
  ':memory:',
  { reportsPerDay: 3, addressReportsPerDay: 1_000_000 },
  {},
  { trustProxy: 1 },
);
const db = () => server.app.db;
let names = 0;
const name = (prefix: string) => `${prefix}${++names}`;
const reason = { reason: 'for the test' };

/** The audit log as stored, oldest first. */
const auditRows = () => db().selectFrom('moderation_log').selectAll().orderBy('id').execute();

/** What a page learns of itself: the user `/api/me` answers. */
async function me(client: TestClient) {
  return (await client.http('GET', '/api/me')).body.user as { id: string; name: string; registered: boolean };
}

async function lobbyLine(client: TestClient, text: string): Promise<ChatLine> {
  const ack = await client.request('lobby:chat', { text });
  expect(ack).toMatchObject({ ok: true });
  return ack.line as ChatLine;
}

describe('who may moderate', { timeout: 30_000 }, () => {
  it('refuses a player every moderation route, with a coded word, and changes nothing', async () => {
    const player = await person(server.url, name('pl'), { registered: true });
    const target = await person(server.url, name('tg'));
    const line = await lobbyLine(target, 'hello');
    const tableId = (await player.request('table:create', { game: 'nyny', players: 2 })).tableId as string;
    const before = (await auditRows()).length;
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/moderation/reports'],
      ['POST', '/api/moderation/reports/r1/resolve', { outcome: 'dismissed' }],
      ['GET', '/api/moderation/players?q=t'],
      ['GET', `/api/moderation/players/${target.name}`],
      ['POST', `/api/moderation/players/${target.name}/mute`, { minutes: 10, ...reason }],
      ['POST', `/api/moderation/players/${target.name}/unmute`, reason],
      ['POST', `/api/moderation/players/${target.name}/ban`, reason],
      ['POST', `/api/moderation/players/${target.name}/unban`, reason],
      ['POST', `/api/moderation/players/${player.name}/role`, { role: 'admin', ...reason }],
      ['POST', `/api/moderation/chat/${line.id}/hide`, reason],
      ['GET', '/api/moderation/tables/broken'],
      ['POST', `/api/moderation/tables/${tableId}/close`, reason],
      ['POST', `/api/moderation/tables/${tableId}/release`, reason],
      ['POST', `/api/moderation/tables/${tableId}/delete`, reason],
      ['GET', '/api/moderation/audit'],
    ];
    for (const [method, path, body] of routes) {
      const answer = await player.http(method, path, body);
      expect([path, answer.status, answer.body]).toEqual([
        path,
        403,
        {
          error: 'only a moderator of this server can do this',
          code: 'moderation.notAllowed',
          params: { role: 'moderator' },
        },
      ]);
      // Signed out: asked to sign in first.
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      expect([path, response.status]).toEqual([path, 401]);
    }
    expect((await auditRows()).length).toBe(before);
    expect((await target.request('lobby:chat', { text: 'still here' })).ok).toBe(true);
    expect((await player.open(tableId)).table.status).toBe('open');
    expect((await player.http('GET', '/api/moderation/role')).body).toEqual({ role: 'player' });
    player.close();
    target.close();
  });

  it('refuses a player’s moderation:act over the socket, and a moderator’s once the role is taken away', async () => {
    const player = await person(server.url, name('pl'));
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const target = await person(server.url, name('tg'));
    const mute = { action: 'mute', player: target.name, minutes: 5, ...reason };
    expect(await player.request('moderation:act', mute)).toMatchObject({
      ok: false,
      code: 'moderation.notAllowed',
    });
    const done = await mod.request('moderation:act', mute);
    expect(done).toMatchObject({ ok: true, entry: { action: 'mute', actor: mod.name, player: target.name } });
    // Taken away while its socket stays open: the next event on the same socket is refused.
    await setRole(db(), mod.name, 'player', null, 'for the test');
    expect(
      await mod.request('moderation:act', { action: 'unmute', player: target.name, ...reason }),
    ).toMatchObject({ ok: false, code: 'moderation.notAllowed' });
    expect(await player.request('moderation:act', { action: 'mute', player: 'x' })).toMatchObject({
      ok: false,
      code: 'request.unreadable',
    });
    for (const client of [player, mod, target]) client.close();
  });

  it('refuses a moderator who grants roles or reads the audit log; an admin may', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const admin = await staff(db(), server.url, name('ad'), 'admin');
    const other = await person(server.url, name('pl'), { registered: true });
    for (const role of ['moderator', 'admin', 'player'])
      expect(
        await mod.http('POST', `/api/moderation/players/${other.name}/role`, { role, ...reason }),
      ).toEqual({
        status: 403,
        body: {
          error: 'only an admin of this server can do this',
          code: 'moderation.notAllowed',
          params: { role: 'admin' },
        },
      });
    expect((await mod.http('GET', '/api/moderation/audit')).status).toBe(403);
    expect(
      (await mod.http('POST', `/api/moderation/players/${mod.name}/role`, { role: 'admin', ...reason }))
        .status,
    ).toBe(403);
    const granted = await admin.http('POST', `/api/moderation/players/${other.name}/role`, {
      role: 'moderator',
      ...reason,
    });
    expect(granted.body.entry).toMatchObject({
      action: 'role',
      actor: admin.name,
      player: other.name,
      details: { from: 'player', to: 'moderator' },
    });
    expect((await other.http('GET', '/api/moderation/role')).body).toEqual({ role: 'moderator' });
    // A guest cannot be given a role.
    const guest = await person(server.url, name('gu'));
    expect(
      await admin.http('POST', `/api/moderation/players/${guest.name}/role`, {
        role: 'moderator',
        ...reason,
      }),
    ).toMatchObject({ status: 409, body: { code: 'moderation.notRegistered' } });
    for (const client of [mod, admin, other, guest]) client.close();
  });

  it('keeps the last admin: an admin cannot take the role from themselves while alone, and can once another is made', async () => {
    // Admins made by the other tests of this file are taken away first: this one is alone.
    for (const row of await db().selectFrom('users').select('name').where('role', '=', 'admin').execute())
      await db().updateTable('users').set({ role: null }).where('name', '=', row.name).execute();
    const admin = await staff(db(), server.url, name('ad'), 'admin');
    const refused = await admin.http('POST', `/api/moderation/players/${admin.name}/role`, {
      role: 'moderator',
      ...reason,
    });
    expect(refused).toEqual({
      status: 409,
      body: {
        error: `${admin.name} is the last admin: make another player an admin first`,
        code: 'moderation.lastAdmin',
        params: { name: admin.name },
      },
    });
    await expect(setRole(db(), admin.name, 'player', null, 'the command line')).rejects.toMatchObject({
      code: 'moderation.lastAdmin',
    });
    expect((await admin.http('GET', '/api/moderation/role')).body).toEqual({ role: 'admin' });
    const second = await person(server.url, name('ad'), { registered: true });
    await admin.http('POST', `/api/moderation/players/${second.name}/role`, { role: 'admin', ...reason });
    expect(
      (await second.http('POST', `/api/moderation/players/${admin.name}/role`, { role: 'player', ...reason }))
        .status,
    ).toBe(200);
    expect(
      (
        await second.http('POST', `/api/moderation/players/${second.name}/role`, {
          role: 'player',
          ...reason,
        })
      ).body.code,
    ).toBe('moderation.lastAdmin');
    admin.close();
    second.close();
  });

  it('refuses a moderator who mutes or bans another moderator or an admin', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const other = await staff(db(), server.url, name('md'), 'moderator');
    const mute = await mod.http('POST', `/api/moderation/players/${other.name}/mute`, {
      minutes: 5,
      ...reason,
    });
    expect(mute).toMatchObject({
      status: 409,
      body: { code: 'moderation.staff', params: { role: 'moderator' } },
    });
    const ban = await mod.http('POST', `/api/moderation/players/${other.name}/ban`, reason);
    expect(ban).toMatchObject({ status: 409, body: { code: 'moderation.staff' } });
    expect((await other.http('GET', '/api/me')).status).toBe(200);
    mod.close();
    other.close();
  });
});

describe('mutes', { timeout: 30_000 }, () => {
  it('refuses a muted player’s chat lines in the lobby and at tables with a coded word; others chat on; unmuted, they chat again', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const muted = await person(server.url, name('mu'));
    const other = await person(server.url, name('ot'));
    const tableId = (await other.request('table:create', { game: 'nyny', players: 2 })).tableId as string;
    await muted.open(tableId);
    const answer = await mod.http('POST', `/api/moderation/players/${muted.name}/mute`, {
      minutes: 90,
      ...reason,
    });
    expect(answer.status).toBe(200);
    const refusal = {
      ok: false,
      error: 'a moderator has muted you: you can chat again in 90 min',
      code: 'chat.muted',
      params: { unit: 'minutes', n: 90 },
    };
    expect(await muted.request('lobby:chat', { text: 'muted words' })).toEqual(refusal);
    expect(await muted.request('table:chat', { tableId, text: 'muted words' })).toEqual(refusal);
    // Commands are not chat: a muted player still sits down.
    expect(await muted.command(tableId, '/join')).toMatchObject({ ok: true });
    expect(await other.request('lobby:chat', { text: 'fine here' })).toMatchObject({ ok: true });
    expect(await other.request('table:chat', { tableId, text: 'and here' })).toMatchObject({ ok: true });
    // Nothing the muted player said was stored.
    const said = await db().selectFrom('chat').select('text').where('text', '=', 'muted words').execute();
    expect(said).toEqual([]);
    // A longer mute says hours, then days.
    await mod.http('POST', `/api/moderation/players/${muted.name}/mute`, { minutes: 3 * 24 * 60, ...reason });
    expect((await muted.request('lobby:chat', { text: 'hello' })).params).toEqual({ unit: 'days', n: 3 });
    expect(
      (await mod.http('POST', `/api/moderation/players/${muted.name}/unmute`, reason)).body.entry,
    ).toMatchObject({ action: 'unmute', player: muted.name });
    expect(await muted.request('lobby:chat', { text: 'back' })).toMatchObject({ ok: true });
    expect((await mod.http('POST', `/api/moderation/players/${muted.name}/unmute`, reason)).body.code).toBe(
      'moderation.notMuted',
    );
    for (const client of [mod, muted, other]) client.close();
  });

  it('lets a mute end by itself at its time', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const muted = await person(server.url, name('mu'));
    await mod.http('POST', `/api/moderation/players/${muted.name}/mute`, { minutes: 1, ...reason });
    expect((await muted.request('lobby:chat', { text: 'now?' })).code).toBe('chat.muted');
    // The minute has passed.
    const { id } = await me(muted);
    await db()
      .updateTable('mutes')
      .set({ until: Date.now() - 1 })
      .where('user_id', '=', id)
      .execute();
    expect(await muted.request('lobby:chat', { text: 'now' })).toMatchObject({ ok: true });
    mod.close();
    muted.close();
  });
});

describe('hidden chat lines', { timeout: 30_000 }, () => {
  it('takes a hidden line away from every page showing it, live and on reload, and keeps its text in the audit', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const rude = await person(server.url, name('ru'));
    const reader = await person(server.url, name('re'));
    const watcher = await person(server.url, name('wa'));
    const tableId = (await reader.request('table:create', { game: 'nyny', players: 2 })).tableId as string;
    for (const client of [rude, reader, watcher]) await client.open(tableId);
    await reader.request('lobby:open', {});
    const tableLine = (await rude.request('table:chat', { tableId, text: 'something rude' }))
      .line as ChatLine;
    const lobbyLineSaid = await lobbyLine(rude, 'rude in the lobby');
    const kept = await lobbyLine(reader, 'a kind word');
    expect(tableLine.id).toMatch(/^[a-z0-9]{17}$/);

    const hidden = await mod.http('POST', `/api/moderation/chat/${tableLine.id}/hide`, {
      reason: 'insults',
    });
    expect(hidden.body.entry).toMatchObject({
      action: 'hide',
      actor: mod.name,
      player: rude.name,
      chatId: tableLine.id,
      tableId,
      reason: 'insults',
      details: { text: 'something rude', from: rude.name },
    });
    // Live: every page of the table hears it is gone (the lobby's pages hear nothing of a table's line).
    for (const client of [rude, reader, watcher])
      await eventually(
        () =>
          client.received.some(
            (event) =>
              event.event === 'chat:hidden' &&
              (event.payload as { id: string }).id === tableLine.id &&
              (event.payload as { tableId: string }).tableId === tableId,
          ),
        5000,
        `${client.name} hearing the line is hidden`,
      );
    // On reload: not in the table's chat any more, the rest still is.
    const reopened = await watcher.request('table:open', { tableId });
    const texts = (reopened.chat as ChatLine[]).map((line) => line.text);
    expect(texts).not.toContain('something rude');

    await mod.request('moderation:act', { action: 'hide', chatId: lobbyLineSaid.id, reason: 'insults' });
    await eventually(
      () =>
        reader.received.some(
          (event) =>
            event.event === 'chat:hidden' && (event.payload as { id: string }).id === lobbyLineSaid.id,
        ),
      5000,
      'the lobby hearing the line is hidden',
    );
    const lobby = (await watcher.request('lobby:open', {})).chat as ChatLine[];
    expect(lobby.map((line) => line.id)).not.toContain(lobbyLineSaid.id);
    expect(lobby.map((line) => line.id)).toContain(kept.id);
    // Hidden once: a second time is refused, an unknown line too.
    expect((await mod.http('POST', `/api/moderation/chat/${tableLine.id}/hide`, reason)).body.code).toBe(
      'chat.hidden',
    );
    expect(await mod.http('POST', '/api/moderation/chat/nosuchline/hide', reason)).toMatchObject({
      status: 404,
      body: { code: 'chat.none' },
    });
    for (const client of [mod, rude, reader, watcher]) client.close();
  });
});

describe('closing a table', { timeout: 30_000 }, () => {
  it('ends a rated game in play with no winner, unrated, and its record replays to that closing status', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const ann = await person(server.url, name('an'), { registered: true });
    const bob = await person(server.url, name('bo'), { registered: true });
    const tableId = await startedTable(server.app.service, [await me(ann), await me(bob)]);
    // Past the opening: a resignation now would be rated.
    expect(await playOpening(server.app.service, tableId, 3)).toBeGreaterThan(0);
    await ann.open(tableId);
    const closed = await mod.http('POST', `/api/moderation/tables/${tableId}/close`, { reason: 'cheating' });
    expect(closed.body.entry).toMatchObject({
      action: 'close',
      tableId,
      reason: 'cheating',
      details: { game: 'nyny', status: 'playing', players: [ann.name, bob.name] },
    });
    await eventually(() => ann.tables.get(tableId)?.over === true, 5000, 'ann hearing the end');
    expect(ann.tables.get(tableId)?.lastUpdate?.status).toMatchObject({
      over: true,
      winners: [],
      closed: true,
    });
    const chat = (await ann.request('table:open', { tableId })).chat as ChatLine[];
    expect(chat.at(-1)).toMatchObject({ from: null, code: 'line.closed' });

    const record = (await ann.http('GET', `/api/games/${tableId}/record`)).body as unknown as GameRecord;
    expect(record.log.at(-1)).toEqual({ close: true });
    const replayed = replayRecord(GAMES, record);
    if (!replayed.ok) throw new Error(replayed.error.line);
    expect(recordStatus(replayed)).toMatchObject({ over: true, active: [], winners: [], closed: true });

    const row = await db()
      .selectFrom('tables')
      .select(['status', 'rated_seq'])
      .where('id', '=', tableId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'over', rated_seq: null });
    const rated = await db()
      .selectFrom('rating_history')
      .select('player_id')
      .where('table_id', '=', tableId)
      .execute();
    expect(rated).toEqual([]);
    expect((await ann.http('GET', `/api/tables/${tableId}/ratings`)).body).toMatchObject({ rated: false });
    // Over now: closing it again is refused.
    expect((await mod.http('POST', `/api/moderation/tables/${tableId}/close`, reason)).body.code).toBe(
      'game.over',
    );
    for (const client of [mod, ann, bob]) client.close();
  });

  it('removes an open table from the lobby', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const host = await person(server.url, name('ho'));
    const tableId = (await host.request('table:create', { game: 'nyny', players: 2 })).tableId as string;
    await mod.request('lobby:open', {});
    const closed = await mod.request('moderation:act', { action: 'close', tableId, reason: 'spam tables' });
    expect(closed).toMatchObject({ ok: true, entry: { action: 'close', details: { status: 'open' } } });
    await eventually(
      () =>
        mod.received.some(
          (event) =>
            event.event === 'lobby:table' &&
            (event.payload as TableSummary).id === tableId &&
            (event.payload as TableSummary).status === 'over',
        ),
      5000,
      'the lobby dropping the table',
    );
    expect((await host.request('table:open', { tableId })).code).toBe('table.none');
    mod.close();
    host.close();
  });
});

describe('tables set aside as broken', { timeout: 30_000 }, () => {
  it('lists them, refuses to release one that still does not load, releases it once repaired, and deletes an unrated one', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const ann = await person(server.url, name('an'));
    const bob = await person(server.url, name('bo'));
    const tableId = await startedTable(server.app.service, [await me(ann), await me(bob)]);
    const first = await db()
      .selectFrom('moves')
      .select('entry')
      .where('table_id', '=', tableId)
      .where('seq', '=', 0)
      .executeTakeFirstOrThrow();
    // The stored deal is damaged, and the copy in memory forgotten: the next load sets the table aside.
    await db()
      .updateTable('moves')
      .set({ entry: '{"chance": {"nonsense": true}}' })
      .where('table_id', '=', tableId)
      .where('seq', '=', 0)
      .execute();
    server.app.service.evictIdle(() => false, Date.now() + 3_600_000);
    expect((await ann.request('table:open', { tableId })).code).toBe('table.broken');
    const listed = (await mod.http('GET', '/api/moderation/tables/broken')).body.tables as { id: string }[];
    expect(listed.map((table) => table.id)).toContain(tableId);

    const refused = await mod.http('POST', `/api/moderation/tables/${tableId}/release`, reason);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'moderation.stillBroken', params: { table: tableId } },
    });
    await db()
      .updateTable('moves')
      .set({ entry: first.entry })
      .where('table_id', '=', tableId)
      .where('seq', '=', 0)
      .execute();
    expect(
      (await mod.http('POST', `/api/moderation/tables/${tableId}/release`, reason)).body.entry,
    ).toMatchObject({ action: 'release', tableId });
    expect((await ann.open(tableId)).table.status).toBe('playing');
    expect((await mod.http('POST', `/api/moderation/tables/${tableId}/release`, reason)).body.code).toBe(
      'moderation.notBroken',
    );

    // Set aside again, then deleted with everything it had.
    await db().updateTable('tables').set({ broken: 'by hand' }).where('id', '=', tableId).execute();
    await ann.request('table:chat', { tableId, text: 'a line' }); // refused: the table is set aside
    const deleted = await mod.http('POST', `/api/moderation/tables/${tableId}/delete`, reason);
    expect(deleted.body.entry).toMatchObject({
      action: 'delete',
      tableId,
      details: { game: 'nyny', was: 'by hand', players: [ann.name, bob.name] },
    });
    for (const table of ['moves', 'seats', 'chat'] as const)
      expect(
        await db().selectFrom(table).select('table_id').where('table_id', '=', tableId).execute(),
      ).toEqual([]);
    expect(await db().selectFrom('tables').select('id').where('id', '=', tableId).execute()).toEqual([]);
    expect((await mod.http('POST', `/api/moderation/tables/${tableId}/delete`, reason)).status).toBe(404);
    for (const client of [mod, ann, bob]) client.close();
  });

  it('never deletes a rated game set aside (the ratings count it)', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const ann = await person(server.url, name('an'));
    const bob = await person(server.url, name('bo'));
    const tableId = await startedTable(server.app.service, [await me(ann), await me(bob)]);
    await db()
      .updateTable('tables')
      .set({ broken: 'by hand', rated_seq: 999 })
      .where('id', '=', tableId)
      .execute();
    expect(await mod.http('POST', `/api/moderation/tables/${tableId}/delete`, reason)).toMatchObject({
      status: 409,
      body: { code: 'moderation.keepTable', params: { table: tableId, kind: 'rated' } },
    });
    expect(await db().selectFrom('tables').select('id').where('id', '=', tableId).execute()).toHaveLength(1);
    for (const client of [mod, ann, bob]) client.close();
  });
});

describe('bans on one process', { timeout: 30_000 }, () => {
  it('ends a banned player’s sessions and sockets, and refuses their sign-in and guest names from their address', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const address = freshAddress();
    const banned = await person(server.url, name('ba'), { registered: true, address });
    const disconnected = new Promise<string>((resolve) => banned.socket.once('disconnect', resolve));
    const answer = await mod.http('POST', `/api/moderation/players/${banned.name}/ban`, {
      days: 7,
      ...reason,
    });
    expect(answer.body.entry).toMatchObject({
      action: 'ban',
      player: banned.name,
      details: { days: 7, sessions: 1 },
    });
    expect((answer.body.entry as AuditEntry).details.addresses).toBeGreaterThanOrEqual(1);
    expect(await disconnected).toBe('io server disconnect');
    expect((await banned.http('GET', '/api/me')).status).toBe(401);
    // A session opened in a race with the ban (a sign-in checked just before it) opens nothing either.
    const { id: bannedId } = (await db()
      .selectFrom('users')
      .select('id')
      .where('name', '=', banned.name)
      .executeTakeFirstOrThrow()) as { id: string };
    const token = 'a-session-opened-in-a-race-with-the-ban';
    await db()
      .insertInto('sessions')
      .values({
        token_hash: createHash('sha256').update(token).digest('hex'),
        user_id: bannedId,
        created_at: Date.now(),
        last_seen_at: Date.now(),
      })
      .execute();
    const raced = await fetch(`${server.url}/api/me`, { headers: { cookie: `skyline_session=${token}` } });
    expect(raced.status).toBe(401);

    const post = (path: string, body: unknown, from: string) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));
    const login = { name: banned.name, password: 'a long enough password' };
    expect(await post('/api/login', login, freshAddress())).toEqual({
      status: 403,
      body: { error: 'this account is banned from this server', code: 'account.banned' },
    });
    expect(await post('/api/session', { name: name('ne') }, address)).toEqual({
      status: 403,
      body: {
        error: 'your address is banned from this server: no new name or sign-in from it',
        code: 'address.banned',
      },
    });
    expect((await post('/api/session', { name: name('ne') }, freshAddress())).status).toBe(200);

    expect((await mod.http('POST', `/api/moderation/players/${banned.name}/unban`, reason)).status).toBe(200);
    expect((await post('/api/login', login, freshAddress())).status).toBe(200);
    expect((await post('/api/session', { name: name('ne') }, address)).status).toBe(200);
    mod.close();
  });

  it('bans for good without days, and only the account when told to leave its addresses', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const address = freshAddress();
    const banned = await person(server.url, name('ba'), { address });
    const answer = await mod.http('POST', `/api/moderation/players/${banned.name}/ban`, {
      addresses: false,
      ...reason,
    });
    expect(answer.body.entry).toMatchObject({ details: { days: null, until: null, addresses: 0 } });
    const guest = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ name: name('ne') }),
    });
    expect(guest.status).toBe(200);
    const record = (await mod.http('GET', `/api/moderation/players/${banned.name}`)).body.player;
    expect(record).toMatchObject({ name: banned.name, banned: { until: null }, sessions: [] });
    mod.close();
  });
});

describe('reports', { timeout: 30_000 }, () => {
  it('queues a report of a chat line with the lines around it and the table, for moderators to resolve', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const ann = await person(server.url, name('an'));
    const rude = await person(server.url, name('ru'));
    const tableId = (await ann.request('table:create', { game: 'nyny', players: 2 })).tableId as string;
    await rude.open(tableId);
    const said: ChatLine[] = [];
    for (let k = 0; k < 8; k++) {
      const speaker = k % 2 ? rude : ann;
      said.push((await speaker.request('table:chat', { tableId, text: `line ${k}` })).line as ChatLine);
    }
    const reported = said[5]!; // rude's third line
    const answer = await ann.http('POST', '/api/reports', {
      chatId: reported.id,
      reason: 'abuse',
      note: 'not nice',
    });
    expect(answer.status).toBe(200);
    const reports = (await mod.http('GET', '/api/moderation/reports')).body.reports as ReportInfo[];
    const report = reports.find((one) => one.id === (answer.body.report as { id: string }).id)!;
    expect(report).toMatchObject({
      reporter: ann.name,
      player: rude.name,
      chatId: reported.id,
      tableId,
      reason: 'abuse',
      note: 'not nice',
      status: 'open',
      context: { table: { id: tableId, game: 'nyny', status: 'open' } },
    });
    // Five lines before it (ann's table has only lines from 0 on: 0 to 4), itself, and the two after it.
    expect(report.context.lines.map((line) => [line.text, line.reported])).toEqual([
      ['line 0', false],
      ['line 1', false],
      ['line 2', false],
      ['line 3', false],
      ['line 4', false],
      ['line 5', true],
      ['line 6', false],
      ['line 7', false],
    ]);
    const resolved = await mod.http('POST', `/api/moderation/reports/${report.id}/resolve`, {
      outcome: 'actioned',
      note: 'muted',
    });
    expect(resolved.body).toMatchObject({
      report: { status: 'actioned', resolvedBy: mod.name, resolution: 'muted' },
      entry: { action: 'resolve', player: rude.name, details: { report: report.id, outcome: 'actioned' } },
    });
    expect(
      (await mod.http('POST', `/api/moderation/reports/${report.id}/resolve`, { outcome: 'dismissed' })).body
        .code,
    ).toBe('report.closed');
    const open = (await mod.http('GET', '/api/moderation/reports')).body.reports as ReportInfo[];
    expect(open.map((one) => one.id)).not.toContain(report.id);
    const closed = (await mod.http('GET', '/api/moderation/reports?status=closed')).body
      .reports as ReportInfo[];
    expect(closed.map((one) => one.id)).toContain(report.id);
    for (const client of [mod, ann, rude]) client.close();
  });

  it('limits a player to 3 reports a day (LIMIT_REPORTS_PER_DAY), one per line, and refuses what cannot be reported', async () => {
    const ann = await person(server.url, name('an'));
    const targets = await Promise.all([1, 2, 3, 4].map(() => person(server.url, name('tg'))));
    const lines = await Promise.all(targets.map((target) => lobbyLine(target, 'hm')));
    const report = (body: unknown) => ann.http('POST', '/api/reports', body);
    expect((await report({ chatId: lines[0]!.id, reason: 'spam' })).status).toBe(200);
    expect(await report({ chatId: lines[0]!.id, reason: 'abuse' })).toEqual({
      status: 409,
      body: { error: 'you have already reported this: a moderator will read it', code: 'report.already' },
    });
    expect((await report({ player: targets[1]!.name, reason: 'name' })).status).toBe(200);
    expect((await report({ player: targets[1]!.name, reason: 'name' })).body.code).toBe('report.already');
    expect((await report({ chatId: lines[2]!.id, reason: 'other' })).status).toBe(200);
    expect(await report({ chatId: lines[3]!.id, reason: 'spam' })).toEqual({
      status: 429,
      body: {
        error:
          'you have made 3 reports in the last 24 hours, the most one player may: a moderator will read them',
        code: 'report.tooMany',
        params: { n: 3 },
      },
    });
    const stored = await db()
      .selectFrom('reports')
      .innerJoin('users', 'users.id', 'reports.reporter_id')
      .select('reports.id')
      .where('users.name', '=', ann.name)
      .execute();
    expect(stored).toHaveLength(3);

    const bob = await person(server.url, name('bo'));
    const own = await lobbyLine(bob, 'mine');
    expect((await bob.http('POST', '/api/reports', { chatId: own.id, reason: 'spam' })).body.code).toBe(
      'report.self',
    );
    expect((await bob.http('POST', '/api/reports', { player: bob.name, reason: 'spam' })).body.code).toBe(
      'report.self',
    );
    expect((await bob.http('POST', '/api/reports', { player: 'nobody-here', reason: 'spam' })).status).toBe(
      404,
    );
    // Neither a player nor a line, or both: malformed.
    expect((await bob.http('POST', '/api/reports', { reason: 'spam' })).status).toBe(400);
    expect(
      (await bob.http('POST', '/api/reports', { player: ann.name, chatId: own.id, reason: 'spam' })).status,
    ).toBe(400);
    // A table's own line names nobody; a bot only plays.
    const tableId = (await bob.request('table:create', { game: 'nyny', players: 2 })).tableId as string;
    await bob.open(tableId);
    await bob.command(tableId, '/bot');
    const system = ((await bob.request('table:open', { tableId })).chat as ChatLine[]).find(
      (line) => !line.from,
    )!;
    expect((await bob.http('POST', '/api/reports', { chatId: system.id, reason: 'spam' })).body.code).toBe(
      'report.system',
    );
    const botName = /greedy-bot-\w+/.exec(system.text)?.[0] ?? 'no bot seated';
    // Named with a digit that a name's skeleton folds (1 → l): still found, as a bot, not "no such player".
    await db()
      .updateTable('users')
      .set({ name: 'greedy-bot-k3x1', name_key: 'greedy-bot-k3x1' })
      .where('name', '=', botName)
      .execute();
    expect(
      (await bob.http('POST', '/api/reports', { player: 'greedy-bot-k3x1', reason: 'spam' })).body.code,
    ).toBe('report.bot');
    for (const client of [ann, bob, ...targets]) client.close();
  });
});

describe('the audit log', { timeout: 30_000 }, () => {
  it('keeps every action, with who, what, to whom, when and why, for admins to read', async () => {
    const admin = await staff(db(), server.url, name('ad'), 'admin');
    const mod = await person(server.url, name('md'), { registered: true });
    const target = await person(server.url, name('tg'));
    const reporter = await person(server.url, name('rp'));
    const since = Date.now();
    const act = async (client: TestClient, path: string, body: unknown) => {
      const answer = await client.http('POST', `/api/moderation${path}`, body);
      expect([path, answer.status]).toEqual([path, 200]);
    };
    await act(admin, `/players/${mod.name}/role`, { role: 'moderator', reason: 'trusted' });
    await act(mod, `/players/${target.name}/mute`, { minutes: 5, reason: 'spam' });
    await act(mod, `/players/${target.name}/unmute`, { reason: 'calmer' });
    const line = await lobbyLine(target, 'bad words');
    await act(mod, `/chat/${line.id}/hide`, { reason: 'bad words' });
    const report = await reporter.http('POST', '/api/reports', { player: target.name, reason: 'abuse' });
    await act(mod, `/reports/${(report.body.report as { id: string }).id}/resolve`, {
      outcome: 'dismissed',
      note: 'nothing',
    });
    const tableId = (await target.request('table:create', { game: 'nyny', players: 2 })).tableId as string;
    await act(mod, `/tables/${tableId}/close`, { reason: 'empty' });
    const broken = (await reporter.request('table:create', { game: 'nyny', players: 2 })).tableId as string;
    await db().updateTable('tables').set({ broken: 'by hand' }).where('id', '=', broken).execute();
    await act(mod, `/tables/${broken}/release`, { reason: 'loads' });
    await db().updateTable('tables').set({ broken: 'by hand' }).where('id', '=', broken).execute();
    await act(mod, `/tables/${broken}/delete`, { reason: 'gone' });
    await act(mod, `/players/${target.name}/ban`, { days: 1, reason: 'again' });
    await act(mod, `/players/${target.name}/unban`, { reason: 'appeal' });

    const entries = (await admin.http('GET', '/api/moderation/audit?limit=100')).body.entries as AuditEntry[];
    const recent = entries.filter((entry) => entry.at >= since).reverse();
    const expected: [string, string, string | null, string | null, string][] = [
      ['role', admin.name, mod.name, null, 'trusted'],
      ['mute', mod.name, target.name, null, 'spam'],
      ['unmute', mod.name, target.name, null, 'calmer'],
      ['hide', mod.name, target.name, null, 'bad words'],
      ['resolve', mod.name, target.name, null, 'nothing'],
      ['close', mod.name, null, tableId, 'empty'],
      ['release', mod.name, null, broken, 'loads'],
      ['delete', mod.name, null, broken, 'gone'],
      ['ban', mod.name, target.name, null, 'again'],
      ['unban', mod.name, target.name, null, 'appeal'],
    ];
    // In the order they were made (ids made in one millisecond by one process keep their order: `timeId`).
    const seen = recent.map((entry) => [
      entry.action,
      entry.actor,
      entry.player,
      entry.tableId,
      entry.reason,
    ]);
    expect(seen).toEqual(expected);
    for (const entry of recent) expect(entry.at).toBeGreaterThanOrEqual(since);
    // The player's own page of the log, and the command line's grant (no actor).
    const about = (await admin.http('GET', `/api/moderation/audit?player=${target.name}`)).body
      .entries as AuditEntry[];
    expect(new Set(about.map((entry) => entry.action))).toEqual(
      new Set(['mute', 'unmute', 'hide', 'resolve', 'ban', 'unban']),
    );
    const cli = (await admin.http('GET', `/api/moderation/audit?player=${admin.name}`)).body
      .entries as AuditEntry[];
    expect(cli).toMatchObject([{ action: 'role', actor: null, details: { from: 'player', to: 'admin' } }]);
    for (const client of [admin, mod, target, reporter]) client.close();
  });
});

describe('roles and the audit log from the operator’s page', { timeout: 30_000 }, () => {
  it('refuses a moderator who grants themselves admin, and writes nothing', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const before = (await auditRows()).length;
    const answer = await mod.http('POST', `/api/moderation/players/${mod.name}/role`, {
      role: 'admin',
      reason: 'I deserve it',
    });
    expect(answer).toEqual({
      status: 403,
      body: {
        error: 'only an admin of this server can do this',
        code: 'moderation.notAllowed',
        params: { role: 'admin' },
      },
    });
    expect((await mod.http('GET', '/api/moderation/role')).body).toEqual({ role: 'moderator' });
    expect((await auditRows()).length).toBe(before);
    mod.close();
  });

  it('refuses a revoked moderator’s open page at its next action, and its next read', async () => {
    const admin = await staff(db(), server.url, name('ad'), 'admin');
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    const target = await person(server.url, name('tg'));
    // The page is open: it read the role and the live figures while the role was there.
    expect((await mod.http('GET', '/api/moderation/role')).body).toEqual({ role: 'moderator' });
    expect((await mod.http('GET', '/api/moderation/live')).status).toBe(200);
    const revoked = await admin.http('POST', `/api/moderation/players/${mod.name}/role`, {
      role: 'player',
      reason: 'no longer trusted',
    });
    expect(revoked.body.entry).toMatchObject({
      action: 'role',
      actor: admin.name,
      player: mod.name,
      reason: 'no longer trusted',
      details: { from: 'moderator', to: 'player' },
    });
    const refused = {
      status: 403,
      body: {
        error: 'only a moderator of this server can do this',
        code: 'moderation.notAllowed',
        params: { role: 'moderator' },
      },
    };
    expect(
      await mod.http('POST', `/api/moderation/players/${target.name}/mute`, { minutes: 5, ...reason }),
    ).toEqual(refused);
    expect(await mod.http('GET', '/api/moderation/live')).toEqual(refused);
    expect((await target.request('lobby:chat', { text: 'not muted' })).ok).toBe(true);
    for (const client of [admin, mod, target]) client.close();
  });

  it('refuses an admin who would revoke their own admin role as the last one (and the command line too)', async () => {
    for (const row of await db().selectFrom('users').select('name').where('role', '=', 'admin').execute())
      await db().updateTable('users').set({ role: null }).where('name', '=', row.name).execute();
    const admin = await staff(db(), server.url, name('ad'), 'admin');
    for (const role of ['moderator', 'player'])
      expect(
        await admin.http('POST', `/api/moderation/players/${admin.name}/role`, { role, reason: 'tired' }),
      ).toMatchObject({ status: 409, body: { code: 'moderation.lastAdmin', params: { name: admin.name } } });
    // The same function refuses `skyline admin revoke` (packages/cli/src/admin.ts calls `setRole`).
    await expect(setRole(db(), admin.name, 'player', null, 'skyline admin revoke')).rejects.toMatchObject({
      code: 'moderation.lastAdmin',
    });
    expect((await admin.http('GET', '/api/moderation/role')).body).toEqual({ role: 'admin' });
    admin.close();
  });

  it('refuses a moderator who pages or filters the audit log, whatever the query', async () => {
    const mod = await staff(db(), server.url, name('md'), 'moderator');
    for (const query of ['', '?limit=1', `?actor=${mod.name}`, '?action=role', '?before=zzz&limit=100'])
      expect(await mod.http('GET', `/api/moderation/audit${query}`)).toMatchObject({
        status: 403,
        body: { code: 'moderation.notAllowed', params: { role: 'admin' } },
      });
    mod.close();
  });

  it('pages the audit log by cursor, newest first, with no entry twice or left out, filtered by actor, target and action', async () => {
    const admin = await staff(db(), server.url, name('ad'), 'admin');
    const mod = await person(server.url, name('md'), { registered: true });
    const other = await person(server.url, name('md'), { registered: true });
    const target = await person(server.url, name('tg'));
    const act = async (client: TestClient, path: string, body: unknown) =>
      expect((await client.http('POST', `/api/moderation${path}`, body)).status).toBe(200);
    await act(admin, `/players/${mod.name}/role`, { role: 'moderator', reason: 'r1' });
    await act(admin, `/players/${other.name}/role`, { role: 'moderator', reason: 'r2' });
    await act(mod, `/players/${target.name}/mute`, { minutes: 5, reason: 'm1' });
    await act(other, `/players/${target.name}/unmute`, { reason: 'u1' });
    await act(mod, `/players/${target.name}/mute`, { minutes: 5, reason: 'm2' });
    await act(admin, `/players/${other.name}/role`, { role: 'player', reason: 'r3' });
    type Page = { entries: AuditEntry[]; next: string | null };
    const read = async (query: string) => {
      const answer = await admin.http('GET', `/api/moderation/audit?${query}`);
      expect([query, answer.status]).toEqual([query, 200]);
      return answer.body as unknown as Page;
    };
    /** Every page of a query, two entries at a time, following `next`. */
    const pages = async (query: string) => {
      const seen: Page[] = [];
      let next: string | null = null;
      do {
        const page = await read(`${query}&limit=2${next ? `&before=${next}` : ''}`);
        seen.push(page);
        next = page.next;
      } while (next !== null && seen.length < 10);
      return seen;
    };
    const reasons = (list: Page[]) => list.map((page) => page.entries.map((entry) => entry.reason));
    // Everything the admin did: 3 entries, newest first: a full page with a cursor, then the last one alone.
    expect(reasons(await pages(`actor=${admin.name}`))).toEqual([['r3', 'r2'], ['r1']]);
    // About the target: 3 entries by two moderators; of them, the mutes; and the mutes by `mod` alone.
    expect(reasons(await pages(`player=${target.name}`))).toEqual([['m2', 'u1'], ['m1']]);
    expect(reasons(await pages(`player=${target.name}&action=mute`))).toEqual([['m2', 'm1']]);
    expect(reasons(await pages(`actor=${mod.name}&action=mute`))).toEqual([['m2', 'm1']]);
    expect(reasons(await pages(`actor=${other.name}`))).toEqual([['u1']]);
    // Two entries exactly: one full page, and its cursor says there is no other (read one more to know).
    expect((await read(`actor=${mod.name}&limit=2`)).next).toBeNull();
    // The role entries about `other`: the grant then the revocation, who and why.
    const roles = (await read(`player=${other.name}&action=role&limit=10`)).entries;
    expect(roles.map((entry) => [entry.actor, entry.details, entry.reason])).toEqual([
      [admin.name, { from: 'moderator', to: 'player' }, 'r3'],
      [admin.name, { from: 'player', to: 'moderator' }, 'r2'],
    ]);
    // Asked about someone who does not exist, or with what the log does not keep: refused, in words.
    expect(await admin.http('GET', '/api/moderation/audit?actor=nobodyAtAll')).toMatchObject({
      status: 404,
      body: { code: 'player.none', params: { name: 'nobodyAtAll' } },
    });
    for (const query of ['action=explode', 'before=../../x', 'limit=1000', 'actor=', 'whatever=1'])
      expect([query, (await admin.http('GET', `/api/moderation/audit?${query}`)).status]).toEqual([
        query,
        400,
      ]);
    for (const client of [admin, mod, other, target]) client.close();
  });
});
