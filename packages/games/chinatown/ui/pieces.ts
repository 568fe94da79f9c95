/**
 * Chinatown's pieces as the board and the log name and draw them: blocks, shop kinds (names, colours), money, offers
 * and economy cards in words. What the rules compute (the shops a board's tiles make) is the rules' own
 * (`@skyline/chinatown/shops`); this file only names and colours.
 */
import type { BundleView, ChinatownMove, ChinatownView } from '@skyline/chinatown';
import { formatMoney, shade, type Lang } from '@skyline/board-kit';
import data from '@skyline/chinatown/data' with { type: 'json' };
import type { T } from './words.js';

export type Bundle = BundleView;
export type Move = ChinatownMove;

export type { ChinatownView };

export const BLOCKS = data.blocks as Record<string, (number | null)[][]>;
export const KINDS = data.shops;
export const KIND = new Map(KINDS.map((k) => [k.id, k]));
/**
 * The kinds' colours, in the data's order (seafood, pharmacy, tea house, dry cleaner, restaurant, sporting goods,
 * antiques, hardware, tailor, agency, watchmaker, radio): chosen so that every two of them, and each of them and every
 * seat's colour (a lot's edge), stay apart (CIEDE2000 at least 10) for normal vision and as protanopia, deuteranopia
 * and tritanopia see them (test/ui/palette.test.ts). The icon on each tile tells the kind as well.
 */
export const KIND_COLOURS = [
  '#24b3b9',
  '#86fb9e',
  '#1f5037',
  '#c7d0ff',
  '#930000',
  '#663851',
  '#9fae82',
  '#aa7183',
  '#ffbec3',
  '#4b3e78',
  '#b388ff',
  '#ebe921',
];
export const kindColour = (id: string) => KIND_COLOURS[KINDS.findIndex((k) => k.id === id)] ?? '#999';
/** A shop's roof, awning and pillars: its colour a shade darker, so that the roof and the kind read as one. */
export const roofColour = (id: string) => shade(kindColour(id), 0.45);
export const kindName = (id: string, lang: Lang) => {
  const kind = KIND.get(id);
  return kind ? (lang === 'fr' ? kind.fr : kind.en) : id;
};
export const money = (n: number | null | undefined, lang: Lang) =>
  n === null || n === undefined ? '?' : formatMoney(lang, n);

/** What one side of an offer gives, in words ("lot 12, 2× Jewelry, $10,000"). */
export function bundleWords(
  b: { lots?: number[]; shops?: Record<string, number>; money?: number | null; lotCards?: (number | null)[] },
  t: T,
  lang: Lang,
): string {
  const parts = [
    ...(b.lots ?? []).map((l) => `${t('chinatown.lot')} ${l}`),
    ...Object.entries(b.shops ?? {})
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n}× ${kindName(k, lang)}`),
    ...(b.money === null ? [t('chinatown.someMoney')] : b.money ? [money(b.money, lang)] : []),
    ...(b.lotCards?.length
      ? [t('chinatown.lotCards', { n: b.lotCards.map((c) => c ?? '?').join(', ') })]
      : []),
  ];
  return parts.length ? parts.join(', ') : t('chinatown.nothing');
}

/** An economy card in words: which shop sizes pay $1,000 per tile. */
export function economyText(id: string, t: T): string {
  const sizes =
    (data.economy as { id: string; sizes: number[] }[]).find((card) => card.id === id)?.sizes ?? [];
  return sizes.length ? t('chinatown.economyCard', { sizes: sizes.join(', ') }) : t('chinatown.economyNone');
}
