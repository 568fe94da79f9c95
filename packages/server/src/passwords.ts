import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Worker } from 'node:worker_threads';

/**
 * Password hashing with scrypt, in a thread of its own.
 *
 * Node's asynchronous `crypto.scrypt` runs on libuv's thread pool, the same four threads that read the static files
 * and the SQLite database: sixteen parallel sign-ins once made `GET /` take ten seconds. Here every hash runs in one
 * dedicated worker thread, one at a time, so password work can only ever delay other password work; a queue too long
 * is refused as busy rather than grown without end.
 *
 * The queue is shared fairly: each hash is asked for by an address, for an account (`Requester`). The addresses
 * waiting are served in turn, one hash each, and an address or an account has at most `MAX_PENDING_PER_KEY` hashes
 * waiting at once. One account looping sign-ins or password changes once filled the whole queue, so that everybody
 * else's sign-in was refused as busy or waited for every hash before it; now it waits behind at most one hash of
 * each other address that is waiting.
 *
 * Stored as `scrypt$N$r$p$salt$hash` (base64): hashes made at an older cost still verify, and `needsRehash` says
 * when one should be remade at the current cost (at the next sign-in).
 */

const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** Hashes waiting beyond this many are refused: each costs a fraction of a second, and they run one at a time. */
const MAX_QUEUE = 64;
/** Hashes one account may have waiting (or running) at once; more are refused as busy. */
export const MAX_PENDING_PER_KEY = 4;
/**
 * Hashes one address may have waiting (or running) at once, by default (`LIMIT_PASSWORD_QUEUE_PER_ADDRESS`): more than
 * an account's, as people behind one address (a club, a school) sign in together; the turns keep it fair all the same.
 */
export const DEFAULT_PENDING_PER_ADDRESS = 8;

// Plain JavaScript, evaluated in the worker: the scrypt call is synchronous there, which blocks nothing but the worker.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ id, password, salt, N, r, p, keyLength }) => {
  try {
    const hash = scryptSync(password, Buffer.from(salt, 'base64'), keyLength, { N, r, p, maxmem: 256 * 1024 * 1024 });
    parentPort.postMessage({ id, hash: hash.toString('base64') });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

export class PasswordBusyError extends Error {
  constructor() {
    super('the server is busy checking passwords: try again in a few seconds');
  }
}

interface Job {
  password: string;
  salt: string;
  N: number;
  r: number;
  p: number;
  keyLength: number;
}

/** Who asks for a hash: the client's address and the account it is for (a name's skeleton). */
export interface Requester {
  address: string;
  account: string;
}

interface Queued {
  job: Job;
  /** What counts this hash against `MAX_PENDING_PER_KEY`: its address and its account. */
  keys: readonly string[];
  /** Its address (the server's own hashes: ''), and its turn among the hashes waiting (see `run`). */
  lane: string;
  turn: number;
  seq: number;
  resolve: (hash: Buffer) => void;
  reject: (e: Error) => void;
}

export class Passwords {
  private worker: Worker | null = null;
  private nextId = 1;
  /** Hashes waiting (not yet given to the worker): at most `MAX_QUEUE`, so a scan finds the next. */
  private readonly waiting: Queued[] = [];
  /** The hash the worker is making now, by its message id. */
  private running: { id: number; queued: Queued } | null = null;
  /** The turn of the hash started last, and the last turn given to each address with hashes waiting. */
  private turn = 0;
  private readonly lastTurn = new Map<string, number>();
  private seq = 0;
  /** Hashes waiting or running, in all and per key. */
  private size = 0;
  private readonly perKey = new Map<string, number>();
  /** A hash of a password nobody has, made at the current cost: what an unknown name is checked against. */
  private decoy: Promise<string> | null = null;

  constructor(
    /** scrypt's N as a power of two. */
    private readonly cost: number,
    /** Hashes one address may have waiting at once (`LIMIT_PASSWORD_QUEUE_PER_ADDRESS`). */
    private readonly pendingPerAddress = DEFAULT_PENDING_PER_ADDRESS,
  ) {}

  /** A new hash of `password` at the current cost, asked for by `requester` (none: the server itself). */
  async hash(password: string, requester: Requester | null = null): Promise<string> {
    const N = 2 ** this.cost;
    const salt = randomBytes(16).toString('base64');
    const hash = await this.run({ password, salt, N, r: R, p: P, keyLength: KEY_LENGTH }, requester);
    return `scrypt$${N}$${R}$${P}$${salt}$${hash.toString('base64')}`;
  }

  /**
   * Whether `password` matches `stored`. With `stored` null (no such name, or a guest), the same work is done against
   * a decoy hash, so that the time taken does not tell whether a name is registered.
   */
  async verify(
    password: string,
    stored: string | null,
    requester: Requester | null = null,
  ): Promise<boolean> {
    const real = stored !== null;
    const [scheme, n, r, p, salt, hash] = (stored ?? (await this.decoyHash())).split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64');
    const actual = await this.run(
      { password, salt, N: Number(n), r: Number(r), p: Number(p), keyLength: expected.length },
      requester,
    );
    return real && actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /**
   * Whether a hash asked for by `requester` would be queued now rather than refused as busy: a request that would
   * be refused is refused before it costs the database anything.
   */
  hasRoom(requester: Requester): boolean {
    return (
      this.size < MAX_QUEUE &&
      (this.perKey.get(this.keysOf(requester)[0]!) ?? 0) < this.pendingPerAddress &&
      (this.perKey.get(this.keysOf(requester)[1]!) ?? 0) < MAX_PENDING_PER_KEY
    );
  }

  /** Whether a stored hash was made at a lower cost than the current one. */
  needsRehash(stored: string): boolean {
    return Number(stored.split('$')[1]) < 2 ** this.cost;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.failAll(new Error('closing'));
    await worker?.terminate();
  }

  private decoyHash(): Promise<string> {
    this.decoy ??= this.hash(randomBytes(24).toString('base64'));
    return this.decoy;
  }

  /**
   * Queues a hash, or refuses it as busy: the queue is full, or its address or its account already has
   * `MAX_PENDING_PER_KEY` hashes waiting. Each hash gets a turn: the next after its address's last one, and never
   * earlier than the hash running now. The smallest turn runs next (the oldest first among equals), so an address
   * that starts asking waits behind at most one hash of each other address, however many those have queued.
   */
  private run(job: Job, requester: Requester | null): Promise<Buffer> {
    if (requester ? !this.hasRoom(requester) : this.size >= MAX_QUEUE)
      return Promise.reject(new PasswordBusyError());
    const keys = requester ? this.keysOf(requester) : [];
    return new Promise<Buffer>((resolve, reject) => {
      this.size++;
      for (const key of keys) this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1);
      const lane = requester?.address ?? '';
      const turn = Math.max(this.turn, (this.lastTurn.get(lane) ?? -1) + 1);
      this.lastTurn.set(lane, turn);
      this.waiting.push({ job, keys, lane, turn, seq: this.seq++, resolve, reject });
      this.next();
    });
  }

  /** Gives the worker the next hash when it is idle: the smallest turn, the oldest among equals. */
  private next(): void {
    if (this.running || this.waiting.length === 0) return;
    let chosen = 0;
    this.waiting.forEach((queued, k) => {
      const best = this.waiting[chosen] as Queued;
      if (queued.turn < best.turn || (queued.turn === best.turn && queued.seq < best.seq)) chosen = k;
    });
    const [queued] = this.waiting.splice(chosen, 1) as [Queued];
    this.turn = queued.turn;
    // An address whose last turn has come asks afresh from the current turn: its entry is no longer needed.
    for (const [lane, last] of this.lastTurn) if (last < this.turn) this.lastTurn.delete(lane);
    const id = this.nextId++;
    this.running = { id, queued };
    this.ensureWorker().postMessage({ id, ...queued.job });
  }

  private keysOf(requester: Requester): string[] {
    return [`address:${requester.address}`, `account:${requester.account}`];
  }

  /** A hash is no longer waiting: its counts go down. */
  private release(queued: Queued): void {
    this.size--;
    for (const key of queued.keys) {
      const left = (this.perKey.get(key) ?? 1) - 1;
      if (left > 0) this.perKey.set(key, left);
      else this.perKey.delete(key);
    }
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref(); // an idle hasher never keeps the process alive
    worker.on('message', (message: { id: number; hash?: string; error?: string }) => {
      const running = this.running;
      if (!running || running.id !== message.id) return;
      this.running = null;
      this.release(running.queued);
      if (message.hash !== undefined) running.queued.resolve(Buffer.from(message.hash, 'base64'));
      else running.queued.reject(new Error(message.error ?? 'hashing failed'));
      this.next();
    });
    worker.on('error', (error) => {
      if (this.worker === worker) this.worker = null;
      this.failAll(error);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.failAll(new Error('the password worker stopped'));
    });
    this.worker = worker;
    return worker;
  }

  /** Refuses every hash waiting or running (the worker failed, or the server stops). */
  private failAll(error: Error): void {
    const all = [...(this.running ? [this.running.queued] : []), ...this.waiting.splice(0)];
    this.running = null;
    this.lastTurn.clear();
    this.perKey.clear();
    this.size = 0;
    for (const { reject } of all) reject(error);
  }
}
