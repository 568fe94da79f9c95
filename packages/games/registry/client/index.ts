/**
 * Every game as the web client knows it, in one list: its id, its options' light declaration (for the forms), its
 * title and words in every language (loaded with the first page: the lobby names games and options), its rules page
 * per language and its board (each loaded when first shown, in a chunk of its own). The server's list is
 * `../src/index.ts`; this one is TypeScript source for Vite and vitest only (the registry's build leaves it out), so
 * the server and the CLI never load React or a board.
 *
 * Adding a game: its package gains `./ui` (its board and log, on the board kit), `text/en.json` and `fr.json` (its
 * title and words), `text/rules.en.json` and `rules.fr.json` (its rules page); then it is listed here.
 * `test/client.test.ts` says which of these is missing.
 */
import type { GameUi, KitKey, Lang } from '@skyline/board-kit';
import chinatownEn from '@skyline/chinatown/text/en.json' with { type: 'json' };
import chinatownFr from '@skyline/chinatown/text/fr.json' with { type: 'json' };
import { OPTIONS as CHINATOWN_OPTIONS } from '@skyline/chinatown/options';
import type { OptionDeclaration } from '@skyline/engine';
import manhattanEn from '@skyline/manhattan/text/en.json' with { type: 'json' };
import manhattanFr from '@skyline/manhattan/text/fr.json' with { type: 'json' };
import { OPTIONS as MANHATTAN_OPTIONS } from '@skyline/manhattan/options';
import mycityEn from '@skyline/mycity/text/en.json' with { type: 'json' };
import mycityFr from '@skyline/mycity/text/fr.json' with { type: 'json' };
import { OPTIONS as MYCITY_OPTIONS } from '@skyline/mycity/options';
import nynyEn from '@skyline/nyny/text/en.json' with { type: 'json' };
import nynyFr from '@skyline/nyny/text/fr.json' with { type: 'json' };
import { OPTIONS as NYNY_OPTIONS } from '@skyline/nyny/options';

/** A game's title and words in one language (`text/<lang>.json`). */
export interface GameText<K extends string = string> {
  title: string;
  words: Readonly<Record<K, string>>;
}

/** One section of a game's rules page: a heading, its paragraphs, and an optional bulleted list after them. */
export interface RulesSection {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

/**
 * A game's rules page in one language (`text/rules.<lang>.json`): the seat counts, and the same number of sections in
 * every language, with the same meaning in the same order.
 */
export interface RulesText {
  players: string;
  sections: RulesSection[];
}

/** The keys of every game's words. */
export type GameKey =
  | keyof typeof nynyEn.words
  | keyof typeof manhattanEn.words
  | keyof typeof mycityEn.words
  | keyof typeof chinatownEn.words;

export interface ClientGame {
  id: string;
  /** The game's options (`@skyline/<id>/options`, the same declaration the server parses options with). */
  options: readonly OptionDeclaration[];
  text: Readonly<Record<Lang, GameText>>;
  rules: Readonly<Record<Lang, () => Promise<RulesText>>>;
  /** Its board and its log in words (`@skyline/<id>/ui`). */
  ui: () => Promise<GameUi<GameKey | KitKey>>;
}

/** The French words of a game: every key of its English ones (a missing one does not compile). */
type Like<E extends GameText> = GameText<keyof E['words'] & string>;

const rulesOf = (module: { default: RulesText }): RulesText => module.default;

const NYNY_FR: Like<typeof nynyEn> = nynyFr;
const MANHATTAN_FR: Like<typeof manhattanEn> = manhattanFr;
const MYCITY_FR: Like<typeof mycityEn> = mycityFr;
const CHINATOWN_FR: Like<typeof chinatownEn> = chinatownFr;

/** The games, in the order the forms, the rules and the leaderboards list them (the first is the forms' default). */
export const CLIENT_GAMES: readonly ClientGame[] = [
  {
    id: 'nyny',
    options: NYNY_OPTIONS,
    text: { en: nynyEn, fr: NYNY_FR },
    rules: {
      en: () => import('@skyline/nyny/text/rules.en.json', { with: { type: 'json' } }).then(rulesOf),
      fr: () => import('@skyline/nyny/text/rules.fr.json', { with: { type: 'json' } }).then(rulesOf),
    },
    ui: () => import('@skyline/nyny/ui').then((module) => module.nynyUi),
  },
  {
    id: 'manhattan',
    options: MANHATTAN_OPTIONS,
    text: { en: manhattanEn, fr: MANHATTAN_FR },
    rules: {
      en: () => import('@skyline/manhattan/text/rules.en.json', { with: { type: 'json' } }).then(rulesOf),
      fr: () => import('@skyline/manhattan/text/rules.fr.json', { with: { type: 'json' } }).then(rulesOf),
    },
    ui: () => import('@skyline/manhattan/ui').then((module) => module.manhattanUi),
  },
  {
    id: 'mycity',
    options: MYCITY_OPTIONS,
    text: { en: mycityEn, fr: MYCITY_FR },
    rules: {
      en: () => import('@skyline/mycity/text/rules.en.json', { with: { type: 'json' } }).then(rulesOf),
      fr: () => import('@skyline/mycity/text/rules.fr.json', { with: { type: 'json' } }).then(rulesOf),
    },
    ui: () => import('@skyline/mycity/ui').then((module) => module.mycityUi),
  },
  {
    id: 'chinatown',
    options: CHINATOWN_OPTIONS,
    text: { en: chinatownEn, fr: CHINATOWN_FR },
    rules: {
      en: () => import('@skyline/chinatown/text/rules.en.json', { with: { type: 'json' } }).then(rulesOf),
      fr: () => import('@skyline/chinatown/text/rules.fr.json', { with: { type: 'json' } }).then(rulesOf),
    },
    ui: () => import('@skyline/chinatown/ui').then((module) => module.chinatownUi),
  },
];

/** Every game's words in each language, for the client's dictionaries (French: every English key, checked above). */
export const GAME_WORDS: Readonly<Record<Lang, Readonly<Record<GameKey, string>>>> = {
  en: { ...nynyEn.words, ...manhattanEn.words, ...mycityEn.words, ...chinatownEn.words },
  fr: { ...NYNY_FR.words, ...MANHATTAN_FR.words, ...MYCITY_FR.words, ...CHINATOWN_FR.words },
};

/** The game the forms offer first, and the leaderboard shown when none is named: the first listed. */
export const DEFAULT_GAME: string = (CLIENT_GAMES[0] as ClientGame).id;

export const clientGame = (id: string): ClientGame | undefined => CLIENT_GAMES.find((game) => game.id === id);

/** A game's title in a language (its id for a game this client does not know). */
export const titleOf = (id: string, lang: Lang): string => clientGame(id)?.text[lang].title ?? id;
