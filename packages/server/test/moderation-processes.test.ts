/**
 * Moderation with two server processes on PostgreSQL and Redis: a ban made through one process closes the player's
 * sockets on the other and both refuse their sign-in and their addresses' guest names; a mute and a hidden line are
 * the same rules everywhere; and the counts that concurrency could break stay exact — two admins taking each other's
 * role at once leave one admin, and a player's reports sent at once through both processes stop at the day's limit.
 */
import type { ChatLine, LiveFigures } from '@skyline/protocol';
import { describe, expect, it } from 'vitest';
import { lacking } from '@skyline/testkit/vitest';
import { setRole } from '../src/moderation/roles.js';
import { eventually, startTable, TestClient } from './harness.js';
import { freshAddress, person, playMoves } from './moderation-people.js';
import { platformForFile } from './pg.js';

const platform = platformForFile(
  {
    PASSWORD_COST: '10',
    TRUST_PROXY: '1',
    LIMIT_REPORTS_PER_DAY: '3',
    LIMIT_ADDRESS_REPORTS_PER_DAY: '1000',
  },
  2,
);
const url = (process: number) => platform.list[process]!.url;
let names = 0;
const name = (prefix: string) => `${prefix}${++names}`;
const reason = { reason: 'for the test' };

/** A registered person on `process` given `role` on the shared database. */
async function staffOn(process: number, role: 'moderator' | 'admin'): Promise<TestClient> {
  const client = await person(url(process), name(role.slice(0, 2)), { registered: true });
  const store = await platform.openStore();
  await setRole(store.db, client.name, role, null, 'for the test');
  return client;
}

function post(process: number, path: string, body: unknown, address: string) {
  return fetch(`${url(process)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  }));
}

describe.skipIf(lacking('postgres', 'redis'))('moderation with several processes', () => {
  it('closes a banned player’s sockets on the other process, and both refuse their sign-in and guest names from the addresses they were seen at', async () => {
    const mod = await staffOn(0, 'moderator');
    const home = freshAddress();
    const banned = await person(url(0), name('ba'), { registered: true, address: home });
    // The same session, open through the other process from another address (a phone on another network).
    const away = freshAddress();
    const there = await TestClient.connect(url(1), banned.cookie, banned.name, { 'x-forwarded-for': away });
    const closedThere = new Promise<string>((resolve) => there.socket.once('disconnect', resolve));
    const closedHere = new Promise<string>((resolve) => banned.socket.once('disconnect', resolve));

    const answer = await mod.http('POST', `/api/moderation/players/${banned.name}/ban`, {
      days: 1,
      ...reason,
    });
    expect(answer.status).toBe(200);
    expect(await closedThere).toBe('io server disconnect');
    expect(await closedHere).toBe('io server disconnect');

    const login = { name: banned.name, password: 'a long enough password' };
    for (const process of [0, 1]) {
      expect(await post(process, '/api/login', login, freshAddress())).toMatchObject({
        status: 403,
        body: { code: 'account.banned' },
      });
      // Both addresses: the session's, and the one only the other process's socket knew.
      for (const address of [home, away])
        expect(await post(process, '/api/session', { name: name('ne') }, address)).toMatchObject({
          status: 403,
          body: { code: 'address.banned' },
        });
      expect((await post(process, '/api/session', { name: name('ne') }, freshAddress())).status).toBe(200);
    }
    // The old cookie opens nothing on either process.
    for (const process of [0, 1]) {
      const me = await fetch(`${url(process)}/api/me`, { headers: { cookie: banned.cookie } });
      expect(me.status).toBe(401);
    }
    mod.close();
  }, 60_000);

  it('applies a mute made through one process on the other, and hides a line on the other’s pages at once', async () => {
    const mod = await staffOn(0, 'moderator');
    const muted = await person(url(1), name('mu'));
    const reader = await person(url(1), name('re'));
    await reader.request('lobby:open', {});
    const line = (await muted.request('lobby:chat', { text: 'loud words' })).line as ChatLine;
    await mod.http('POST', `/api/moderation/players/${muted.name}/mute`, { minutes: 30, ...reason });
    expect(await muted.request('lobby:chat', { text: 'more' })).toMatchObject({
      ok: false,
      code: 'chat.muted',
      params: { unit: 'minutes', n: 30 },
    });
    expect(await reader.request('lobby:chat', { text: 'fine' })).toMatchObject({ ok: true });
    expect((await mod.http('POST', `/api/moderation/chat/${line.id}/hide`, reason)).status).toBe(200);
    await eventually(
      () =>
        reader.received.some(
          (event) => event.event === 'chat:hidden' && (event.payload as { id: string }).id === line.id,
        ),
      5000,
      'the other process’s page hearing the line is hidden',
    );
    for (const client of [mod, muted, reader]) client.close();
  }, 60_000);

  it('keeps one admin when two admins take each other’s role at once through the two processes', async () => {
    let survivor = await staffOn(0, 'admin');
    for (let round = 0; round < 4; round++) {
      const other = await staffOn(1, 'admin');
      const [a, b] = await Promise.all([
        survivor.http('POST', `/api/moderation/players/${other.name}/role`, { role: 'player', ...reason }),
        other.http('POST', `/api/moderation/players/${survivor.name}/role`, { role: 'player', ...reason }),
      ]);
      // One takes the other's role; the other is refused: as the last admin (409) when both checks ran before either
      // change, or as no admin any more (403) when its request was checked after the first change was stored.
      const [done, refused] = a.status === 200 ? [a, b] : [b, a];
      expect([round, done.status]).toEqual([round, 200]);
      expect([
        [round, 409, 'moderation.lastAdmin'],
        [round, 403, 'moderation.notAllowed'],
      ]).toContainEqual([round, refused.status, refused.body.code]);
      const store = await platform.openStore();
      const admins = await store.db.selectFrom('users').select('name').where('role', '=', 'admin').execute();
      expect(admins).toHaveLength(1);
      const kept = admins[0]!.name === survivor.name ? survivor : other;
      (kept === survivor ? other : survivor).close();
      survivor = kept;
    }
    survivor.close();
  }, 90_000);

  it('stores exactly the day’s 3 reports of a player who sends 10 at once through both processes', async () => {
    const reporter = await person(url(0), name('rp'));
    const there = await TestClient.connect(url(1), reporter.cookie, reporter.name, reporter.headers);
    const speakers = await Promise.all(Array.from({ length: 10 }, () => person(url(1), name('sp'))));
    const lines = await Promise.all(
      speakers.map(async (speaker) => (await speaker.request('lobby:chat', { text: 'hm' })).line as ChatLine),
    );
    const answers = await Promise.all(
      lines.map((line, k) =>
        (k % 2 ? there : reporter).http('POST', '/api/reports', { chatId: line.id, reason: 'spam' }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(7);
    for (const answer of refused)
      expect(answer).toMatchObject({ status: 429, body: { code: 'report.tooMany' } });
    const store = await platform.openStore();
    const stored = await store.db
      .selectFrom('reports')
      .innerJoin('users', 'users.id', 'reports.reporter_id')
      .select('reports.id')
      .where('users.name', '=', reporter.name)
      .execute();
    expect(stored).toHaveLength(3);
    for (const client of [reporter, there, ...speakers]) client.close();
  }, 60_000);

  it('counts on one process the moves played through the other (each answers its own metrics, and they are added)', async () => {
    const mod = await staffOn(1, 'moderator');
    const live = async () => (await mod.http('GET', '/api/moderation/live')).body as unknown as LiveFigures;
    const before = await live();
    expect(before.moves.everyProcess).toBe(true);
    const players = [await person(url(0), name('mv')), await person(url(0), name('mv'))];
    const tableId = await startTable(players, 'nyny');
    await playMoves(players, tableId, 5, 'procs');
    const after = await live();
    // Asked of process 1, which received none of them: the 5 moves are process 0's.
    expect(after.moves.answered - before.moves.answered).toBe(5);
    expect(after.moves.everyProcess).toBe(true);
    expect(after.moves.medianMs).toBeGreaterThan(0);
    for (const client of [mod, ...players]) client.close();
  }, 60_000);
});
