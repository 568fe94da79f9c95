import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of lower-case letters and digits (`length` characters, ~5.2 bits each). */
export function randomId(length: number): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** An id that sorts by creation time: milliseconds in base 36, then randomness. */
export function timeId(): string {
  return Date.now().toString(36).padStart(9, '0') + randomId(8);
}
