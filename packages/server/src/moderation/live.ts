/**
 * The operator's page's live figures (`GET /api/moderation/live`, staff only): what the server already counts, read
 * and never changed. Tables, reviews, reports and the processes seen come from the database (so every process's
 * count the same); players online from the sockets (every process when they share clients); bot workers, memory and
 * uptime from the process that answers; moves per minute and the time to answer one from every process's metrics
 * (`move-figures.ts`). The limits in force are the settings as the server read them.
 */
import type { LiveFigures, MoveFigures } from '@skyline/protocol';
import { sql, type Kysely } from 'kysely';
import type { FullConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { DEFAULT_REVIEW_SETTINGS } from '../reviews/settings.js';

export interface LiveDeps {
  db: Kysely<Database>;
  config: FullConfig;
  processId: string;
  online: () => Promise<{ people: number; everyProcess: boolean }>;
  bots: () => { workers: { alive: number; busy: number }; queued: number };
  /** Moves per minute and the time to answer one, over every process (`move-figures.ts`). */
  moves: () => Promise<MoveFigures>;
  now?: () => number;
}

/** A process that held a bot lease or reported a review's progress this recently is counted as running. */
const SEEN_MS = 60_000;

export async function liveFigures(deps: LiveDeps): Promise<LiveFigures> {
  const { db, config } = deps;
  const now = (deps.now ?? Date.now)();
  const [tables, reviews, broken, reports, leases, runners, online, moves] = await Promise.all([
    db
      .selectFrom('tables')
      .select(['game', 'status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('broken', 'is', null)
      .where('status', 'in', ['open', 'playing'])
      .groupBy(['game', 'status'])
      .execute(),
    db
      .selectFrom('reviews')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', 'in', ['queued', 'running'])
      .groupBy('status')
      .execute(),
    db
      .selectFrom('tables')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('broken', 'is not', null)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('reports')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('tables')
      .select('bot_driver')
      .distinct()
      .where('bot_driver', 'is not', null)
      .where('bot_lease_until', '>', now)
      .execute(),
    db
      .selectFrom('reviews')
      .select('runner')
      .distinct()
      .where('runner', 'is not', null)
      .where(sql<boolean>`heartbeat > ${now - SEEN_MS}`)
      .execute(),
    deps.online(),
    deps.moves(),
  ]);
  const byGame = new Map<string, { game: string; open: number; playing: number }>();
  for (const row of tables) {
    const entry = byGame.get(row.game) ?? { game: row.game, open: 0, playing: 0 };
    if (row.status === 'open') entry.open += Number(row.n);
    else entry.playing += Number(row.n);
    byGame.set(row.game, entry);
  }
  const reviewCount = (status: string) => Number(reviews.find((row) => row.status === status)?.n ?? 0);
  const processes = new Set([deps.processId]);
  for (const row of leases) if (row.bot_driver) processes.add(row.bot_driver);
  for (const row of runners) if (row.runner) processes.add(row.runner);
  const bots = deps.bots();
  return {
    at: now,
    tables: [...byGame.values()].sort((a, b) => a.game.localeCompare(b.game)),
    playersOnline: online.people,
    everyProcess: online.everyProcess,
    process: {
      id: deps.processId,
      uptimeSeconds: Math.round(process.uptime()),
      memoryBytes: process.memoryUsage.rss(),
    },
    processes: [...processes].sort(),
    bots: { workers: bots.workers.alive, busy: bots.workers.busy, queued: bots.queued },
    reviews: { running: reviewCount('running'), queued: reviewCount('queued') },
    brokenTables: Number(broken.n),
    openReports: Number(reports.n),
    limits: limitsInForce(config),
    moves,
  };
}

/** The limits a host set (or their defaults), with the bots' and reviews' that live in their own settings. */
function limitsInForce(config: FullConfig): Record<string, number> {
  return {
    ...config.limits,
    botWorkers: config.bots.workers,
    botSeatsPerPlayer: config.bots.seatsPerPlayer ?? 8,
    reviewsPerDay: config.reviews?.perDay ?? DEFAULT_REVIEW_SETTINGS.perDay,
  };
}
