/**
 * The confirm-moves choice kept with a registered account (`GET/POST /api/settings/play`, migration 017): the absences
 * reproduced are a choice lost between browsers (not kept), a body of another shape stored anyway, and a guest writing
 * an account's setting it does not have.
 */
import { describe, expect, it } from 'vitest';
import { guestMaker, testServerForFile } from './harness.js';

const server = testServerForFile();
const guests = guestMaker('ps', () => server);

async function registeredPlayer() {
  const [player] = await guests(1);
  expect((await player!.http('POST', '/api/register', { password: 'long enough' })).status).toBe(200);
  return player!;
}

describe('the confirm-moves choice kept with the account', () => {
  it('is on for a player who never chose (said as not chosen), and kept once turned off', async () => {
    const player = await registeredPlayer();
    expect(await player.http('GET', '/api/settings/play')).toMatchObject({
      status: 200,
      body: { confirmMoves: true, chosen: false },
    });
    const set = await player.http('POST', '/api/settings/play', { confirmMoves: false });
    expect(set).toMatchObject({ status: 200, body: { confirmMoves: false, chosen: true } });
    expect(await player.http('GET', '/api/settings/play')).toMatchObject({ body: { confirmMoves: false } });
    const row = await server.app.db
      .selectFrom('users')
      .select('confirm_moves')
      .where('name', '=', player.name)
      .executeTakeFirstOrThrow();
    expect(row.confirm_moves).toBe(0);
    expect(await player.http('POST', '/api/settings/play', { confirmMoves: true })).toMatchObject({
      body: { confirmMoves: true },
    });
  });

  it('refuses a body of another shape, saying what was wrong, and keeps the choice as it was', async () => {
    const player = await registeredPlayer();
    await player.http('POST', '/api/settings/play', { confirmMoves: false });
    for (const body of [{ confirmMoves: 'yes' }, { confirmMoves: true, extra: 1 }, {}, null]) {
      const refused = await player.http('POST', '/api/settings/play', body);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: expect.stringMatching(/confirmMoves|extra|expected/) as unknown,
      });
    }
    expect(await player.http('GET', '/api/settings/play')).toMatchObject({ body: { confirmMoves: false } });
  });

  it('refuses a guest, whose choice stays in its browser', async () => {
    const [guest] = await guests(1);
    const refused = await guest!.http('POST', '/api/settings/play', { confirmMoves: false });
    expect(refused).toMatchObject({ status: 409, body: { code: 'account.notRegistered' } });
    expect((await guest!.http('GET', '/api/settings/play')).status).toBe(409);
  });
});
