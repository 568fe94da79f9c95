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
 * Stored as `scrypt$N$r$p$salt$hash` (base64): hashes made at an older cost still verify, and `needsRehash` says
 * when one should be remade at the current cost (at the next sign-in).
 */

const R = 8;
const P = 1;
const KEY_LENGTH = 32;
/** Hashes waiting beyond this many are refused: each costs a fraction of a second, and they run one at a time. */
const MAX_QUEUE = 64;

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

export class Passwords {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (hash: Buffer) => void; reject: (e: Error) => void }
  >();
  /** A hash of a password nobody has, made at the current cost: what an unknown name is checked against. */
  private decoy: Promise<string> | null = null;

  constructor(
    /** scrypt's N as a power of two. */
    private readonly cost: number,
  ) {}

  /** A new hash of `password` at the current cost. */
  async hash(password: string): Promise<string> {
    const N = 2 ** this.cost;
    const salt = randomBytes(16).toString('base64');
    const hash = await this.run({ password, salt, N, r: R, p: P, keyLength: KEY_LENGTH });
    return `scrypt$${N}$${R}$${P}$${salt}$${hash.toString('base64')}`;
  }

  /**
   * Whether `password` matches `stored`. With `stored` null (no such name, or a guest), the same work is done against
   * a decoy hash, so that the time taken does not tell whether a name is registered.
   */
  async verify(password: string, stored: string | null): Promise<boolean> {
    const real = stored !== null;
    const [scheme, n, r, p, salt, hash] = (stored ?? (await this.decoyHash())).split('$');
    if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
    const expected = Buffer.from(hash, 'base64');
    const actual = await this.run({
      password,
      salt,
      N: Number(n),
      r: Number(r),
      p: Number(p),
      keyLength: expected.length,
    });
    return real && actual.length === expected.length && timingSafeEqual(actual, expected);
  }

  /** Whether a stored hash was made at a lower cost than the current one. */
  needsRehash(stored: string): boolean {
    return Number(stored.split('$')[1]) < 2 ** this.cost;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    for (const { reject } of this.pending.values()) reject(new Error('closing'));
    this.pending.clear();
    await worker?.terminate();
  }

  private decoyHash(): Promise<string> {
    this.decoy ??= this.hash(randomBytes(24).toString('base64'));
    return this.decoy;
  }

  private run(job: Job): Promise<Buffer> {
    if (this.pending.size >= MAX_QUEUE) return Promise.reject(new PasswordBusyError());
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, ...job });
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    worker.unref(); // an idle hasher never keeps the process alive
    worker.on('message', (message: { id: number; hash?: string; error?: string }) => {
      const job = this.pending.get(message.id);
      if (!job) return;
      this.pending.delete(message.id);
      if (message.hash !== undefined) job.resolve(Buffer.from(message.hash, 'base64'));
      else job.reject(new Error(message.error ?? 'hashing failed'));
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = null;
      this.failAll(new Error('the password worker stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
  }
}
