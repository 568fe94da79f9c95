/**
 * Simultaneous phases under load: four clients at one table, each moving as fast as the server answers on the version
 * it knows, as the greedy bot would play its seat. Every move that arrives after another seat's is made on an older
 * version; the server takes it when it still means what its player meant (`Game.moveContext`), and refuses it with
 * the current state otherwise. The figure is the share of sent moves refused as stale, and among them those still
 * in the seat's legal moves when refused (the refusals a player would find unjust).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WAIT, greedyBot } from '@skyline/bots';
import { SeededRng } from '@skyline/engine';
import { findGame } from '@skyline/games';
import type { TableSnapshot, TableUpdate } from '@skyline/protocol';
import { guestCookie, spawnServer } from '@skyline/testkit';
import { io, type Socket } from 'socket.io-client';
import type { FigureResult } from '../measure.js';

const SEATS = 4;
/** A game that has not ended after this many log entries or this long is cut off (and says so in its line). */
const MAX_ENTRIES = 5000;
const MAX_MS = 120_000;

export interface SimultaneousCase {
  /** The figure's name: `server.simultaneous.GAME.stale`. */
  name: string;
  game: string;
  options: Record<string, unknown>;
}

/**
 * Figures about these games' simultaneous steps, so each names its game; `playOne` takes the game from the registry
 * by that id.
 */
export const SIMULTANEOUS_CASES: SimultaneousCase[] = [
  { name: 'server.simultaneous.mycity.stale', game: 'mycity', options: {} },
  { name: 'server.simultaneous.nyny.stale', game: 'nyny', options: { variant: 'simultaneous' } },
  { name: 'server.simultaneous.chinatown.stale', game: 'chinatown', options: {} },
];

interface Tally {
  sent: number;
  accepted: number;
  stale: number;
  staleStillLegal: number;
  otherRefusals: number;
}

interface Seat {
  socket: Socket;
  seat: number;
  version: number;
  view: unknown;
  legalMoves: unknown[];
  over: boolean;
  /** A move is on its way: the seat waits for its answer before it decides again. */
  busy: boolean;
  /** The view (as JSON) it last decided on: it decides once per change of what it sees, like the bots at tables. */
  decidedOn: string | null;
  /**
   * The version its last accepted move reached. Its acknowledgement comes before the update it causes, so until that
   * update arrives the seat's view is older than its own move, and deciding on it would play a second move for a
   * choice already made.
   */
  acknowledged: number;
}

async function guest(url: string, name: string): Promise<Socket> {
  const cookie = await guestCookie(url, name);
  const socket = io(url, { transports: ['websocket'], extraHeaders: { cookie }, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

async function ask(socket: Socket, event: string, payload: unknown): Promise<Record<string, unknown>> {
  const answer = (await socket.timeout(30_000).emitWithAck(event, payload)) as Record<string, unknown>;
  if (!answer.ok) throw new Error(`${event}: ${String(answer.error)}`);
  return answer;
}

/** Plays one game at one table with four greedy clients moving at once; adds what happened to `tally`. */
async function playOne(url: string, spec: SimultaneousCase, prefix: string, tally: Tally): Promise<void> {
  const game = findGame(spec.game);
  if (!game) throw new Error(`unknown game ${spec.game}`);
  const sockets = await Promise.all(Array.from({ length: SEATS }, (_, k) => guest(url, `${prefix}${k}`)));
  const host = sockets[0] as Socket;
  const { tableId } = (await ask(host, 'table:create', {
    game: spec.game,
    players: SEATS,
    options: spec.options,
  })) as { tableId: string };
  for (const socket of sockets) await ask(socket, 'table:open', { tableId });
  for (const socket of sockets.slice(1))
    await ask(socket, 'table:command', { tableId, command: { name: 'join' } });
  const rng = new SeededRng(7);
  const seats: Seat[] = sockets.map((socket, seat) => ({
    socket,
    seat,
    version: 0,
    view: null,
    legalMoves: [],
    over: false,
    busy: false,
    decidedOn: null,
    acknowledged: 0,
  }));
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));

  const decide = (player: Seat) => {
    if (player.busy || player.over || player.legalMoves.length === 0) return;
    if (player.version < player.acknowledged) return;
    const seen = JSON.stringify(player.view);
    if (seen === player.decidedOn) return;
    player.decidedOn = seen;
    const move = greedyBot.choose({
      game,
      view: player.view,
      seat: player.seat,
      legalMoves: player.legalMoves,
      rng,
      budget: {},
      mayWait: true,
    });
    if (move === WAIT) return;
    player.busy = true;
    tally.sent++;
    const payload = { tableId, version: player.version, id: `${prefix}.${player.seat}.${tally.sent}`, move };
    void player.socket
      .timeout(30_000)
      .emitWithAck('table:move', payload)
      .then((answer: { ok: boolean; version?: number; error?: string; stale?: TableSnapshot }) => {
        player.busy = false;
        if (answer.ok) {
          tally.accepted++;
          player.acknowledged = answer.version ?? player.acknowledged;
        } else if (answer.stale) {
          tally.stale++;
          const sent = JSON.stringify(move);
          if (answer.stale.legalMoves.some((legal) => JSON.stringify(legal) === sent))
            tally.staleStillLegal++;
          learn(player, answer.stale.version, answer.stale.view, answer.stale.legalMoves, false);
        } else tally.otherRefusals++;
        decide(player);
      }, finish);
  };
  const learn = (player: Seat, version: number, view: unknown, legalMoves: unknown[], over: boolean) => {
    if (version < player.version) return;
    Object.assign(player, { version, view, legalMoves, over: player.over || over });
    if (over || version > MAX_ENTRIES) finish();
  };
  for (const player of seats) {
    player.socket.on('table:update', (update: TableUpdate) => {
      if (update.tableId !== tableId) return;
      learn(player, update.version, update.view, update.legalMoves, update.status.over);
      decide(player);
    });
  }
  await ask(host, 'table:command', { tableId, command: { name: 'start' } });
  const timer = setTimeout(finish, MAX_MS);
  await finished;
  clearTimeout(timer);
  for (const socket of sockets) socket.disconnect();
}

/**
 * The figures: for each game, `games` games on a fresh server (SQLite in a scratch directory), one at a time; the
 * share of sent moves refused as stale, in percent (lower is better), with the counts beside it.
 */
export async function simultaneousFigures(games: number): Promise<FigureResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'skyline-simultaneous-'));
  const server = await spawnServer({ DATABASE_PATH: join(dir, 'bench.db') });
  const results: FigureResult[] = [];
  try {
    for (const spec of SIMULTANEOUS_CASES) {
      const tally: Tally = { sent: 0, accepted: 0, stale: 0, staleStillLegal: 0, otherRefusals: 0 };
      const shares: number[] = [];
      for (let k = 0; k < games; k++) {
        const before = { ...tally };
        await playOne(server.url, spec, `${spec.game.slice(0, 2)}${k}x`, tally);
        const sent = tally.sent - before.sent;
        console.error(
          `${spec.game}: game ${k + 1} of ${games}: ${sent} moves sent, ${tally.stale - before.stale} refused as stale`,
        );
        shares.push(sent === 0 ? 0 : (100 * (tally.stale - before.stale)) / sent);
      }
      const percent = (part: number) => Math.round((1000 * part) / Math.max(1, tally.sent)) / 10;
      results.push({
        name: spec.name,
        value: percent(tally.stale),
        unit: '% of moves refused as stale',
        runs: games,
        min: Math.round(10 * Math.min(...shares)) / 10,
        max: Math.round(10 * Math.max(...shares)) / 10,
        moves: tally.sent,
        accepted: tally.accepted,
        stale: tally.stale,
        staleStillLegal: tally.staleStillLegal,
        staleStillLegalPercent: percent(tally.staleStillLegal),
        otherRefusals: tally.otherRefusals,
      });
    }
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
