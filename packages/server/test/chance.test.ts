/**
 * Where a table's chance moves come from. A table once drew them from a generator seeded with 31 bits: a seat that
 * knew its own hand and the face-up cards searched all 2^31 seeds in minutes and found the one that dealt them, and so
 * every hidden card. Now a table's chance moves come from a ChaCha20 stream keyed with 256 fresh bits of the operating
 * system's cryptographic source (`KeyedRng.fresh`), and a duplicate round's deal from a 256-bit key of its own, secret
 * until the round is over.
 */
import { createHash } from 'node:crypto';
import { GAMES } from '@skyline/games';
import type { TournamentDetail, TournamentSummary } from '@skyline/protocol';
import { roundDeal } from '@skyline/tournaments';
import { describe, expect, it } from 'vitest';
import { drawChance } from '../src/tables/moves.js';
import { TestClient, testServerForFile } from './harness.js';
import { duplicateSwiss, registeredGuest, until } from './tournament-checks.js';

const server = testServerForFile(':memory:', {}, { delayMs: 0, thinkMs: 20 }, { tournamentCheckMs: 100 });

describe('chance at a table', () => {
  it('a seat searching the seeds behind a deal finds none: 200,000 deals drawn as a table draws them never repeat', () => {
    // The birthday bound makes the state space visible: deals drawn from at most 2^31 seeds repeat within 200,000
    // draws with probability 1 - exp(-200,000² / 2^32) > 99.99%; from a 256-bit key (My City's deal is one of 24!
    // orders of its cards, about 2^79) with probability below 10^-13.
    const game = GAMES.get('mycity')!;
    const parsed = game.parseOptions(2, {});
    if (!parsed.ok) throw new Error('options');
    const seen = new Set<string>();
    const draws = 200_000;
    let entries = 0;
    for (let k = 0; k < draws; k++) {
      const drawn = drawChance(game, game.setup(2, parsed.options));
      entries += drawn.length;
      seen.add(createHash('sha1').update(JSON.stringify(drawn)).digest('base64'));
    }
    expect(entries).toBe(draws); // one chance move a game: the order of the cards
    expect(seen.size).toBe(draws);
  }, 60_000);
});

describe('chance in a duplicate tournament', () => {
  /** The round's stored deal: its key and chance moves. */
  const storedDeal = async (id: string, round: number) => {
    const row = await server.app.db
      .selectFrom('tournament_rounds')
      .select('deal')
      .where('tournament_id', '=', id)
      .where('round', '=', round)
      .executeTakeFirstOrThrow();
    return JSON.parse(row.deal!) as { key: string; chances: unknown[] };
  };
  const detailOf = async (client: TestClient, id: string) =>
    (await client.http('GET', `/api/tournaments/${id}`)).body as unknown as TournamentDetail;

  it("a player cannot learn a round's deal key before the round ends; once shown it replays the deal and tells nothing of the next round", async () => {
    const organiser = await registeredGuest(server.url, 'chance-organiser');
    const player = await TestClient.guest(server.url, 'chance-player');
    const created = await organiser.http('POST', '/api/tournaments', duplicateSwiss('Keys'));
    const id = (created.body.tournament as TournamentSummary).id;
    expect((await player.http('POST', `/api/tournaments/${id}/register`)).status).toBe(200);
    await organiser.http('POST', `/api/tournaments/${id}/bots`, { level: 'random', count: 7 });

    // Round 1 is played: the player's table waits for the player.
    let detail = await detailOf(player, id);
    await until(
      async () => {
        detail = await detailOf(player, id);
        return (detail.rounds[0]?.tables ?? []).some((table) => table.status === 'over');
      },
      60_000,
      'the bots to finish their table of round 1',
    );
    const first = await storedDeal(id, 1);
    expect(first.key).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.rounds[0]!.dealKey).toBeNull();
    const mine = () =>
      detail.rounds.at(-1)!.tables.find((table) => table.players.some((p) => p.name === player.name))!;
    const table = mine().tableId;
    // Nothing the player is sent holds the key: the page, the table, its snapshot.
    const seen = [
      JSON.stringify(detail),
      JSON.stringify((await player.http('GET', `/api/tables/${table}`)).body),
      JSON.stringify(await player.open(table)),
    ];
    for (const text of seen) expect(text).not.toContain(first.key);

    // The player resigns (a bot plays the seat to the end): round 1 is over, its key shown, round 2 paired.
    expect((await player.command(table, '/resign')).ok).toBe(true);
    await until(
      async () => {
        detail = await detailOf(player, id);
        return detail.rounds[0]!.status === 'over' && detail.rounds.length === 2;
      },
      60_000,
      'round 1 to end and round 2 to be paired',
    );
    expect(detail.rounds[0]!.dealKey).toBe(first.key);
    // Anyone can check the deal from the key shown.
    const game = GAMES.get('nyny')!;
    const parsed = game.parseOptions(4, {});
    if (!parsed.ok) throw new Error('options');
    expect(roundDeal(game, 4, parsed.options, first.key).chances).toEqual(first.chances);
    // Round 2 has a key of its own, still secret: the key of round 1 deals something else.
    const second = await storedDeal(id, 2);
    expect(second.key).toMatch(/^[0-9a-f]{64}$/);
    expect(second.key).not.toBe(first.key);
    expect(second.chances[0]).not.toEqual(first.chances[0]);
    expect(detail.rounds[1]!.status).toBe('playing');
    expect(detail.rounds[1]!.dealKey).toBeNull();
    expect(JSON.stringify(detail)).not.toContain(second.key);
    // The player leaves round 2 too; the tournament ends and shows both keys.
    const next = mine().tableId;
    await player.open(next);
    expect((await player.command(next, '/resign')).ok).toBe(true);
    await until(
      async () => (detail = await detailOf(player, id)).tournament.status === 'finished',
      60_000,
      'the tournament to finish',
    );
    expect(detail.rounds.map((round) => round.dealKey)).toEqual([first.key, second.key]);
  }, 180_000);
});
