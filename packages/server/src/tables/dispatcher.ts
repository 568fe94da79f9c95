import type { Outcome, TableChange } from './change.js';
import type { ChangeListener, TablePublisher } from './publisher.js';

/**
 * The one place what a table operation changed is published from. Every operation of the `TableService` that may
 * change a table stores first and returns `{ack, change}`: the answer for whoever asked, and what everyone else is to
 * be told (as lichess's round returns its events). The transports (`realtime.ts`, `http.ts`) and the drivers (bots,
 * clocks, tournaments, the sweep of abandoned tables) hand the operation to `dispatch`, which answers the sender first
 * and then publishes the change through the `TablePublisher`: none of them publishes anything itself, so a change is
 * told once, whichever path made it.
 */
export class TableDispatcher {
  constructor(
    private readonly publisher: TablePublisher,
    /** Publishing a change failed (a bug of a listener): logged by the owner; the change was stored and answered. */
    private readonly failed: (error: unknown, change: TableChange) => void = (error) => {
      throw error;
    },
  ) {}

  /**
   * Runs an operation's outcome through: its answer goes to `answer` (the sender's acknowledgement) before its change
   * is published — socket.io keeps a socket's messages in order, so the sender hears "ok" before the update its move
   * caused — and resolves to the answer. An operation that fails publishes nothing (it stored nothing).
   */
  async dispatch<A>(operation: Promise<Outcome<A>>, answer?: (ack: A) => void): Promise<A> {
    this.pending++;
    try {
      const { ack, change } = await operation;
      answer?.(ack);
      this.publish(change);
      return ack;
    } finally {
      this.settled();
    }
  }

  /** The changes of a sweep over several tables (abandoned open tables removed), each published; resolves to them. */
  async dispatchEach(operation: Promise<TableChange[]>): Promise<TableChange[]> {
    this.pending++;
    try {
      const changes = await operation;
      for (const change of changes) this.publish(change);
      return changes;
    } finally {
      this.settled();
    }
  }

  /** Operations under way: handed to `dispatch` and not yet answered and published. */
  private pending = 0;
  private readonly waiters = new Set<() => void>();

  private settled(): void {
    this.pending--;
    if (this.pending > 0) return;
    for (const waiter of this.waiters) waiter();
    this.waiters.clear();
  }

  /**
   * Resolves with true once no operation is under way (each one answered and its change published), or with false
   * after `ms` while some still are. A stopping process waits here so that what it was asked before it stopped taking
   * messages is stored, acknowledged and told to the other processes before it closes them (`shutdown.ts`).
   */
  idle(ms: number): Promise<boolean> {
    if (this.pending === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(done);
        resolve(false);
      }, ms);
      this.waiters.add(done);
    });
  }

  /** Whoever passes published changes on (the sockets of this process, the bots): see `TablePublisher`. */
  subscribe(listener: ChangeListener): void {
    this.publisher.subscribe(listener);
  }

  private publish(change: TableChange | null): void {
    if (!change) return;
    try {
      this.publisher.publish(change);
    } catch (error) {
      this.failed(error, change);
    }
  }
}
