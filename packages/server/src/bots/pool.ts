import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { BotRequest, BotResponse } from '@skyline/bots';

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
  request: BotRequest;
  resolve: (response: BotResponse) => void;
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
 */
export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly entry = workerEntry();
  /** Waiting requests by owner, then table; the maps' order is the round-robin order (served ones go to the back). */
  private readonly waiting = new Map<string, Map<string, Job[]>>();
  private nextId = 1;
  private closing = false;

  constructor(size: number) {
    for (let k = 0; k < size; k++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.entry, { execArgv: [] }), alive: true, job: null };
    const spawnedAt = Date.now();
    slot.worker.on('message', (response: BotResponse) => {
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
      jobs.push({ request: { ...request, id }, resolve });
      this.dispatch();
    });
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
    if (first.done) return undefined;
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

  async close(): Promise<void> {
    this.closing = true;
    for (const tables of this.waiting.values())
      for (const jobs of tables.values())
        for (const job of jobs) job.resolve({ id: job.request.id, error: 'bot pool closed' });
    this.waiting.clear();
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
