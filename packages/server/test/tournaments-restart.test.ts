/**
 * A tournament survives its server being killed with `kill -9` mid-round: started again on the same SQLite database,
 * the server finds the tournament, its round and its tables there (the dead process's lease runs out), lets the bots
 * finish the round, pairs the next one and names the winner, with no table opened twice.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TournamentDetail } from '@skyline/protocol';
import { describe, it } from 'vitest';
import { openStore } from '../src/db/connect.js';
import { killed, serverProcessesForFile } from './harness.js';
import { TOURNAMENT_SERVER_ENV, botTournament, finishedTournamentCheck, until } from './tournament-checks.js';

const servers = serverProcessesForFile(TOURNAMENT_SERVER_ENV);
const serve = (databasePath: string) => servers.spawn({ DATABASE_PATH: databasePath });

describe('a tournament and a restart', () => {
  it('finishes after its server is killed with kill -9 mid-round and started again', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'skyline-')), 'skyline.db');
    const first = await serve(databasePath);
    const id = await botTournament(first.url, 'Restart');
    const detail = async (url: string) =>
      (await (await fetch(`${url}/api/tournaments/${id}`)).json()) as TournamentDetail;
    await until(
      async () => {
        const d = await detail(first.url);
        return d.rounds.length === 1 && d.rounds[0]!.tables.every((table) => table.status === 'playing');
      },
      60_000,
      'round 1 to start',
    );
    await new Promise((resolve) => setTimeout(resolve, 500)); // some moves
    await killed(first);

    const second = await serve(databasePath);
    let last: TournamentDetail | undefined;
    await until(
      async () => {
        last = await detail(second.url);
        return last.tournament.status === 'finished';
      },
      150_000,
      'the restarted server to finish the tournament',
    );
    const store = await openStore({ databasePath, databaseUrl: null });
    try {
      await finishedTournamentCheck(store.db, id, last!);
    } finally {
      await store.db.destroy();
    }
  }, 240_000);
});
