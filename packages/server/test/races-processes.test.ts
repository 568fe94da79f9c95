/**
 * "Count, then insert" raced from two server processes on one PostgreSQL database (and Redis): every request of a
 * race is fired at once, half at each process, many times over, and after every race what is stored must keep the
 * limit that was counted — a tournament's places, an organiser's tournaments, a host's open tables and bot seats —
 * and every answer must be the stored truth (an accepted request is stored, a refused one is not, never a 500).
 * On the code before the row locks, each of these races broke its limit (see SECURITY.md, "Limits").
 */
import type { TournamentSummary } from '@skyline/protocol';
import { lacking } from '@skyline/testkit/vitest';
import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { TestClient, type Ack } from './harness.js';
import { platformForFile } from './pg.js';
import { until } from './tournament-checks.js';

/** The limits raced here, small; the rate limits high, so that they never answer in the limits' place. */
const OPEN_TABLES = 3;
const BOT_SEATS = 2;
const platform = platformForFile(
  {
    PASSWORD_COST: '10',
    LIMIT_OPEN_TABLES: String(OPEN_TABLES),
    BOT_SEATS_PER_PLAYER: String(BOT_SEATS),
    LIMIT_TABLES_PER_MINUTE: '10000',
    LIMIT_ACTIONS_PER_MINUTE: '100000',
    LIMIT_READS_PER_MINUTE: '1000000',
    LIMIT_CHAT_PER_MINUTE: '100000',
  },
  2,
);

/** How many times each race is run. */
const RACES = 30;

let db: Kysely<Database>;
let names = 0;

/** The URL of process `k` (0 or 1; any number: alternating). */
const processUrl = (k: number) => platform.list[k % 2]!.url;

/** A request of `client`'s (its session cookie) to process `k`. */
async function call(
  client: TestClient,
  k: number,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; code: unknown }> {
  const response = await fetch(`${processUrl(k)}${path}`, {
    method,
    headers: {
      cookie: client.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as { code?: unknown };
  return { status: response.status, code: answer.code };
}

const guest = (k: number) => TestClient.guest(processUrl(k), `race${++names}`);

async function registered(k = 0): Promise<TestClient> {
  const client = await guest(k);
  expect((await client.http('POST', '/api/register', { password: 'a long enough password' })).status).toBe(
    200,
  );
  return client;
}

/** Only ever a success or a coded refusal: a 500 (a unique key broken, say) is a bug. */
function expectAnswered(answers: { status: number; code: unknown }[], codes: string[]): void {
  for (const answer of answers) {
    if (answer.status === 200) continue;
    expect([answer.status, codes.includes(String(answer.code))]).toEqual([409, true]);
  }
}

const accepted = (answers: { status: number }[]) => answers.filter((answer) => answer.status === 200).length;

const HOUR = 3_600_000;

/** A tournament of New York, New York at 2-seat tables, no clock, starting in an hour (never "when full"). */
async function tournament(organiser: TestClient, maxPlayers: number, startsAt = Date.now() + HOUR) {
  const created = await organiser.http('POST', '/api/tournaments', {
    name: 'Race',
    game: 'nyny',
    seatsPerTable: 2,
    rounds: 1,
    format: 'swiss',
    duplicate: false,
    clock: null,
    maxPlayers,
    startsAt,
  });
  expect(created.status).toBe(200);
  return (created.body.tournament as TournamentSummary).id;
}

async function registeredIds(id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('tournament_players')
    .select('user_id')
    .where('tournament_id', '=', id)
    .execute();
  return rows.map((row) => row.user_id).sort();
}

async function idOf(client: TestClient): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('name', '=', client.name)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe.skipIf(lacking('postgres', 'redis'))('races from two processes on PostgreSQL', () => {
  beforeAll(async () => {
    db = (await platform.openStore()).db;
  });

  it('players racing for the last place of a tournament never over-fill it', async () => {
    for (let race = 0; race < RACES; race++) {
      const organiser = await registered(race);
      const id = await tournament(organiser, 4);
      expect(
        (await call(organiser, race, 'POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 3 }))
          .status,
      ).toBe(200);
      const rivals = await Promise.all([0, 1, 2, 3].map((k) => guest(k)));
      const answers = await Promise.all(
        rivals.map((rival, k) => call(rival, k, 'POST', `/api/tournaments/${id}/register`)),
      );
      expectAnswered(answers, ['tournament.full']);
      expect([race, accepted(answers), (await registeredIds(id)).length]).toEqual([race, 1, 4]);
    }
  }, 120_000);

  it('bots added while players register never over-fill a tournament', async () => {
    for (let race = 0; race < RACES; race++) {
      const organiser = await registered(race);
      const id = await tournament(organiser, 4);
      const players = await Promise.all([0, 1, 2].map((k) => guest(k)));
      const [bots, ...registrations] = await Promise.all([
        call(organiser, race + 1, 'POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 3 }),
        ...players.map((player, k) => call(player, k, 'POST', `/api/tournaments/${id}/register`)),
      ]);
      expectAnswered([bots, ...registrations], ['tournament.full']);
      const stored = await registeredIds(id);
      // What was answered is what is stored, and never more than the places.
      expect([race, stored.length]).toEqual([race, (bots.status === 200 ? 3 : 0) + accepted(registrations)]);
      expect(stored.length).toBeLessThanOrEqual(4);
    }
  }, 120_000);

  it('an organiser creating tournaments at once gets no more than the limit of 3 not finished', async () => {
    for (let race = 0; race < RACES; race++) {
      const organiser = await registered(race);
      const body = {
        name: 'Many',
        game: 'nyny',
        seatsPerTable: 2,
        rounds: 1,
        format: 'swiss',
        duplicate: false,
        maxPlayers: 4,
        startsAt: Date.now() + HOUR,
      };
      const answers = await Promise.all(
        [0, 1, 2, 3, 4].map((k) => call(organiser, k, 'POST', '/api/tournaments', body)),
      );
      expectAnswered(answers, ['tournament.tooMany']);
      const stored = await db
        .selectFrom('tournaments')
        .select('id')
        .where('organiser_id', '=', await idOf(organiser))
        .execute();
      expect([race, accepted(answers), stored.length]).toEqual([race, 3, 3]);
    }
  }, 120_000);

  it('a player registering 6 times at once is registered once and told "already registered", never a 500', async () => {
    for (let race = 0; race < RACES; race++) {
      const organiser = await registered(race);
      const id = await tournament(organiser, 8);
      const player = await guest(race);
      const answers = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((k) => call(player, k, 'POST', `/api/tournaments/${id}/register`)),
      );
      expectAnswered(answers, ['tournament.already']);
      expect([race, accepted(answers), await registeredIds(id)]).toEqual([race, 1, [await idOf(player)]]);
    }
  }, 120_000);

  it('a start racing with registrations and unregistrations seats exactly the registered players in round 1', async () => {
    /**
     * Two players stay; two others register and unregister over and over, at both processes, until the tournament
     * has started. Half the tournaments are started by their organiser, half by their start time (the driver).
     * Round 1 must then seat, or give a bye to, exactly the players registered — nobody who left, nobody left out —
     * and each player's last accepted request must say whether they are in.
     */
    const one = async (race: number) => {
      const organiser = await registered(race);
      const byTime = race % 2 === 1;
      const id = await tournament(organiser, 8, byTime ? Date.now() + 1500 : Date.now() + HOUR);
      const players = await Promise.all([0, 1, 2, 3].map((k) => guest(k)));
      for (const [k, player] of players.entries())
        expect((await call(player, k, 'POST', `/api/tournaments/${id}/register`)).status).toBe(200);
      const togglers = players.slice(2);
      const inIt = new Map(togglers.map((player) => [player.name, true]));
      const toggle = async (player: TestClient, k: number) => {
        for (let turn = k; ; turn++) {
          const action = inIt.get(player.name) ? 'unregister' : 'register';
          const answer = await call(player, turn, 'POST', `/api/tournaments/${id}/${action}`);
          if (answer.code === 'tournament.notOpen') return;
          expect([answer.status, action]).toEqual([200, action]);
          inIt.set(player.name, action === 'register');
        }
      };
      const start = async () => {
        if (byTime) return;
        await new Promise((resolve) => setTimeout(resolve, 20 + (race % 7) * 10));
        expect((await call(organiser, race, 'POST', `/api/tournaments/${id}/start`)).status).toBe(200);
      };
      await Promise.all([start(), ...togglers.map((player, k) => toggle(player, k))]);
      // Everyone round 1 seats or gives a bye to.
      let seated: string[] = [];
      await until(
        async () => {
          // The round first: its tables are stored in its transaction, so they are there once it is.
          const round = await db
            .selectFrom('tournament_rounds')
            .select('byes')
            .where('tournament_id', '=', id)
            .executeTakeFirst();
          if (!round) return false;
          const tables = await db
            .selectFrom('tournament_tables')
            .select('players')
            .where('tournament_id', '=', id)
            .execute();
          seated = [
            ...tables.flatMap((table) => JSON.parse(table.players) as string[]),
            ...(JSON.parse(round.byes) as string[]),
          ].sort();
          return true;
        },
        // The start is the periodic driver's: on a loaded machine its turn comes late.
        60_000,
        'round 1',
      );
      const stored = await registeredIds(id);
      const expected = (
        await Promise.all(
          players.map(async (player) => (inIt.get(player.name) === false ? [] : [await idOf(player)])),
        )
      )
        .flat()
        .sort();
      expect([race, seated]).toEqual([race, stored]);
      expect([race, stored]).toEqual([race, expected]);
    };
    // Ten at a time: the driver looks once a second, so a race waits for it rather than for the others.
    for (let batch = 0; batch < 2; batch++)
      await Promise.all(Array.from({ length: 10 }, (_, k) => one(batch * 10 + k)));
  }, 120_000);

  it('table:create sent at once on two sockets of one player (one at each process) opens no more than the limit of open tables', async () => {
    for (let race = 0; race < RACES; race++) {
      const host = await guest(race);
      const other = await TestClient.connect(processUrl(race + 1), host.cookie, host.name);
      const answers = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((k) =>
          (k % 2 === 0 ? host : other).request('table:create', { game: 'nyny', players: 2 }),
        ),
      );
      const refused = answers.filter((answer: Ack) => !answer.ok);
      for (const answer of refused) expect(answer.code).toBe('tables.tooMany');
      const open = await db
        .selectFrom('tables')
        .select('id')
        .where('host_id', '=', await idOf(host))
        .where('status', '=', 'open')
        .execute();
      expect([race, answers.length - refused.length, open.length]).toEqual([race, OPEN_TABLES, OPEN_TABLES]);
      host.close();
      other.close();
    }
  }, 120_000);

  it('/bot sent at once to several tables of one host (at both processes) seats no more than BOT_SEATS_PER_PLAYER bots', async () => {
    for (let race = 0; race < RACES; race++) {
      const host = await guest(race);
      const other = await TestClient.connect(processUrl(race + 1), host.cookie, host.name);
      const tables: string[] = [];
      for (let k = 0; k < 3; k++) {
        const created = await host.request('table:create', { game: 'nyny', players: 2 });
        expect(created.ok).toBe(true);
        tables.push(created.tableId as string);
      }
      const answers = await Promise.all(
        tables.map((tableId, k) => (k % 2 === 0 ? host : other).command(tableId, '/bot random')),
      );
      for (const answer of answers.filter((a) => !a.ok)) expect(answer.code).toBe('bots.tooMany');
      const bots = await db
        .selectFrom('seats')
        .innerJoin('users', 'users.id', 'seats.user_id')
        .select('seats.table_id')
        .where('seats.table_id', 'in', tables)
        .where('users.bot_level', 'is not', null)
        .execute();
      expect([race, answers.filter((a) => a.ok).length, bots.length]).toEqual([race, BOT_SEATS, BOT_SEATS]);
      host.close();
      other.close();
    }
  }, 120_000);

  it('a table handed to a player as its host leaves, while that player creates tables at the other process, leaves no more open tables than the limit', async () => {
    for (let race = 0; race < RACES; race++) {
      const [ann, bob] = [await guest(race), await guest(race + 1)];
      // Bob hosts one table fewer than he may, and sits at Ann's.
      for (let k = 0; k < OPEN_TABLES - 1; k++)
        expect((await bob.request('table:create', { game: 'nyny', players: 2 })).ok).toBe(true);
      const annTable = (await ann.request('table:create', { game: 'nyny', players: 2 })).tableId as string;
      await bob.open(annTable);
      expect((await bob.command(annTable, '/join')).ok).toBe(true);
      await ann.open(annTable);
      // Ann leaves (her table would go to Bob) while Bob creates one more table at the other process.
      await Promise.all([
        ann.command(annTable, '/leave'),
        bob.request('table:create', { game: 'nyny', players: 2 }),
      ]);
      const open = await db
        .selectFrom('tables')
        .select('id')
        .where('host_id', '=', await idOf(bob))
        .where('status', '=', 'open')
        .execute();
      expect([race, open.length <= OPEN_TABLES]).toEqual([race, true]);
      ann.close();
      bob.close();
    }
  }, 120_000);
});
