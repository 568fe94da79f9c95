import { createCipheriv, createHash, randomBytes, type Cipher } from 'node:crypto';
import type { Rng } from './contract.js';

/**
 * A generator nobody can predict without its key: the ChaCha20 keystream (RFC 8439, OpenSSL's through `node:crypto`)
 * under a 256-bit key, one stream per label. What decides a game that people play draws from it, never from
 * `SeededRng`:
 *
 * - `KeyedRng.fresh()` keys it with 256 bits from the operating system's cryptographic source, kept nowhere: a table's
 *   chance moves, a bot's determinizations at a table.
 * - `new KeyedRng(key, label)` with a stored secret key replays the same stream: a duplicate round's deal, which every
 *   table of the round shares, and its key may be shown once the round is over so that anyone can check the deal.
 *
 * `SeededRng` (xoroshiro128+ from a 32-bit seed) stays for what a person seeds to replay it exactly (`skyline sim
 * --seed`, arenas, tests): its 2^32 streams can be searched in minutes, and its outputs give its state away.
 *
 * Node only (it needs `node:crypto`): imported as `@skyline/engine/keyed-rng`, never from the web client's bundle.
 */
export class KeyedRng implements Rng {
  /** A key's length in bytes. */
  static readonly KEY_BYTES = 32;

  private readonly cipher: Cipher;
  private block: Buffer = Buffer.alloc(0);
  private offset = 0;

  /** @param key 32 bytes, or their 64 hex digits (as stored in a deal). @param label which of the key's streams. */
  constructor(key: Uint8Array | string, label = '') {
    const bytes = typeof key === 'string' ? keyFromHex(key) : key;
    if (bytes.length !== KeyedRng.KEY_BYTES) throw new RangeError(`a key has ${KeyedRng.KEY_BYTES} bytes`);
    // Each label its own nonce, so that streams of one key never overlap; the block counter starts at 0.
    const nonce = createHash('sha256').update(label, 'utf8').digest().subarray(0, 12);
    this.cipher = createCipheriv('chacha20', bytes, Buffer.concat([Buffer.alloc(4), nonce]));
  }

  /** A generator keyed with fresh secret bits that nobody keeps. */
  static fresh(label = ''): KeyedRng {
    return new KeyedRng(randomBytes(KeyedRng.KEY_BYTES), label);
  }

  /** A new secret key, as 64 hex digits (for storing with what it deals). */
  static newKey(): string {
    return randomBytes(KeyedRng.KEY_BYTES).toString('hex');
  }

  /** A uniformly random integer in `0 .. n - 1`, for `1 <= n <= 2^32` (unbiased: rejection sampling on 32 bits). */
  int(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > 2 ** 32)
      throw new RangeError(`int(n) needs 1 <= n <= 2^32, not ${n}`);
    // The largest multiple of n that 32 bits hold: words at or above it would favour the low values.
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const word = this.word();
      if (word < limit) return word % n;
    }
  }

  private word(): number {
    if (this.offset === this.block.length) {
      this.block = this.cipher.update(ZEROS);
      this.offset = 0;
    }
    const word = this.block.readUInt32LE(this.offset);
    this.offset += 4;
    return word;
  }
}

/** The keystream is the encryption of zeros, a buffer at a time (64 ChaCha20 blocks). */
const ZEROS = Buffer.alloc(4096);

function keyFromHex(hex: string): Buffer {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new RangeError('a key is 64 hex digits');
  return Buffer.from(hex, 'hex');
}
