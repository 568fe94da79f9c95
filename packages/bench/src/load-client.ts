/**
 * One process of the server load test: plays `tables` tables of 4 socket.io clients against a running server, each
 * client making a random legal move for its seat (after a short think time) whenever it may move, for `seconds`.
 * Prints `ready` once its tables are playing, waits for `go` on standard input, measures, prints one JSON line
 * (moves acknowledged, and the latency of each: ms from sending the move to receiving the view that results from it),
 * and waits for `quit` before it disconnects.
 *
 *     node load-client.js URL[,URL...] TABLES SECONDS THINK_MS PREFIX GAME
 *
 * With several URLs (several server processes), the clients of each table are spread over them. Every failure (a move
 * or a new game refused or unanswered) is counted, and the first few distinct reasons are reported with the count.
 *
 * A client whose server process hands it over (a rolling restart: docs/operating.md) does what the web client does:
 * it reconnects, opens its table again, and sends again, with the same id, a move whose answer the closed connection
 * lost (the server applies an id once). Such moves are counted as `resent`, not as errors.
 */
import type { TableSnapshot, TableUpdate } from '@skyline/protocol';
import { guestCookie } from '@skyline/testkit';
import { io, type Socket } from 'socket.io-client';

const [urlsArg = '', tablesArg = '10', secondsArg = '10', thinkArg = '150', prefix = 'l', game = ''] =
  process.argv.slice(2);
const TABLES = Number(tablesArg);
const SECONDS = Number(secondsArg);
const THINK_MS = Number(thinkArg);
const SEATS = 4;
const URLS = urlsArg.split(',');

interface Player {
  name: string;
  socket: Socket;
  tableId: string;
  version: number;
  /** Version a move was sent on, when, and what was sent (to send it again after a handover). */
  pending: { version: number; at: number; message: MoveMessage } | null;
}

interface MoveMessage {
  tableId: string;
  version: number;
  id: string;
  move: unknown;
}

const latencies: number[] = [];
let moves = 0;
let errors = 0;
/** Moves sent again after a handover, their first answer lost with the connection. */
let resent = 0;
/** Reconnections after a server process closed the connection. */
let handovers = 0;
/** The first distinct reasons of the errors, for the bench's message. */
const reasons = new Set<string>();
const MAX_REASONS = 5;

function failed(reason: unknown): void {
  errors++;
  const text = reason instanceof Error ? reason.message : String(reason);
  if (reasons.size < MAX_REASONS) reasons.add(text);
}
let measuring = false;
let stopping = false;

function connect(url: string, cookie: string): Promise<Socket> {
  const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function ask(socket: Socket, event: string, payload: unknown): Promise<Record<string, unknown>> {
  const answer = (await socket.timeout(30_000).emitWithAck(event, payload)) as Record<string, unknown>;
  if (!answer.ok) throw new Error(`${event}: ${String(answer.error)}`);
  return answer;
}

/** Seats the table's 4 players at a new table and starts it. */
async function newGame(players: Player[]): Promise<void> {
  const host = players[0] as Player;
  const { tableId } = (await ask(host.socket, 'table:create', { game, players: SEATS })) as {
    tableId: string;
  };
  for (const player of players) {
    player.tableId = tableId;
    player.version = 0;
    player.pending = null;
    await ask(player.socket, 'table:open', { tableId });
  }
  for (const player of players.slice(1))
    await ask(player.socket, 'table:command', { tableId, command: { name: 'join' } });
  await ask(host.socket, 'table:command', { tableId, command: { name: 'start' } });
}

function onUpdate(player: Player, players: Player[], update: TableUpdate): void {
  if (update.tableId !== player.tableId || update.version <= player.version) return;
  player.version = update.version;
  if (player.pending && update.version > player.pending.version) {
    if (measuring) {
      latencies.push(performance.now() - player.pending.at);
      moves++;
    }
    player.pending = null;
  }
  if (stopping) return;
  if (update.status.over) {
    if (player === players[0]) setTimeout(() => void newGame(players).catch(failed), THINK_MS);
    return;
  }
  const legal = update.legalMoves as { type: string }[];
  if (legal.length === 0) return;
  const playable = legal.filter((move) => move.type !== 'pass');
  const choices = playable.length > 0 ? playable : legal;
  const move = choices[Math.floor(Math.random() * choices.length)];
  const version = update.version;
  setTimeout(
    () => {
      if (stopping || player.version !== version) return;
      const message = { tableId: player.tableId, version, id: `${player.name}-${version}`, move };
      player.pending = { version, at: performance.now(), message };
      sendMove(player, message);
    },
    THINK_MS * (0.5 + Math.random()),
  );
}

/** The connection closing while a move waits for its answer is a handover: the move goes again once reconnected. */
const HANDOVER = 'socket has been disconnected';

function sendMove(player: Player, message: MoveMessage): void {
  player.socket
    .timeout(30_000)
    .emitWithAck('table:move', message)
    .then((answer: { ok: boolean; error?: string }) => {
      if (!answer.ok) failed(`table:move: ${answer.error}`);
    })
    .catch((error: unknown) => {
      if (!(error instanceof Error && error.message === HANDOVER)) failed(error);
    });
}

/** After a reconnection: the table as it stands, then the move whose answer was lost, if it was not applied. */
async function rejoin(player: Player, players: Player[]): Promise<void> {
  handovers++;
  if (!player.tableId) return;
  const { snapshot } = (await ask(player.socket, 'table:open', { tableId: player.tableId })) as unknown as {
    snapshot: TableSnapshot;
  };
  const { pending } = player;
  if (pending && snapshot.version === pending.version) {
    resent++;
    sendMove(player, pending.message);
    return;
  }
  if (snapshot.status === null) return;
  onUpdate(player, players, {
    ...snapshot,
    tableId: player.tableId,
    from: player.version,
    status: snapshot.status,
  });
}

async function main(): Promise<void> {
  const tables: Player[][] = [];
  for (let t = 0; t < TABLES; t++) {
    const players: Player[] = [];
    for (let s = 0; s < SEATS; s++) {
      const name = `${prefix}${t}x${s}`;
      const url = URLS[(t * SEATS + s) % URLS.length] as string;
      const socket = await connect(url, await guestCookie(url, name));
      players.push({ name, socket, tableId: '', version: 0, pending: null });
    }
    for (const player of players) {
      player.socket.on('table:update', (u: TableUpdate) => onUpdate(player, players, u));
      // A process that stops closes the connection ("io server disconnect"): socket.io does not retry that alone.
      player.socket.on('disconnect', (reason) => {
        if (!stopping && reason === 'io server disconnect') setTimeout(() => player.socket.connect(), 200);
      });
      player.socket.on('connect', () => void rejoin(player, players).catch(failed));
    }
    tables.push(players);
  }
  await Promise.all(tables.map((players) => newGame(players)));
  // All client processes measure the same steady load: none of them is still seating its tables, or already
  // disconnecting them (hundreds of sockets leaving at once is a load of its own).
  await said('ready', 'go');
  measuring = true;
  const start = performance.now();
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const seconds = (performance.now() - start) / 1000;
  measuring = false;
  await said(
    JSON.stringify({ moves, seconds, errors, resent, handovers, reasons: [...reasons], latencies }),
    'quit',
  );
  stopping = true;
  for (const players of tables) for (const player of players) player.socket.disconnect();
  process.exit(0);
}

/** Prints a line for the bench, then waits for its answer on standard input. */
function said(line: string, answer: string): Promise<void> {
  return new Promise((resolve) => {
    let input = '';
    const onData = (chunk: Buffer) => {
      input += chunk.toString();
      if (!input.split('\n').includes(answer)) return;
      process.stdin.off('data', onData);
      process.stdin.pause();
      resolve();
    };
    process.stdin.on('data', onData);
    process.stdin.resume(); // paused after the last answer: a new listener alone would not resume it
    process.stdout.write(`${line}\n`);
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
