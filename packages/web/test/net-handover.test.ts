/**
 * The web client's connection (`src/net.ts`) when a server process hands it over (docs/operating.md, "Rolling
 * restart"): the connection closes with a message's answer still to come. The page used to say at once that nothing
 * answered (socket.io fails an awaited answer when its connection closes); a message that may be sent twice (a move with its id, opening a page) is now sent again once
 * the socket is back, and one that may not (a chat line) is not. Here the server closes the connection as it reads
 * the message, so that its answer is lost, as when a process stops with the message on its way.
 */
import type { AppSocket } from '../../server/src/sockets.js';
import { describe, expect, it } from 'vitest';
import { eventually, testServerForFile } from '../../server/test/harness.js';
import { Connection } from '../src/net.js';

const server = testServerForFile();

/** Counts what the server reads of `event`, and closes the connection of the first one as it reads it. */
function dropFirst(event: string): { received: () => number } {
  let received = 0;
  const watch = (socket: AppSocket) =>
    socket.prependAny((name: string) => {
      if (name !== event) return;
      if (++received === 1) socket.conn.close();
    });
  const io = server.app.realtime.io;
  for (const socket of io.of('/').sockets.values()) watch(socket);
  io.on('connection', watch);
  return { received: () => received };
}

describe('the web client when its server process hands it over', () => {
  it('opens the lobby again once reconnected, instead of saying that nothing answered', async () => {
    const conn = new Connection(server.url);
    await eventually(() => conn.state === 'online', 10_000, 'online');
    const drop = dropFirst('lobby:open');
    const ack = await conn.request('lobby:open', {});
    expect(ack).toMatchObject({ ok: true });
    expect(drop.received()).toBe(2);
    conn.close();
  }, 30_000);

  it('does not send a chat line twice: it says that nothing answered', async () => {
    const conn = new Connection(server.url);
    await eventually(() => conn.state === 'online', 10_000, 'online');
    const drop = dropFirst('lobby:chat');
    const ack = await conn.request('lobby:chat', { text: 'hello' });
    expect(ack).toMatchObject({ ok: false, code: 'request.noAnswer' });
    expect(drop.received()).toBe(1);
    conn.close();
  }, 30_000);
});
