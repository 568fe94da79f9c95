import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BotRequest, BotResponse, ReviewRequest, ReviewResponse } from '@skyline/bots';

/**
 * The compiled worker entry of `@skyline/bots` (`dist/worker.js`). Found from the package's main file, whichever
 * export condition resolved it (tests resolve our packages to their sources, but a worker thread runs plain JS).
 */
function workerEntry(): string {
  const main = createRequire(import.meta.url).resolve('@skyline/bots');
  return join(dirname(main), '..', 'dist', 'worker.js');
}

/** Whose request it is: the pool shares its workers fairly between owners (a table's host), then their tables. */
export interface Requester {
  owner: string;
  table: string;
}

interface Job {
  request: BotRequest | ReviewRequest;
  resolve: (response: BotResponse | ReviewResponse) => void;
}

interface Slot {
  worker: Worker;
  alive: boolean;
  /** The request this worker is thinking over, if any (a worker is given one at a time). */
  job: Job | null;
}

/**
 * Worker threads in which bots think, so that a bot pondering a move never delays anyone else's. Requests carry only
 * the bot seat's view and legal moves (plain JSON), never the state. A worker that dies fails its request and is
 * replaced.
 *
 * Requests wait in the pool, not in the workers, and a worker that becomes free takes the next request round-robin:
 * first by owner, then by table of that owner, then oldest first. So one player's tables of slow bots (four tables of
 * `ismcts` bots) get one turn per round like any other player's table, instead of queueing ahead of everyone as a
 * first-come first-served queue would let them: another table's bot waits for at most one request per other owner.
 *
 * Reviews of finished games (`askReview`) come after every table: a worker takes a review's decision only when no
 * table's request waits, and reviews never hold every worker of a pool of several (one stays free for the tables).
 * A table's bot may still wait for one decision of a review on a pool of one worker (the review's budget per
 * decision, a fifth of a second by default).
 */
export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly entry = workerEntry();
  /** Waiting requests by owner, then table; the maps' order is the round-robin order (served ones go to the back). */
  private readonly waiting = new Map<string, Map<string, Job[]>>();
  /** Reviews' decisions waiting, oldest first (one review asks one decision at a time). */
  private readonly reviews: Job[] = [];
  private nextId = 1;
  private closing = false;

  constructor(size: number) {
    for (let k = 0; k < size; k++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.entry, { execArgv: [] }), alive: true, job: null };
    const spawnedAt = Date.now();
    slot.worker.on('message', (response: BotResponse | ReviewResponse) => {
      const job = slot.job;
      slot.job = null;
      if (job?.request.id === response.id) job.resolve(response);
      this.dispatch();
    });
    slot.worker.on('error', () => undefined); // 'exit' follows
    slot.worker.on('exit', () => {
      slot.alive = false;
      const job = slot.job;
      slot.job = null;
      job?.resolve({ id: job.request.id, error: 'bot worker stopped' });
      // Replace it; not in a tight loop if workers die as they start.
      const replace = () => {
        const index = this.slots.indexOf(slot);
        if (this.closing || index < 0) return;
        this.slots[index] = this.spawn();
        this.dispatch();
      };
      if (Date.now() - spawnedAt > 1000) replace();
      else setTimeout(replace, 1000).unref();
    });
    slot.worker.unref();
    return slot;
  }

  /** Asks a bot; answered once a worker has thought it over (requests are served fairly, see the class). */
  ask(request: Omit<BotRequest, 'id'>, from: Requester): Promise<BotResponse> {
    const id = this.nextId++;
    if (this.closing) return Promise.resolve({ id, error: 'bot pool closed' });
    return new Promise((resolve) => {
      const tables = this.waiting.get(from.owner) ?? new Map<string, Job[]>();
      this.waiting.set(from.owner, tables);
      const jobs = tables.get(from.table) ?? [];
      tables.set(from.table, jobs);
      jobs.push({ request: { ...request, id }, resolve: resolve as Job['resolve'] });
      this.dispatch();
    });
  }

  /** Asks a review of one decision; answered when a worker is free and no table waits (see the class). */
  askReview(request: Omit<ReviewRequest, 'id'>): Promise<ReviewResponse> {
    const id = this.nextId++;
    if (this.closing) return Promise.resolve({ id, error: 'bot pool closed' });
    return new Promise((resolve) => {
      this.reviews.push({ request: { ...request, id }, resolve: resolve as Job['resolve'] });
      this.dispatch();
    });
  }

  /** Workers alive, and of them those thinking now (the operator's page: `moderation/live.ts`). */
  get workers(): { alive: number; busy: number } {
    const alive = this.slots.filter((slot) => slot.alive);
    return { alive: alive.length, busy: alive.filter((slot) => slot.job !== null).length };
  }

  /** Requests waiting for a worker (for tests and metrics). */
  get queued(): number {
    let count = 0;
    for (const tables of this.waiting.values()) for (const jobs of tables.values()) count += jobs.length;
    return count;
  }

  /** Gives each free worker the next request in round-robin order. */
  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.alive || slot.job !== null) continue;
      const job = this.takeNext();
      if (job === undefined) return;
      slot.job = job;
      slot.worker.postMessage(job.request);
    }
  }

  private takeNext(): Job | undefined {
    const first = this.waiting.entries().next();
    if (first.done) return this.takeReview();
    const [owner, tables] = first.value;
    const [table, jobs] = tables.entries().next().value as [string, Job[]];
    const job = jobs.shift();
    // Served: this table goes behind the owner's other tables, and the owner behind the other owners.
    tables.delete(table);
    if (jobs.length > 0) tables.set(table, jobs);
    this.waiting.delete(owner);
    if (tables.size > 0) this.waiting.set(owner, tables);
    return job;
  }

  /** A review's decision, if fewer workers than the pool's all but one (at least one) are busy with reviews. */
  private takeReview(): Job | undefined {
    const reviewing = this.slots.filter((slot) => slot.job !== null && 'kind' in slot.job.request).length;
    if (reviewing >= Math.max(1, this.slots.length - 1)) return undefined;
    return this.reviews.shift();
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const job of this.reviews.splice(0)) job.resolve({ id: job.request.id, error: 'bot pool closed' });
    for (const tables of this.waiting.values())
      for (const jobs of tables.values())
        for (const job of jobs) job.resolve({ id: job.request.id, error: 'bot pool closed' });
    this.waiting.clear();
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
