/**
 * Tournaments over HTTP, driven by the server: an 8-bot duplicate Swiss tournament at 4-seat tables runs to its end;
 * its standings are those the tournament library makes of the stored results; every table of a round was dealt the
 * same chance moves (read from the stored move logs); and the refusals a player meets.
 */
import type { PlayerProfile, TableRatings, TournamentDetail, TournamentSummary } from '@skyline/protocol';
import { standings, tableResultsCheck, until } from './tournament-checks.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Accounts } from '../src/auth.js';
import { TestClient, known, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer(':memory:', {}, { delayMs: 0, thinkMs: 20 }, { tournamentCheckMs: 100 });
});
afterAll(() => server.close());

let names = 0;
async function registered(): Promise<TestClient> {
  const client = await TestClient.guest(server.url, `tp${++names}`);
  expect((await client.http('POST', '/api/register', { password: 'a long enough password' })).status).toBe(
    200,
  );
  return client;
}

/** The tournament's page data once `done` holds. */
async function detailWhen(
  client: TestClient,
  id: string,
  done: (detail: TournamentDetail) => boolean,
): Promise<TournamentDetail> {
  let detail: TournamentDetail | undefined;
  await until(
    async () => {
      detail = (await client.http('GET', `/api/tournaments/${id}`)).body as unknown as TournamentDetail;
      return done(detail);
    },
    120_000,
    'the tournament',
  );
  return detail!;
}

/**
 * Plays the tournament's games at `playerId`'s seats through `client`'s socket (the first legal move each time, as
 * soon as it has one) while the bots play theirs, until the tournament is finished; its page data then.
 */
async function playTournament(client: TestClient, playerId: string, id: string): Promise<TournamentDetail> {
  const opened = new Set<string>();
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const detail = (await client.http('GET', `/api/tournaments/${id}`)).body as unknown as TournamentDetail;
    if (detail.tournament.status === 'finished') return detail;
    let moved = false;
    for (const table of detail.rounds.flatMap((round) => round.tables)) {
      if (table.status !== 'playing' || !table.players.some(({ player }) => player === playerId)) continue;
      if (!opened.has(table.tableId)) {
        await client.open(table.tableId);
        opened.add(table.tableId);
      }
      const { version, legalMoves, over } = known(client, table.tableId);
      if (over || legalMoves.length === 0) continue;
      const ack = await client.request('table:move', {
        tableId: table.tableId,
        version,
        id: `t${version}`,
        move: legalMoves[0],
      });
      moved ||= ack.ok;
    }
    if (!moved) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the tournament did not finish');
}

/** `client` plays its seat at `tableId` (the first legal move each time it may move) until the game is over. */
async function playTable(client: TestClient, tableId: string): Promise<void> {
  await client.open(tableId);
  const deadline = Date.now() + 60_000;
  for (let k = 0; Date.now() < deadline; k++) {
    const { version, legalMoves, over } = known(client, tableId);
    if (over) return;
    if (legalMoves.length === 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      continue;
    }
    await client.request('table:move', { tableId, version, id: `p${k}`, move: legalMoves[0] });
  }
  throw new Error(`${client.name}'s game did not end`);
}

const BODY = {
  name: 'Bots night',
  game: 'nyny',
  seatsPerTable: 4,
  rounds: 3,
  format: 'swiss',
  duplicate: true,
  maxPlayers: 8,
};

/**
 * A one-round duplicate tournament of 8 random bots at 4-seat tables of `game`, played to its end: its page data,
 * the round's stored deal (its chance moves) and each table's chance moves in its stored record.
 */
async function duplicateRoundOfBots<Chance>(
  game: string,
): Promise<{ id: string; detail: TournamentDetail; deal: Chance[]; tables: Chance[][] }> {
  const organiser = await registered();
  const created = await organiser.http('POST', '/api/tournaments', { ...BODY, game, rounds: 1 });
  expect(created.status).toBe(200);
  const id = (created.body.tournament as TournamentSummary).id;
  await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 8 });
  const detail = await detailWhen(organiser, id, (d) => d.tournament.status === 'finished');
  const db = server.app.db;
  const round = await db
    .selectFrom('tournament_rounds')
    .select('deal')
    .where('tournament_id', '=', id)
    .executeTakeFirstOrThrow();
  const deal = (JSON.parse(round.deal!) as { chances: Chance[] }).chances;
  const ids = await db
    .selectFrom('tournament_tables')
    .select('table_id')
    .where('tournament_id', '=', id)
    .execute();
  const tables = await Promise.all(
    ids.map(async ({ table_id }) =>
      (await db.selectFrom('moves').select('entry').where('table_id', '=', table_id).orderBy('seq').execute())
        .map((row) => JSON.parse(row.entry) as { chance?: Chance })
        .flatMap((entry) => (entry.chance ? [entry.chance] : [])),
    ),
  );
  return { id, detail, deal, tables };
}

describe('tournaments', () => {
  it('a bots-only duplicate Swiss tournament of 8 at 4-seat tables runs to its end, with the right standings', async () => {
    const organiser = await registered();
    const created = await organiser.http('POST', '/api/tournaments', BODY);
    expect(created.status).toBe(200);
    const id = (created.body.tournament as TournamentSummary).id;
    expect(
      (await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 8 })).status,
    ).toBe(200);
    // Full: it starts by itself ("when full").
    const detail = await detailWhen(organiser, id, (d) => d.tournament.status === 'finished');
    expect(detail.rounds).toHaveLength(3);
    for (const round of detail.rounds) {
      expect(round.tables).toHaveLength(2);
      expect(round.byes).toEqual([]);
      // Duplicate: each seat compared across the 2 tables; matchpoints of a seat add up to 1 (one pair).
      expect(round.duplicate).toHaveLength(4);
      for (const seat of round.duplicate!)
        expect(seat.rows.reduce((sum, row) => sum + row.matchpoints, 0)).toBe(1);
    }
    // Every round hands out 8 × 1/2 points: after 3 rounds, 12.
    expect(detail.standings.reduce((sum, row) => sum + row.points, 0)).toBeCloseTo(12);
    // The standings are the library's, computed here again from the stored tables' results.
    expect(detail.standings.map((row) => [row.player, row.points, row.rank])).toEqual(
      (await standings(server.app.db, id)).map((row) => [row.id, row.points, row.rank]),
    );
    expect(detail.tournament.winner).toBe(detail.standings[0]!.name);
    // Unrated: no line says anything of ratings.
    expect(detail.standings.map((row) => row.rating)).toEqual(detail.standings.map(() => null));
    const list = (await organiser.http('GET', '/api/tournaments')).body as { finished: TournamentSummary[] };
    expect(list.finished.map((t) => t.id)).toContain(id);
    await tableResultsCheck(server.app.db, id);
  }, 180_000);

  it("a rated tournament's standings give each player's rating before its first game and after its last", async () => {
    const organiser = await registered();
    const created = await organiser.http('POST', '/api/tournaments', {
      ...BODY,
      rounds: 2,
      duplicate: false,
      rated: true,
    });
    const id = (created.body.tournament as TournamentSummary).id;
    const db = server.app.db;
    const shownOf = async () =>
      new Map(
        (await db.selectFrom('ratings').selectAll().where('game', '=', 'nyny').execute()).map((row) => [
          row.player_id,
          // The shown rating to two decimals: 1500 + (mu − 25) × 400 / (√2 × 25/6 × ln 10), written out by hand
          // from docs/platform.md; a level never rated is at mu 25: 1500.
          Math.round((1500 + ((Number(row.mu) - 25) * 400) / (Math.SQRT2 * (25 / 6) * Math.LN10)) * 100) /
            100,
        ]),
      );
    const before = await shownOf();
    // The organiser plays, with seven bots of three levels: only a game with a person is rated (bots are rated only
    // against people), so each round one table of four is rated, the person's.
    expect((await organiser.http('POST', `/api/tournaments/${id}/register`, {})).status).toBe(200);
    for (const [level, count] of [
      ['random', 3],
      ['greedy', 2],
      ['ismcts', 2],
    ] as const)
      await organiser.http('POST', `/api/tournaments/${id}/bots`, { level, count });
    const me = (await organiser.http('GET', '/api/me')).body.user as { id: string };
    const detail = await playTournament(organiser, me.id, id);
    const after = await shownOf();
    const tables = detail.rounds.flatMap((round) => round.tables);
    expect(tables).toHaveLength(4);
    const mine = tables.filter((table) => table.players.some(({ player }) => player === me.id));
    expect(mine).toHaveLength(2);
    // "My games" names the tournament and the round of each of them.
    const listed = (await organiser.http('GET', '/api/my/games')).body.games as {
      id: string;
      tournament: { id: string; name: string; round: number } | null;
    }[];
    const roundOf = (tableId: string) =>
      detail.rounds.find((round) => round.tables.some((table) => table.tableId === tableId))!.round;
    expect(listed.map((game) => [game.id, game.tournament]).sort()).toEqual(
      mine
        .map((table) => [table.tableId, { id, name: detail.tournament.name, round: roundOf(table.tableId) }])
        .sort(),
    );
    const levelOf = new Map(detail.standings.map((row) => [row.player, row.bot]));
    // How many of the organiser's tables each level sat at: its rated games of the tournament.
    const games = (level: string) =>
      mine.filter((table) => table.players.some(({ player }) => levelOf.get(player) === level)).length;
    for (const row of detail.standings) {
      if (row.bot === null) {
        expect(row.rating).toEqual({ before: before.get(me.id) ?? 1500, after: after.get(me.id), games: 2 });
        continue;
      }
      const level = `bot:${row.bot}`;
      expect(row.rating).toEqual(
        games(row.bot) === 0
          ? null
          : { before: before.get(level) ?? 1500, after: after.get(level), games: games(row.bot) },
      );
    }
    // The tournament moved every rating it rated.
    expect(
      detail.standings.every((row) => row.rating === null || row.rating.after !== row.rating.before),
    ).toBe(true);
  }, 180_000);

  it('duplicate deals: every table of a round has the same chance moves in its stored record', async () => {
    const organiser = await registered();
    const created = await organiser.http('POST', '/api/tournaments', { ...BODY, rounds: 1 });
    const id = (created.body.tournament as TournamentSummary).id;
    await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 8 });
    await detailWhen(organiser, id, (d) => d.tournament.status === 'finished');
    const db = server.app.db;
    const tables = await db
      .selectFrom('tournament_tables')
      .select('table_id')
      .where('tournament_id', '=', id)
      .execute();
    expect(tables).toHaveLength(2);
    const chances = await Promise.all(
      tables.map(async ({ table_id }) =>
        (
          await db
            .selectFrom('moves')
            .select('entry')
            .where('table_id', '=', table_id)
            .orderBy('seq')
            .execute()
        )
          .map((row) => JSON.parse(row.entry) as { chance?: unknown })
          .filter((entry) => 'chance' in entry),
      ),
    );
    expect(chances[0]!.length).toBeGreaterThan(0);
    expect(chances[1]).toEqual(chances[0]);
    const round = await db
      .selectFrom('tournament_rounds')
      .select('deal')
      .where('tournament_id', '=', id)
      .executeTakeFirstOrThrow();
    const deal = JSON.parse(round.deal!) as { chances: unknown[] };
    expect(chances[0]!.map((entry) => entry.chance)).toEqual(deal.chances.slice(0, chances[0]!.length));
  }, 180_000);

  it('duplicate Manhattan: the same deck at both tables (the first deal, in the stored records)', async () => {
    const { deal, tables } = await duplicateRoundOfBots<{ order: string[] }>('manhattan');
    for (const chances of tables) {
      expect(chances[0]).toEqual(deal[0]);
      // A reshuffle of this table's discard pile (play made it differ from the deal's): a shuffle of that pile.
      expect(chances.slice(1).every((chance) => chance.order.length > 0)).toBe(true);
    }
  }, 180_000);

  it("duplicate Chinatown with bots at every seat: it finishes, both tables get the same setup, and each reshuffle of returned lot cards keeps the deal's order", async () => {
    type Chance = { type: 'setup' } | { type: 'shuffleLots'; order: number[] };
    const { id, detail, deal, tables } = await duplicateRoundOfBots<Chance>('chinatown');
    expect(detail.rounds[0]!.tables).toHaveLength(2);
    expect(detail.rounds[0]!.duplicate).toHaveLength(4);
    expect(deal[0]!.type).toBe('setup');
    let reshuffles = 0;
    for (const chances of tables) {
      // The whole deck of lot cards and of shop tiles: the deal's, at both tables.
      expect(chances[0]).toEqual(deal[0]);
      // Which lot cards went back differs with play; those the deal's reshuffle also holds keep its order.
      chances.slice(1).forEach((chance, at) => {
        const reference = deal[at + 1];
        expect(chance.type).toBe('shuffleLots');
        if (chance.type !== 'shuffleLots' || reference?.type !== 'shuffleLots') return;
        const here = new Set(chance.order);
        const there = new Set(reference.order);
        expect(chance.order.filter((lot) => there.has(lot))).toEqual(
          reference.order.filter((lot) => here.has(lot)),
        );
        reshuffles++;
      });
    }
    // Every round each seat gives back the lot cards it does not keep: there were reshuffles to compare.
    expect(reshuffles).toBeGreaterThan(0);
    await tableResultsCheck(server.app.db, id);
  }, 180_000);

  it('a round-robin of 5 at 2-seat tables: a bye each round, everyone meets everyone once, byes worth 1/2', async () => {
    const organiser = await registered();
    const created = await organiser.http('POST', '/api/tournaments', {
      ...BODY,
      seatsPerTable: 2,
      rounds: 5,
      format: 'roundrobin',
      duplicate: false,
      maxPlayers: 5,
    });
    const id = (created.body.tournament as TournamentSummary).id;
    await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 5 });
    const detail = await detailWhen(organiser, id, (d) => d.tournament.status === 'finished');
    const met = new Set<string>();
    for (const round of detail.rounds) {
      expect(round.byes).toHaveLength(1);
      expect(round.tables).toHaveLength(2);
      expect(round.duplicate).toBeNull();
      for (const table of round.tables)
        met.add(
          table.players
            .map((p) => p.player)
            .sort()
            .join(' '),
        );
    }
    expect(met.size).toBe(10);
    expect(new Set(detail.rounds.map((round) => round.byes[0]!.player)).size).toBe(5);
    // Each round: 2 tables of 1 point, and a bye of 1/2.
    expect(detail.standings.reduce((sum, row) => sum + row.points, 0)).toBeCloseTo(5 * 2.5);
    for (const row of detail.standings) expect([row.played, row.byes]).toEqual([4, 1]);
    await tableResultsCheck(server.app.db, id);
  }, 180_000);

  it('starts at its start time with the players it has, and is cancelled at that time with too few', async () => {
    const organiser = await registered();
    const at = Date.now() + 1500;
    const body = { ...BODY, rounds: 1, maxPlayers: 8, startsAt: at };
    const enough = (
      (await organiser.http('POST', '/api/tournaments', body)).body.tournament as TournamentSummary
    ).id;
    const few = (
      (await organiser.http('POST', '/api/tournaments', body)).body.tournament as TournamentSummary
    ).id;
    await organiser.http('POST', `/api/tournaments/${enough}/bots`, { level: 'random', count: 5 });
    await organiser.http('POST', `/api/tournaments/${few}/bots`, { level: 'random', count: 3 });
    const before = (await organiser.http('GET', `/api/tournaments/${enough}`))
      .body as unknown as TournamentDetail;
    expect(before.tournament.status).toBe('open');
    const started = await detailWhen(organiser, enough, (d) => d.tournament.status !== 'open');
    expect(Date.now()).toBeGreaterThanOrEqual(at);
    // 5 players at 4-seat tables: one table, one bye.
    expect(started.rounds[0]!.tables).toHaveLength(1);
    expect(started.rounds[0]!.byes).toHaveLength(1);
    const cancelled = await detailWhen(organiser, few, (d) => d.tournament.status !== 'open');
    expect(cancelled.tournament.status).toBe('cancelled');
    expect(cancelled.rounds).toEqual([]);
  }, 60_000);

  it('three players taking the last place at once: one gets it, the others are told it is full', async () => {
    const organiser = await registered();
    const id = (
      (await organiser.http('POST', '/api/tournaments', { ...BODY, rounds: 1, maxPlayers: 4 })).body
        .tournament as TournamentSummary
    ).id;
    await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 3 });
    const accounts = new Accounts(server.app.db);
    const rivals = await Promise.all([1, 2, 3].map(() => accounts.createGuest(`lp${++names}`)));
    // Called together, as requests reaching several processes at once would: each finds one place left.
    const answers = await Promise.allSettled(
      rivals.map(({ user }) => server.app.tournaments.register(user, id)),
    );
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status === 'rejected'))
      expect(answer.reason).toMatchObject({ code: 'tournament.full' });
    const detail = (await organiser.http('GET', `/api/tournaments/${id}`))
      .body as unknown as TournamentDetail;
    expect(detail.registrations).toHaveLength(4);
  });

  it('keeps a duplicate round secret while it is played: its tables show only to their players, records to nobody', async () => {
    const organiser = await registered();
    const player = await TestClient.guest(server.url, `pl${++names}`);
    const stranger = await TestClient.guest(server.url, `st${++names}`);
    const id = (
      (await organiser.http('POST', '/api/tournaments', { ...BODY, rounds: 1 })).body
        .tournament as TournamentSummary
    ).id;
    expect((await player.http('POST', `/api/tournaments/${id}/register`)).status).toBe(200);
    await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 7 });
    // The bots' table ends; the player's waits for the player.
    const playing = await detailWhen(organiser, id, (d) =>
      (d.rounds[0]?.tables ?? []).some((table) => table.status === 'over'),
    );
    const round = playing.rounds[0]!;
    expect(round.seed).toBeNull();
    const mine = round.tables.find((table) => table.players.some((p) => p.name === player.name))!;
    const bots = round.tables.find((table) => table !== mine)!;
    expect((await player.http('GET', `/api/tables/${mine.tableId}`)).status).toBe(200);
    for (const [who, path] of [
      [stranger, `/api/tables/${mine.tableId}`],
      [stranger, `/api/tables/${bots.tableId}`],
      [stranger, `/api/games/${bots.tableId}/record`],
      [player, `/api/tables/${bots.tableId}`],
      [player, `/api/games/${bots.tableId}/record`],
    ] as const) {
      const refused = await who.http('GET', path);
      expect([path, refused.status, refused.body.code]).toEqual([path, 409, 'tournament.roundSecret']);
    }
    expect((await stranger.request('table:open', { tableId: bots.tableId })).code).toBe(
      'tournament.roundSecret',
    );
    const lobby = (await stranger.http('GET', '/api/tables')).body as { tables: { id: string }[] };
    expect(lobby.tables.map((table) => table.id)).not.toContain(mine.tableId);
    // The player resigns: a bot plays the seat to the end, and the round is over.
    await player.open(mine.tableId);
    expect((await player.command(mine.tableId, '/resign')).ok).toBe(true);
    const over = await detailWhen(organiser, id, (d) => d.tournament.status === 'finished');
    expect(over.rounds[0]!.seed).not.toBeNull();
    expect((await stranger.http('GET', `/api/games/${bots.tableId}/record`)).status).toBe(200);
    expect((await stranger.http('GET', `/api/tables/${mine.tableId}`)).status).toBe(200);
    // Resigned: placed last at its table.
    const last = over.rounds[0]!.tables.find((table) => table.tableId === mine.tableId)!;
    const seat = last.players.findIndex((p) => p.name === player.name);
    expect(last.placePoints![seat]).toBe(0);
  }, 120_000);

  it('a player cannot /abort a tournament game in its opening (abort.tournament, nothing changes), the page is told whose tournament it is, and /who names no host', async () => {
    const organiser = await registered();
    // The organiser plays: the table's host in the records, yet named host nowhere.
    const player = organiser;
    const id = (
      (
        await organiser.http('POST', '/api/tournaments', {
          ...BODY,
          rounds: 1,
          seatsPerTable: 2,
          maxPlayers: 2,
        })
      ).body.tournament as TournamentSummary
    ).id;
    expect((await player.http('POST', `/api/tournaments/${id}/register`)).status).toBe(200);
    await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 1 });
    const paired = await detailWhen(organiser, id, (d) => (d.rounds[0]?.tables.length ?? 0) === 1);
    const tableId = paired.rounds[0]!.tables[0]!.tableId;
    // Nobody has moved yet: at an ordinary table this is when /abort is allowed.
    const snapshot = await player.open(tableId);
    expect(snapshot.table.tournamentId).toBe(id);
    expect(snapshot.status?.abortable).toBeFalsy();
    expect(await player.command(tableId, '/abort')).toMatchObject({
      ok: false,
      code: 'abort.tournament',
      error: 'this is a tournament game: it cannot be aborted (/resign to give up)',
    });
    // Nobody is named as the host of a tournament's table.
    const who = await player.command(tableId, '/who');
    expect(JSON.stringify(who)).not.toMatch(/\(host/);
    expect(JSON.stringify(who)).toContain(player.name);
    // Still played (a bot may have moved meanwhile: the version is not compared).
    const after = await player.open(tableId);
    expect([after.table.status, after.status?.over, after.status?.aborted]).toEqual([
      'playing',
      false,
      undefined,
    ]);
  }, 60_000);

  /**
   * A one-round duplicate tournament: the organiser (registered) with a random, a greedy and an ismcts bot at one
   * table, a guest with three random bots at the other (seated in the order they registered). The organiser plays
   * its table to its end (a person's table: rated, where a table of bots only never is); the guest's waits for the
   * guest. `bots` is the organiser's table, over; `mine` the guest's.
   */
  async function duplicateRoundHalfOver(rated: boolean) {
    const organiser = await registered();
    const player = await TestClient.guest(server.url, `pl${++names}`);
    const stranger = await TestClient.guest(server.url, `st${++names}`);
    const id = (
      (await organiser.http('POST', '/api/tournaments', { ...BODY, rounds: 1, rated })).body
        .tournament as TournamentSummary
    ).id;
    expect((await organiser.http('POST', `/api/tournaments/${id}/register`)).status).toBe(200);
    for (const level of ['random', 'greedy', 'ismcts'])
      await organiser.http('POST', `/api/tournaments/${id}/bots`, { level, count: 1 });
    expect((await player.http('POST', `/api/tournaments/${id}/register`)).status).toBe(200);
    await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 3 });
    const me = (await organiser.http('GET', '/api/me')).body.user as { id: string };
    const paired = await detailWhen(organiser, id, (d) => (d.rounds[0]?.tables.length ?? 0) === 2);
    const organisers = paired.rounds[0]!.tables.find((table) =>
      table.players.some((p) => p.player === me.id),
    )!;
    expect(organisers.players.some((p) => p.name === player.name)).toBe(false);
    await playTable(organiser, organisers.tableId);
    const playing = await detailWhen(organiser, id, (d) =>
      (d.rounds[0]?.tables ?? []).some((table) => table.status === 'over'),
    );
    const tables = playing.rounds[0]!.tables;
    const mine = tables.find((table) => table.players.some((p) => p.name === player.name))!;
    const bots = tables.find((table) => table !== mine)!;
    return { id, organiser, player, stranger, mine, bots };
  }

  it("a duplicate round's finished table tells nobody its scores, places or rating changes while the round is played: not the tournament page, nor a profile, nor the ratings, which change only when the round ends", async () => {
    const { id, organiser, player, stranger, mine, bots } = await duplicateRoundHalfOver(true);
    expect(bots.status).toBe('over');
    const me = (await organiser.http('GET', '/api/me')).body.user as { id: string };
    const botName = bots.players.find((p) => p.player !== me.id)!.name;
    const profileOf = async (who: TestClient) =>
      (await who.http('GET', `/api/players/${encodeURIComponent(botName)}`)).body as unknown as PlayerProfile;
    const charted = (profile: PlayerProfile) =>
      Object.values(profile.charts).flatMap((points) => points.map((point) => point.tableId));
    const db = server.app.db;
    const ratedRows = () =>
      db.selectFrom('rating_history').select('player_id').where('table_id', '=', bots.tableId).execute();
    const organisersRating = () =>
      db
        .selectFrom('ratings')
        .select('mu')
        .where('player_id', '=', me.id)
        .where('game', '=', 'nyny')
        .execute();
    for (const who of [organiser, player, stranger]) {
      const detail = (await who.http('GET', `/api/tournaments/${id}`)).body as unknown as TournamentDetail;
      const round = detail.rounds[0]!;
      for (const table of round.tables) expect([table.scores, table.placePoints]).toEqual([null, null]);
      expect(round.duplicate).toEqual([]);
      expect(detail.standings.map((row) => row.rating)).toEqual(detail.standings.map(() => null));
      // A bot level's profile at that table: the game is not among its recent games, nor in its rating chart, yet.
      const profile = await profileOf(who);
      expect(profile.recent.map((game) => game.tableId)).not.toContain(bots.tableId);
      expect(charted(profile)).not.toContain(bots.tableId);
      if (who === organiser) continue;
      const places = await who.http('GET', `/api/tables/${bots.tableId}/ratings`);
      expect([places.status, places.body.code]).toEqual([409, 'tournament.roundSecret']);
    }
    // Nor do the ratings themselves move yet (a leaderboard or a rating would tell the guest's table how the other
    // went): the organiser's own table says they change when the round ends.
    expect(await ratedRows()).toEqual([]);
    expect(await organisersRating()).toEqual([]);
    const pending = (await organiser.http('GET', `/api/tables/${bots.tableId}/ratings`))
      .body as unknown as TableRatings;
    expect(pending).toMatchObject({ rated: false, changes: [] });
    expect(pending.notes?.map((note) => note.code)).toEqual(['rating.roundPending']);
    // The player's own table's ratings are the player's to see.
    expect((await player.http('GET', `/api/tables/${mine.tableId}/ratings`)).status).toBe(200);
    // The round ends (the player resigns; a bot plays the seat out): everything shows, and the round is rated.
    await player.open(mine.tableId);
    expect((await player.command(mine.tableId, '/resign')).ok).toBe(true);
    const over = await detailWhen(organiser, id, (d) => d.tournament.status === 'finished');
    const shown = over.rounds[0]!.tables.find((table) => table.tableId === bots.tableId)!;
    const stored = await db
      .selectFrom('tables')
      .select('result')
      .where('id', '=', bots.tableId)
      .executeTakeFirstOrThrow();
    const result = JSON.parse(stored.result!) as { status?: { scores: number[] } };
    expect(shown.scores).toEqual(result.status!.scores);
    expect(over.rounds[0]!.duplicate).toHaveLength(4);
    // The organiser and the three bot levels at the organiser's table: each level rated against the organiser.
    const atThatTable = new Set(bots.players.map((p) => p.player));
    const rated = over.standings.filter((row) => atThatTable.has(row.player));
    expect(rated.map((row) => row.rating === null)).toEqual([false, false, false, false]);
    expect((await ratedRows()).map((row) => row.player_id).sort()).toEqual(
      [me.id, 'bot:greedy', 'bot:ismcts', 'bot:random'].sort(),
    );
    expect(await organisersRating()).toHaveLength(1);
    const profile = await profileOf(stranger);
    expect(profile.recent.map((game) => game.tableId)).toContain(bots.tableId);
    expect(charted(profile)).toContain(bots.tableId);
    const places = await stranger.http('GET', `/api/tables/${bots.tableId}/ratings`);
    expect([places.status, (places.body as unknown as TableRatings).changes.length]).toEqual([200, 4]);
  }, 120_000);

  it("a chat line or command sent into a duplicate round's table the sender cannot open is refused and stored nowhere", async () => {
    const { player, stranger, mine, bots } = await duplicateRoundHalfOver(false);
    const userIds = await server.app.db
      .selectFrom('users')
      .select('id')
      .where('name', 'in', [player.name, stranger.name])
      .execute();
    for (const [who, tableId] of [
      [stranger, bots.tableId],
      [stranger, mine.tableId],
      [player, bots.tableId],
    ] as const) {
      for (const text of ['the deal starts with a 7, play safe', '/who']) {
        const refused = await who.request('table:chat', { tableId, text });
        expect([tableId, text, refused.ok, refused.code]).toEqual([
          tableId,
          text,
          false,
          'tournament.chatSecret',
        ]);
      }
      const command = await who.request('table:command', { tableId, command: { name: 'who' } });
      expect([tableId, command.code]).toEqual([tableId, 'tournament.chatSecret']);
    }
    const stored = await server.app.db
      .selectFrom('chat')
      .select('text')
      .where(
        'user_id',
        'in',
        userIds.map((user) => user.id),
      )
      .execute();
    expect(stored).toEqual([]);
    // At the player's own table, the player talks as at any table.
    expect((await player.request('table:chat', { tableId: mine.tableId, text: 'good luck all' })).ok).toBe(
      true,
    );
  }, 120_000);

  it('the list gives each tournament its own organiser and number of players', async () => {
    const ann = await registered();
    const bob = await registered();
    const create = async (client: TestClient, name: string, bots: number) => {
      const id = (
        (await client.http('POST', '/api/tournaments', { ...BODY, name })).body
          .tournament as TournamentSummary
      ).id;
      if (bots > 0)
        await client.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: bots });
      return id;
    };
    const empty = await create(ann, 'Nobody yet', 0);
    const three = await create(bob, 'Three bots', 3);
    const five = await create(ann, 'Five bots', 5);
    await bob.http('POST', `/api/tournaments/${five}/register`);
    const list = (await ann.http('GET', '/api/tournaments')).body as { upcoming: TournamentSummary[] };
    const shown = (id: string) => {
      const summary = list.upcoming.find((entry) => entry.id === id)!;
      return [summary.name, summary.organiser, summary.players];
    };
    expect([shown(empty), shown(three), shown(five)]).toEqual([
      ['Nobody yet', ann.name, 0],
      ['Three bots', bob.name, 3],
      ['Five bots', ann.name, 6],
    ]);
  });

  it('refuses a fourth tournament not finished to one organiser', async () => {
    const organiser = await registered();
    for (let k = 0; k < 3; k++)
      expect((await organiser.http('POST', '/api/tournaments', BODY)).status).toBe(200);
    const fourth = await organiser.http('POST', '/api/tournaments', BODY);
    expect([fourth.status, fourth.body.code]).toEqual([409, 'tournament.tooMany']);
  });

  it('refuses: a guest creating, registering twice, a stranger adding bots, unregistering after the start', async () => {
    const guest = await TestClient.guest(server.url, `guest${++names}`);
    const refused = await guest.http('POST', '/api/tournaments', BODY);
    expect([refused.status, refused.body.code]).toEqual([409, 'tournament.registeredOnly']);
    const organiser = await registered();
    const id = (
      (await organiser.http('POST', '/api/tournaments', { ...BODY, maxPlayers: 5 })).body
        .tournament as TournamentSummary
    ).id;
    expect((await guest.http('POST', `/api/tournaments/${id}/register`)).status).toBe(200);
    const twice = await guest.http('POST', `/api/tournaments/${id}/register`);
    expect(twice.body.code).toBe('tournament.already');
    const stranger = await guest.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 1 });
    expect(stranger.body.code).toBe('tournament.organiserOnly');
    const tooMany = await organiser.http('POST', `/api/tournaments/${id}/bots`, {
      level: 'random',
      count: 5,
    });
    expect(tooMany.body.code).toBe('tournament.full');
    const early = await organiser.http('POST', `/api/tournaments/${id}/start`);
    expect(early.body.code).toBe('tournament.tooFew');
    const bad = await organiser.http('POST', '/api/tournaments', { ...BODY, seatsPerTable: 5 });
    expect(bad.body.code).toBe('tournament.seats');
    const badBody = await organiser.http('POST', '/api/tournaments', { ...BODY, format: 'knockout' });
    expect(badBody.status).toBe(400);
    await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 3 });
    expect((await organiser.http('POST', `/api/tournaments/${id}/start`)).status).toBe(200);
    await detailWhen(organiser, id, (d) => d.tournament.status === 'running');
    const late = await guest.http('POST', `/api/tournaments/${id}/unregister`);
    expect(late.body.code).toBe('tournament.notOpen');
  }, 60_000);
});
