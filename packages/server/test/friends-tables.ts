/** Tables for the friends tests (one process and several): a new one, its commands, a game ended by a resignation. */
import { expect } from 'vitest';
import type { TestClient } from './harness.js';

/** A new 2-seat New York table hosted by `host` (`extra` added to its create request): its id. */
export async function newTable(host: TestClient, extra: Record<string, unknown> = {}): Promise<string> {
  const ack = await host.request('table:create', { game: 'nyny', players: 2, ...extra });
  expect(ack).toMatchObject({ ok: true });
  return ack.tableId as string;
}

/** `client` gives the table command `name` (`join`, `start`, `resign`), which must be taken. */
export async function commanded(client: TestClient, tableId: string, name: string): Promise<void> {
  expect(await client.request('table:command', { tableId, command: { name } })).toMatchObject({ ok: true });
}

/** A game of `host` and `other` (who joins), started and then ended by `resigner` resigning: the table's id. */
export async function resignedGame(
  host: TestClient,
  other: TestClient,
  resigner: TestClient,
): Promise<string> {
  const tableId = await newTable(host);
  await commanded(other, tableId, 'join');
  await commanded(host, tableId, 'start');
  await commanded(resigner, tableId, 'resign');
  return tableId;
}
