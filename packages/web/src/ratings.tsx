/** Ratings in the client: the rating next to a name (a link to the player's profile), and a rating chart. */
import {
  RATINGS_LOOKUP_NAMES,
  botLevelOfName,
  type RatingPoint,
  type RatingsLookup,
} from '@skyline/protocol';
import { useEffect, useState } from 'react';
import { Link } from './components.js';
import { formatNumber, useI18n, type Lang } from './i18n.js';
import { http } from './net.js';

export type ShownRating = RatingsLookup['ratings'][string];

function inGroups<T>(items: readonly T[], size: number): T[][] {
  const groups: T[][] = [];
  for (let at = 0; at < items.length; at += size) groups.push(items.slice(at, at + size));
  return groups;
}

/**
 * The shown ratings of these names in each game (one request per game and 50 names, asked again only when the set of names
 * changes, or `refresh` does: the end of a game). A name without a rating has none; a bot's name gives its level's.
 */
export function useRatingsByGame(
  seated: readonly { game: string; names: readonly (string | null)[] }[],
  refresh: unknown = null,
): Record<string, Record<string, ShownRating>> {
  const [ratings, setRatings] = useState<Record<string, Record<string, ShownRating>>>({});
  const wanted = new Map<string, Set<string>>();
  for (const { game, names } of seated) {
    const set = wanted.get(game) ?? new Set<string>();
    for (const name of names) if (name) set.add(name);
    wanted.set(game, set);
  }
  // The server looks up at most RATINGS_LOOKUP_NAMES names at once: a tournament's 64 players take two requests.
  const asks = [...wanted]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([game, names]) =>
      inGroups([...names].sort(), RATINGS_LOOKUP_NAMES).map((group) => [game, group] as const),
    );
  // Asked again only when the names or `refresh` change, not at every render (`asks` is a new array each time).
  const key = JSON.stringify([asks, refresh]);
  useEffect(() => {
    let live = true;
    const [asked] = JSON.parse(key) as [typeof asks, number];
    for (const [game, names] of asked) {
      http<RatingsLookup>(
        'GET',
        `/api/ratings/${game}?names=${names.map(encodeURIComponent).join(',')}`,
      ).then(
        (answer) =>
          live && setRatings((current) => ({ ...current, [game]: { ...current[game], ...answer.ratings } })),
        () => undefined, // no ratings shown: the names still are
      );
    }
    return () => {
      live = false;
    };
  }, [key]);
  return ratings;
}

/**
 * A rating, or a change of one, as every page shows it: a whole number of points on the Elo-like scale the server
 * sends (docs/platform.md, "Ratings": 1500 for a new player); -0.4 is 0, not the "-0" that Intl writes for -0.
 */
export const wholePoints = (rating: number): number => Math.round(rating) + 0;

/** A change of rating with its sign: "+15", "−4" (a typographic minus); pass it through `wholePoints`. */
export function signedChange(lang: Lang, change: number): string {
  return `${change >= 0 ? '+' : '−'}${formatNumber(lang, Math.abs(change))}`;
}

/** A rating as shown: a whole number, and the word "provisional" while the player has played few rated games. */
export function RatingText({ rating }: { rating: ShownRating }) {
  const { t, lang } = useI18n();
  return (
    <span className="rating" title={rating.provisional ? t('rating.provisional') : undefined}>
      {formatNumber(lang, wholePoints(rating.rating))}
      {rating.provisional && <span className="provisional"> {t('rating.provisionalWord')}</span>}
    </span>
  );
}

/** A player's name as a link to their profile, with their rating when known. */
export function PlayerName({ name, rating }: { name: string; rating?: ShownRating | undefined }) {
  return (
    <span className="player-name">
      <Link to={`/p/${encodeURIComponent(profileName(name))}`}>{name}</Link>
      {rating && (
        <>
          {' '}
          <RatingText rating={rating} />
        </>
      )}
    </span>
  );
}

/** The profile a name leads to: a bot's is its level's (`greedy-bot-k3x9` → `greedy-bot`). */
export function profileName(name: string): string {
  const level = botLevelOfName(name);
  return level ? `${level}-bot` : name;
}

/** A small chart of a rating over its games (SVG), with its points described for screen readers. */
export function RatingChart({ points, title }: { points: RatingPoint[]; title: string }) {
  const { t, lang } = useI18n();
  if (points.length === 0) return null;
  const width = 320;
  const height = 110;
  // Room on the left for the scale's four-digit ticks ("1,600").
  const pad = 40;
  const values = points.map((point) => point.rating);
  // The range of the ratings, with a margin (a flat line still gets a height), rounded out to tens.
  const low = Math.floor((Math.min(...values) - 10) / 10) * 10;
  const high = Math.ceil((Math.max(...values) + 10) / 10) * 10;
  const x = (k: number) => pad + (points.length === 1 ? 0 : (k * (width - pad - 8)) / (points.length - 1));
  const y = (value: number) => 8 + ((high - value) * (height - 24)) / (high - low || 1);
  const path = points.map(
    (point, k) => `${k === 0 ? 'M' : 'L'}${x(k).toFixed(1)},${y(point.rating).toFixed(1)}`,
  );
  const last = points[points.length - 1]!;
  return (
    <figure className="rating-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={`${title}: ${t('rating.chartSummary', {
          games: points.length,
          first: wholePoints(points[0]!.rating),
          last: wholePoints(last.rating),
        })}`}
      >
        <line x1={pad} x2={width - 8} y1={y(low)} y2={y(low)} className="axis" />
        <text x={pad - 4} y={y(high) + 4} textAnchor="end" className="tick">
          {formatNumber(lang, high)}
        </text>
        <text x={pad - 4} y={y(low) + 4} textAnchor="end" className="tick">
          {formatNumber(lang, low)}
        </text>
        <path d={path.join(' ')} className="line" fill="none" />
        {points.map((point, k) => (
          <circle key={point.tableId} cx={x(k)} cy={y(point.rating)} r={2.5} className="dot" />
        ))}
        <text x={width - 8} y={height - 2} textAnchor="end" className="tick">
          {t('rating.games', { n: points.length })}
        </text>
      </svg>
      <figcaption className="sr-only">{title}</figcaption>
    </figure>
  );
}
