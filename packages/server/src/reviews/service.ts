/**
 * Reviews of finished games by the bots (`@skyline/bots`' `review.ts`): asked by a player, one per game, stored and
 * shared by everyone who may read the game's record, run in the bot workers after every table's bots
 * (`BotPool.askReview`), with their progress kept in the database so that a reload shows it and another process (or
 * this one, restarted) takes over a review whose process stopped.
 *
 * What a review may read is what the replay may: a finished game's record, and not while its duplicate tournament
 * round is still played (`TableService.finishedRecord`). Each decision is sent to a worker as a bot's move is: the
 * seat's view and legal moves, never the state.
 */
import type { BotPool } from '../bots/pool.js';
import { decisionsOf, summarise, type GameReview, type ReviewedMove } from '@skyline/bots';
import { KeyedRng } from '@skyline/engine/keyed-rng';
import { replayRecord } from '@skyline/engine';
import { GAMES } from '@skyline/games';
import type { ReviewStatus } from '@skyline/protocol';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { AuthError, type User } from '../auth.js';
import type { Database } from '../db/schema.js';
import { lockUser } from '../db/locks.js';
import { TableError } from '../refusals.js';
import type { TableService } from '../tables/service.js';
import type { ReviewSettings } from './settings.js';

const DAY_MS = 24 * 3600_000;

export interface ReviewDeps {
  db: Kysely<Database>;
  pool: Pick<BotPool, 'askReview'>;
  service: Pick<TableService, 'finishedRecord'>;
  processId: string;
  now: () => number;
  log: FastifyBaseLogger;
  settings: ReviewSettings;
}

export class Reviews {
  /** The reviews this process runs now (by table id). */
  private readonly running = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(private readonly deps: ReviewDeps) {}

  /** What a page shows: the review, or its progress, or that none was asked. Refused as the replay is. */
  async status(userId: string | undefined, tableId: string): Promise<ReviewStatus> {
    await this.readableRecord(userId, tableId);
    return this.stored(tableId);
  }

  /** The stored review of a game, or how far it has come, or that none was asked. */
  private async stored(tableId: string): Promise<ReviewStatus> {
    const row = await this.deps.db
      .selectFrom('reviews')
      .select(['status', 'done', 'total', 'result'])
      .where('table_id', '=', tableId)
      .executeTakeFirst();
    if (!row) return { status: 'none', done: 0, total: 0 };
    const status = row.status as ReviewStatus['status'];
    if (status === 'done' && row.result !== null)
      return { status, done: row.done, total: row.total, review: JSON.parse(row.result) as GameReview };
    return { status, done: row.done, total: row.total };
  }

  /**
   * Asks for a game's review: counted against the player's limit only when it is a new one (under a lock on the
   * player's row, in the insert's transaction, so that two processes never both pass the last place), started here.
   */
  async ask(user: User, tableId: string): Promise<ReviewStatus> {
    const record = await this.readableRecord(user.id, tableId);
    const now = this.deps.now();
    const created = await this.deps.db.transaction().execute(async (tx) => {
      const existing = await tx
        .selectFrom('reviews')
        .select('status')
        .where('table_id', '=', tableId)
        .executeTakeFirst();
      // A failed review may be asked again (it counts again).
      if (existing && existing.status !== 'failed') return false;
      await lockUser(tx, user.id);
      const asked = await tx
        .selectFrom('reviews')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('requested_by', '=', user.id)
        .where('created_at', '>', now - DAY_MS)
        .executeTakeFirstOrThrow();
      if (Number(asked.n) >= this.deps.settings.perDay)
        throw new AuthError('review.tooMany', 429, { n: this.deps.settings.perDay });
      const total = decisionsIn(record).length;
      const values = {
        table_id: tableId,
        status: 'queued',
        done: 0,
        total,
        result: null,
        requested_by: user.id,
        created_at: now,
        runner: null,
        heartbeat: null,
      };
      const result = await tx
        .insertInto('reviews')
        .values(values)
        .onConflict((conflict) =>
          conflict
            .column('table_id')
            .doUpdateSet({ ...values })
            .where('reviews.status', '=', 'failed'),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    });
    if (created) this.claimAndRun(tableId);
    return this.stored(tableId);
  }

  /** Looks, now and every `checkMs`, for reviews queued or left by a stopped process, and runs them. */
  start(): void {
    const check = () => {
      this.claimWaiting().catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'looking for reviews to run failed'),
      );
    };
    check();
    this.timer = setInterval(check, this.deps.settings.checkMs);
    this.timer.unref();
  }

  async claimWaiting(): Promise<void> {
    const stale = this.deps.now() - this.deps.settings.staleMs;
    const rows = await this.deps.db
      .selectFrom('reviews')
      .select('table_id')
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('heartbeat', '<', stale)]),
        ]),
      )
      .limit(10)
      .execute();
    for (const row of rows) this.claimAndRun(row.table_id);
  }

  /** Stops starting reviews and waits for those running here to stop at their next decision. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running.values()]);
  }

  /** The reviews running in this process (tests, metrics). */
  get runningHere(): number {
    return this.running.size;
  }

  private claimAndRun(tableId: string): void {
    if (this.closing || this.running.has(tableId)) return;
    const run = this.claim(tableId)
      .then((claimed) => (claimed ? this.run(tableId) : undefined))
      .catch(async (error: unknown) => {
        this.deps.log.warn({ err: error, tableId }, 'a review failed');
        await this.deps.db
          .updateTable('reviews')
          .set({ status: 'failed', runner: null })
          .where('table_id', '=', tableId)
          .where('runner', '=', this.deps.processId)
          .execute()
          .catch(() => undefined);
      })
      .finally(() => this.running.delete(tableId));
    this.running.set(tableId, run);
  }

  /** Takes a review to run: one conditional update, so that one process only runs it. */
  private async claim(tableId: string): Promise<boolean> {
    const now = this.deps.now();
    const result = await this.deps.db
      .updateTable('reviews')
      .set({ status: 'running', runner: this.deps.processId, heartbeat: now, done: 0 })
      .where('table_id', '=', tableId)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'queued'),
          eb.and([eb('status', '=', 'running'), eb('heartbeat', '<', now - this.deps.settings.staleMs)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  private async run(tableId: string): Promise<void> {
    // The review reads the whole record as the server holds it (a finished game: nothing left to hide).
    const record = await this.deps.service.finishedRecord(undefined, tableId);
    const replayed = replayRecord(GAMES, record);
    if (!replayed.ok) throw new Error(replayed.error.line);
    const { game, options } = replayed;
    const decisions = decisionsOf(game, record.players, options, record.log);
    const moves: ReviewedMove[] = [];
    for (const [n, decision] of decisions.entries()) {
      if (this.closing) return; // another process (or this one, restarted) takes it over once it is stale
      const response = await this.deps.pool.askReview({
        kind: 'review',
        game: game.id,
        view: game.view(decision.state, decision.seat),
        seat: decision.seat,
        legalMoves: [...game.legalMoves(decision.state, decision.seat)],
        played: decision.move,
        budget: { ms: this.deps.settings.msPerDecision },
        key: KeyedRng.newKey(),
      });
      if ('error' in response) throw new Error(response.error);
      moves.push({ index: decision.index, ...response.review });
      // Progress, and the proof that this process still runs it; refused when another took it over.
      const kept = await this.deps.db
        .updateTable('reviews')
        .set({ done: n + 1, heartbeat: this.deps.now() })
        .where('table_id', '=', tableId)
        .where('runner', '=', this.deps.processId)
        .executeTakeFirst();
      if (Number(kept.numUpdatedRows) === 0) return;
    }
    const review: GameReview = { moves, seats: summarise(moves, record.players) };
    await this.deps.db
      .updateTable('reviews')
      .set({
        status: 'done',
        done: decisions.length,
        total: decisions.length,
        result: JSON.stringify(review),
      })
      .where('table_id', '=', tableId)
      .where('runner', '=', this.deps.processId)
      .execute();
  }

  /** The finished game's record, if `userId` may read it; refused in the replay's words otherwise. */
  private async readableRecord(userId: string | undefined, tableId: string) {
    try {
      return await this.deps.service.finishedRecord(userId, tableId);
    } catch (error) {
      if (error instanceof TableError && error.code === 'replay.notOver')
        throw new TableError('review.notOver');
      throw error;
    }
  }
}

/** The decisions a record's review goes through (its seats' moves). */
function decisionsIn(record: Parameters<typeof replayRecord>[1]): unknown[] {
  const replayed = replayRecord(GAMES, record);
  // A stored game always replays (the server checked every move); a record that does not is a bug, not a refusal.
  if (!replayed.ok) throw new Error(replayed.error.line);
  return decisionsOf(replayed.game, replayed.record.players, replayed.options, replayed.record.log);
}
