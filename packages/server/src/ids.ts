import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of lower-case letters and digits (`length` characters, ~5.2 bits each). */
export function randomId(length: number): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** The ids made in this process, counted (within one millisecond, ids sort in the order they were made). */
let made = 0;
const SEQUENCE = 36 ** 4;

/**
 * An id that sorts by creation time: milliseconds in base 36, a count of the ids this process made (so that two
 * made in one millisecond — a chat's lines, a report's context, the audit log — keep their order), then randomness.
 */
export function timeId(): string {
  made = (made + 1) % SEQUENCE;
  return Date.now().toString(36).padStart(9, '0') + made.toString(36).padStart(4, '0') + randomId(4);
}
