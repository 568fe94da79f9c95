/** The board's English words with their parameters filled in, as the web client's `t` says them, for the tests. */
import { KIT_WORDS } from '@skyline/board-kit';
import en from '../../text/en.json' with { type: 'json' };
import type { T } from '../../ui/words.js';

const WORDS: Record<string, string> = { ...KIT_WORDS.en, ...en.words };

export const t: T = (key, params = {}) =>
  (WORDS[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
