/**
 * The words every board may say (the players table's heading, a seat's "(you)", the reasons any board gives), in
 * `text/<lang>.json`, and the shape of a translation function that boards receive: the web client's `t`, typed on
 * all its keys, is one (it accepts every key a board may ask for), so a board is type-checked on its own keys.
 */
import en from '../text/en.json' with { type: 'json' };
import fr from '../text/fr.json' with { type: 'json' };

/** The languages the platform speaks; every game says its words and rules in each. */
export const LANGS = ['en', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

/** Fills a text of key `K` with its parameters, in the viewer's language. */
export type Translate<K extends string = string> = (
  key: K,
  params?: Record<string, string | number>,
) => string;

/** The keys of the board kit's own words. */
export type KitKey = keyof typeof en;

/** The board kit's words in each language (French must have every English key: a missing one fails to compile). */
export const KIT_WORDS: Record<Lang, Record<KitKey, string>> = { en, fr };

const LOCALES: Record<Lang, string> = { en: 'en-US', fr: 'fr-FR' };
export const localeOf = (lang: Lang): string => LOCALES[lang];

const numberFormats = new Map<Lang, Intl.NumberFormat>();

/** A number as the language writes it ("1,200" in English, "1 200" in French). */
export function formatNumber(lang: Lang, n: number): string {
  let format = numberFormats.get(lang);
  if (!format) numberFormats.set(lang, (format = new Intl.NumberFormat(LOCALES[lang])));
  return format.format(n);
}

/** An amount of dollars as the language writes it ("$1,000" in English, "1 000 $" in French). */
export function formatMoney(lang: Lang, dollars: number): string {
  return new Intl.NumberFormat(LOCALES[lang], {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
  }).format(dollars);
}
