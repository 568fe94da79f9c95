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

interface Slot {
  worker: Worker;
  alive: boolean;
  /** Requests sent to this worker and not answered yet. */
  pending: Map<number, (response: BotResponse) => void>;
}

/**
 * Worker threads in which bots think, so that a bot pondering a move never delays anyone else's. Requests carry only
 * the bot seat's view and legal moves (plain JSON), never the state. A worker that dies fails its pending requests
 * and is replaced.
 */
export class BotPool {
  private readonly slots: Slot[] = [];
  private readonly entry = workerEntry();
  private nextId = 1;
  private next = 0;
  private closing = false;

  constructor(size: number) {
    for (let k = 0; k < size; k++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.entry, { execArgv: [] }), alive: true, pending: new Map() };
    const spawnedAt = Date.now();
    slot.worker.on('message', (response: BotResponse) => {
      const resolve = slot.pending.get(response.id);
      slot.pending.delete(response.id);
      resolve?.(response);
    });
    slot.worker.on('error', () => undefined); // 'exit' follows
    slot.worker.on('exit', () => {
      slot.alive = false;
      for (const [id, resolve] of slot.pending) resolve({ id, error: 'bot worker stopped' });
      slot.pending.clear();
      // Replace it; not in a tight loop if workers die as they start.
      const replace = () => {
        const index = this.slots.indexOf(slot);
        if (!this.closing && index >= 0) this.slots[index] = this.spawn();
      };
      if (Date.now() - spawnedAt > 1000) replace();
      else setTimeout(replace, 1000).unref();
    });
    slot.worker.unref();
    return slot;
  }

  ask(request: Omit<BotRequest, 'id'>): Promise<BotResponse> {
    const id = this.nextId++;
    const slot = this.slots[this.next++ % this.slots.length] as Slot;
    if (!slot.alive) return Promise.resolve({ id, error: 'bot worker restarting' });
    return new Promise((resolve) => {
      slot.pending.set(id, resolve);
      slot.worker.postMessage({ ...request, id });
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((slot) => slot.worker.terminate()));
  }
}
