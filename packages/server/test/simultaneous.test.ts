/**
 * Moves made at the same moment in a simultaneous phase: each is made on the version its player saw, and the others'
 * moves, stored first, change nothing it depends on — so none is refused as stale (`Game.moveContext`). A move that
 * does depend on what changed is still refused with the current state.
 */
import { GAMES } from '@skyline/games';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestMaker, known, eventually, startTable, startTestServer, type TestServer } from './harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const guests = guestMaker('s', () => server);

/** A build (My City) or a tile (New York) rather than a pass or a stop, which would end the game sooner. */
const buildOrPlay = (moves: unknown[]) =>
  moves.find((move) => !['pass', 'stop'].includes((move as { type: string }).type)) ?? moves[0];

/**
 * Plays rounds in which every awaited seat sends its move at once, each on the version it knows; counts the moves
 * refused although they were still legal when they arrived.
 */
async function race(
  game: string,
  options: Record<string, unknown>,
  rounds: number,
  choose: (moves: unknown[]) => unknown = buildOrPlay,
) {
  const clients = await guests(4);
  const tableId = await startTable(clients, game, options);
  let accepted = 0;
  let staleButLegal = 0;
  for (let round = 0; round < rounds; round++) {
    const version = Math.max(...clients.map((c) => known(c, tableId).version));
    await eventually(() => clients.every((c) => known(c, tableId).version === version), 5000, 'delivery');
    if (known(clients[0]!, tableId).over) break;
    const movers = clients.filter((c) => known(c, tableId).legalMoves.length > 0);
    const answers = await Promise.all(
      movers.map((client, k) =>
        client.request('table:move', {
          tableId,
          version,
          id: `r${round}.${k}`,
          move: choose(known(client, tableId).legalMoves),
        }),
      ),
    );
    for (const answer of answers) {
      if (answer.ok) accepted++;
      else if (answer.code === 'move.stale') staleButLegal++;
    }
    await eventually(
      () => clients.every((c) => known(c, tableId).version > version),
      5000,
      'the updates of the round',
    );
  }
  for (const client of clients) client.close();
  return { accepted, staleButLegal };
}

describe('simultaneous phases', () => {
  it('My City: four players building on the same card at once are all accepted', async () => {
    const { accepted, staleButLegal } = await race('mycity', {}, 6);
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(staleButLegal).toBe(0);
  }, 60_000);

  it('New York, simultaneous: four players choosing at once are all accepted', async () => {
    const { accepted, staleButLegal } = await race('nyny', { variant: 'simultaneous' }, 6);
    // Some turns await one seat only (taking from the pool goes round the table).
    expect(accepted).toBeGreaterThanOrEqual(12);
    expect(staleButLegal).toBe(0);
  }, 60_000);

  it('Chinatown: four players settling, getting ready and placing tiles at once are all accepted', async () => {
    // Settle the lots, declare ready without trading, place a tile while there is one to place.
    const typed = (moves: unknown[], type: string) =>
      moves.find((move) => (move as { type: string }).type === type);
    const { accepted, staleButLegal } = await race(
      'chinatown',
      {},
      12,
      (moves) => typed(moves, 'settle') ?? typed(moves, 'ready') ?? typed(moves, 'place') ?? moves[0],
    );
    expect(accepted).toBeGreaterThanOrEqual(30);
    expect(staleButLegal).toBe(0);
  }, 60_000);

  it('still refuses a move that depends on what changed: a choice made before the reveal of the turn', async () => {
    const [ann, bob] = await guests(2);
    const tableId = await startTable([ann!, bob!], 'nyny', { variant: 'simultaneous' });
    const version = known(ann!, tableId).version;
    const [annMove, annOther] = known(ann!, tableId).legalMoves;
    // Both choose: the turn is revealed, and a new turn starts.
    await Promise.all([
      ann!.request('table:move', { tableId, version, id: 'a1', move: annMove }),
      bob!.request('table:move', { tableId, version, id: 'b1', move: known(bob!, tableId).legalMoves[0] }),
    ]);
    await eventually(() => known(ann!, tableId).version > version + 1);
    // Ann sends another tile she held on the version before the reveal: she had not seen the new turn.
    const late = await ann!.request('table:move', { tableId, version, id: 'a2', move: annOther });
    expect(late.ok).toBe(false);
    expect(late).toMatchObject({ code: 'move.stale', error: 'the table moved on — here is where it is now' });
    expect(late.stale).toBeDefined();
    ann!.close();
    bob!.close();
  });

  it('declares what a move depends on for every game with simultaneous phases', () => {
    for (const id of ['mycity', 'nyny', 'chinatown'])
      expect(typeof GAMES.get(id)?.moveContext, id).toBe('function');
  });
});
