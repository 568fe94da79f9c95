import { BOT_LEVELS } from '@skyline/protocol';
import unhomoglyph from 'unhomoglyph';

/**
 * Players' names: what two names count as the same, and which names nobody may take.
 *
 * A name is stored NFKC-normalised (fullwidth `ＡＮＮ` becomes `ANN`), and it is unique by its *skeleton*: the name
 * with every character that looks like another replaced by that other (Unicode's confusables, through `unhomoglyph`),
 * in lower case. So `Ann`, `ann`, a Cyrillic `Аnn` and `ＡＮＮ` are one name, and nobody can pass for someone else.
 */

/** The name as stored and shown. */
export function normaliseName(name: string): string {
  return name.normalize('NFKC').trim();
}

/** The key two names are compared by (the `name_key` column). */
export function nameSkeleton(name: string): string {
  return unhomoglyph(unhomoglyph(normaliseName(name)).toLowerCase()).toLowerCase();
}

/**
 * Words that would let a player pass for the platform, a role or a bot: refused as names, and (by skeleton) anything
 * that looks like them. Bots are named `LEVEL-bot-XXXX`, so no person's name may look like a bot's.
 */
const RESERVED = [
  'system',
  'skyline',
  'server',
  'admin',
  'administrator',
  'moderator',
  'mod',
  'root',
  'host',
  'table',
  'lobby',
  'everyone',
  'spectator',
  'spectators',
  'guest',
  'bot',
  ...BOT_LEVELS,
  'null',
  'undefined',
].map(nameSkeleton);
const BOT_LIKE = new RegExp(`(^|[-_])bots?($|[-_])`);

/** Whether this name is kept for the server's own (bots, words that would mislead). */
export function isReservedName(name: string): boolean {
  const key = nameSkeleton(name);
  return RESERVED.includes(key) || BOT_LIKE.test(key);
}
