/**
 * Bots at Chinatown tables behave like patient people (issue 15): each bot decides once per change it can see and
 * never undoes its own last decision on nothing (no ready / not-ready loop, no offer / withdraw loop), answers the
 * offers made to it, and the game ends, with bots only or with people.
 */
import type { ChinatownMove, ChinatownView } from '@skyline/chinatown';
import type { GameRecord } from '@skyline/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, eventually, startTestServer, type Known, type TestServer } from './harness.js';

let server: TestServer;
let names = 0;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const guest = () => TestClient.guest(server.url, `c${++names}`);
const known = (client: TestClient, tableId: string) => client.tables.get(tableId) as Known;

/**
 * The longest record a Chinatown game of bots may reach: 6 rounds of a few settle choices, trading (each seat ready
 * once, plus the bots' few offers and their answers) and placements (one per tile, and `done`), with chance moves.
 * Games between bots in the arena stay near 200 entries with 4 seats; a looping bot goes past 10,000.
 */
const MAX_ENTRIES = 700;

async function botTable(host: TestClient, levels: string[], seatedHost: boolean): Promise<string> {
  const players = levels.length + (seatedHost ? 1 : 0);
  const created = await host.request('table:create', { game: 'chinatown', players });
  const tableId = created.tableId as string;
  await host.open(tableId);
  if (!seatedHost) expect((await host.command(tableId, '/leave')).ok).toBe(true);
  for (const level of levels) expect((await host.command(tableId, `/bot ${level}`)).ok).toBe(true);
  expect((await host.command(tableId, '/start')).ok).toBe(true);
  return tableId;
}

/** The seats' moves of the table's record, in order. */
async function movesOf(
  client: TestClient,
  tableId: string,
): Promise<{ seat: number; move: ChinatownMove }[]> {
  const { status, body } = await client.http('GET', `/api/games/${tableId}/record`);
  expect(status).toBe(200);
  const log = (body as unknown as GameRecord).log;
  return log.flatMap((entry) => ('move' in entry ? [entry as { seat: number; move: ChinatownMove }] : []));
}

/** A patient person: settles the first choice, declines every offer, declares itself ready once, places nothing. */
function patientMove(view: ChinatownView, seat: number, legal: ChinatownMove[]): ChinatownMove | null {
  if (view.phase === 'settle' || view.phase === 'place') return legal[legal.length - 1] ?? null;
  if (view.phase !== 'trade') return null;
  const offer = view.offers.find((o) => o.to === seat);
  if (offer) return { type: 'decline', offer: offer.id };
  return view.ready[seat] ? null : { type: 'ready' };
}

describe('bots at Chinatown tables', () => {
  for (const levels of [
    ['greedy', 'random', 'ismcts'],
    ['greedy', 'random', 'ismcts', 'random'],
  ]) {
    it(`a table of ${levels.length} bots (${levels.join(', ')}), its host watching, finishes within ${MAX_ENTRIES} entries`, async () => {
      const host = await guest();
      const tableId = await botTable(host, levels, false);
      await eventually(
        () => known(host, tableId)?.over === true || (known(host, tableId)?.version ?? 0) > MAX_ENTRIES,
        60_000,
        'the bots to finish',
      );
      const { version, over } = known(host, tableId);
      expect(over).toBe(true);
      expect(version).toBeLessThanOrEqual(MAX_ENTRIES);
      // No bot ever takes back its readiness: it is ready once per round, and leaves that state only by trading.
      const moves = await movesOf(host, tableId);
      expect(moves.filter(({ move }) => move.type === 'unready')).toEqual([]);
      host.close();
    }, 90_000);
  }

  it('a person and three bots (greedy, random, ismcts) finish, the bots answering the offers made to them', async () => {
    const host = await guest();
    const tableId = await botTable(host, ['greedy', 'random', 'ismcts'], true);
    let sent = 0;
    const offered = new Set<number>(); // the bots it made an offer to
    for (let guard = 0; guard < 2000 && !known(host, tableId)?.over; guard++) {
      const { version, view, legalMoves } = known(host, tableId);
      const chinatown = view as ChinatownView;
      let move = patientMove(chinatown, 0, legalMoves as ChinatownMove[]);
      if (chinatown.phase === 'trade') {
        // Before it is ready, one offer to each bot (an offer the game's own sample lists), answered before the next.
        const pending = chinatown.offers.some((offer) => offer.from === 0);
        const next = (legalMoves as ChinatownMove[]).find((m) => m.type === 'offer' && !offered.has(m.to)) as
          (ChinatownMove & { type: 'offer' }) | undefined;
        if (pending) move = null;
        else if (next && !chinatown.ready[0]) {
          move = next;
        }
      }
      if (move) {
        const ack = await host.request('table:move', { tableId, version, id: `p${sent++}`, move });
        // Refused when a bot moved first (the version is stale): chosen again on the new state.
        if (ack.ok && move.type === 'offer') offered.add(move.to);
      }
      const movedOn = await eventually(
        () => known(host, tableId).version > version || known(host, tableId).over,
        20_000,
        'the table to move on',
      ).then(
        () => true,
        () => false,
      );
      if (!movedOn) break; // stuck: the checks below say how
    }
    const { version, over } = known(host, tableId);
    expect(over).toBe(true);
    expect(version).toBeLessThanOrEqual(MAX_ENTRIES);
    // Each bot answered the offer the person made to it (offers are numbered from 1 in the order they are made).
    expect([...offered].sort()).toEqual([1, 2, 3]);
    const moves = await movesOf(host, tableId);
    const made = moves.filter(({ move }) => move.type === 'offer');
    const mine = made.flatMap(({ seat, move }, k) =>
      seat === 0 && move.type === 'offer' ? [[k + 1, move.to]] : [],
    );
    expect(mine.length).toBe(3);
    for (const [id, to] of mine) {
      const answer = moves.find(
        ({ move }) => (move.type === 'accept' || move.type === 'decline') && move.offer === id,
      );
      expect(answer?.seat).toBe(to);
    }
    expect(moves.filter(({ move }) => move.type === 'unready')).toEqual([]);
    host.close();
  }, 120_000);
});
