/** `GET /api/games` serves each game's seat counts and options as the game declares them (the lobby reads it). */
import { GAMES } from '@skyline/games';
import type { GamesResponse } from '@skyline/protocol';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { configFromEnv } from '../src/config.js';

let app: App;
beforeAll(async () => {
  app = await buildApp({
    ...configFromEnv({}),
    port: 0,
    databasePath: ':memory:',
    logLevel: 'silent',
    cookieSecure: false,
    webRoot: null,
  });
});
afterAll(async () => app.close());

it('lists every game with its seat counts and its declared options, as JSON', async () => {
  const response = await app.http.inject({ method: 'GET', url: '/api/games' });
  expect(response.statusCode).toBe(200);
  const { games } = response.json<GamesResponse>();
  expect(games.map((game) => game.id)).toEqual([...GAMES.keys()]);
  for (const info of games) {
    const game = GAMES.get(info.id)!;
    expect(info).toEqual({
      id: game.id,
      title: game.title,
      minPlayers: game.minPlayers,
      maxPlayers: game.maxPlayers,
      options: JSON.parse(JSON.stringify(game.options)) as unknown,
    });
  }
  expect(games.find((game) => game.id === 'mycity')?.options).toEqual([
    expect.objectContaining({ name: 'episodes', kind: 'number', min: 1, max: 24, default: 1 }),
  ]);
});
