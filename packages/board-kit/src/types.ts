/**
 * What a game's board receives from the page that shows it, and what a game's client side gives the web client
 * (`GameUi`: its board, its log in words, its scores per round); the moves just made, seat names and colours.
 */
import type { PublicStatus, Viewer } from '@skyline/protocol';
import type { ReactNode } from 'react';
import type { SeatFacts } from './SeatPanel.js';
import type { Lang, Translate } from './words.js';

/** `K`: the keys of the words the board says (its game's and the kit's); the web client's `t` accepts all of them. */
export interface BoardProps<K extends string = string, V = unknown, M = unknown> {
  view: V;
  /** Exactly the seat's legal moves; the board offers nothing else. Empty while a move is on its way. */
  legalMoves: M[];
  viewer: Viewer;
  names: string[];
  status: PublicStatus | null;
  send: (move: M) => void;
  t: Translate<K>;
  /** The viewer's language, for what a board writes itself (numbers, money). */
  lang: Lang;
  /**
   * What just happened: the moves since the viewer's own last move (see `recentMoves`), for the board to
   * highlight.
   */
  recent?: SeatMove[];
  /**
   * The move the viewer chose and has not confirmed yet (the player's "confirm moves" setting): the board shows it
   * where it will go, as it shows a choice made, so that what the confirmation bar names is seen on the board too.
   */
  staged?: M | null;
}

export interface SeatMove {
  seat: number;
  move: Record<string, unknown>;
}

/** Whether a log entry is a seat's choice not yet revealed to this viewer (shown as "has chosen"). */
export function isHidden(entry: LogEntry): boolean {
  return 'move' in entry && entry.move.type === 'hidden';
}

const isSeat = (entry: LogEntry | undefined, seat: number): boolean =>
  entry !== undefined && 'seat' in entry && entry.seat === seat;
const isOthers = (entry: LogEntry | undefined, seat: number): boolean =>
  entry !== undefined && 'seat' in entry && entry.seat !== seat;

/**
 * The moves made after the viewer's own last move (for a spectator or before the viewer's first move, among the last
 * `fallback` entries), oldest first, or else the latest move of all: what the board shows as just happened.
 *
 * In a game whose seats move `together` (My City's builds, Chinatown's placements: each seat in its own time, in any
 * order) the others' moves made alongside the viewer's last ones count too: a bot that chose before the viewer is
 * still what just happened. The window then opens after the viewer's moves before the others' run that came just
 * before the viewer's last run of moves.
 */
export function recentMoves(
  log: readonly LogEntry[],
  viewer: unknown,
  fallback = 1,
  together = false,
): SeatMove[] {
  let start = Math.max(0, log.length - fallback);
  if (typeof viewer === 'number')
    for (let k = log.length - 1; k >= 0; k--) {
      if (!isSeat(log[k], viewer)) continue;
      start = k + 1;
      if (together) {
        let j = k;
        while (isSeat(log[j - 1], viewer)) j--; // the viewer's last run of moves
        while (isOthers(log[j - 1], viewer)) j--; // the others' moves made alongside it
        start = j;
      }
      break;
    }
  const since: SeatMove[] = [];
  for (const entry of log.slice(start))
    if ('seat' in entry && !isHidden(entry)) since.push({ seat: entry.seat, move: entry.move });
  if (since.length === 0)
    // Nobody has moved since the viewer: its own move is what just happened.
    for (let k = log.length - 1; k >= 0; k--) {
      const entry = log[k] as LogEntry;
      if ('seat' in entry && !isHidden(entry)) return [{ seat: entry.seat, move: entry.move }];
    }
  return since;
}

/** What a log line may look at besides its entry: the whole log, the entry's place in it, and the current view. */
export interface LogContext {
  log: LogEntry[];
  index: number;
  view: unknown;
}

export interface GameUi<K extends string = string> {
  /** A function component (not a class: its props are then read only, so a board on fewer keys fits a wider `t`). */
  Board?: (props: BoardProps<K>) => ReactNode;
  /** One log entry in words, or null to leave it out (a repeated ready/not-ready, say). */
  describe?(
    entry: LogEntry,
    names: string[],
    t: Translate<K>,
    lang: Lang,
    context?: LogContext,
  ): string | null;
  /** Per round, each seat's score (for the end-of-game chart). */
  rounds?(view: unknown): number[][];
  /** What the game calls its scoring periods (My City's are episodes); rounds unless told. */
  period?: 'round' | 'episode';
  /** Whether the seats move together, each in its own time (see `recentMoves`): My City's, Chinatown's. */
  together?: boolean;
  /** Whether scores are dollars (Chinatown's are the players' money). */
  money?: boolean;
  /** The name of what the final score holds besides the rounds' scores (Chinatown: start money and trades). */
  restLabel?: K;
  /**
   * What the seat's panel says of `seat` (its state, score, holdings), read from `view` alone: the viewer's view, so
   * that nothing it hides can show. Without it the panel shows the page's parts only (name, clock, tags).
   */
  seat?(view: unknown, seat: number, t: Translate<K>, lang: Lang): SeatFacts;
}

export type LogEntry = { seat: number; move: Record<string, unknown> } | { chance: Record<string, unknown> };

export const SEAT_COLOURS = ['#d33b2c', '#2f6fd1', '#e0a800', '#2e9a4a', '#8e44ad', '#e67e22'];

export function seatName(names: string[], seat: number): string {
  return names[seat] || `#${seat}`;
}

/** The relative luminance of a `#rgb` or `#rrggbb` colour (WCAG 2). */
function luminance(colour: string): number {
  const hex = colour.replace('#', '');
  const full = hex.length === 3 ? [...hex].map((d) => d + d).join('') : hex.slice(0, 6);
  const [r, g, b] = [0, 2, 4].map((k) => {
    const c = parseInt(full.slice(k, k + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours (WCAG 2: at least 4.5 for text). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or black, whichever reads better on `background` (text drawn on a seat's or a shop's colour). */
export function textOn(background: string): string {
  return contrast('#ffffff', background) >= contrast('#000000', background) ? '#ffffff' : '#000000';
}

/**
 * A board's view and legal moves as its game's types (the page hands every board the same untyped props), and the
 * seat the view is for: `null` for a spectator.
 */
export function gameInputs<V extends { viewer?: unknown }, M>(props: {
  view: unknown;
  legalMoves: unknown[];
}): { view: V; legalMoves: M[]; me: number | null } {
  const view = props.view as V;
  return {
    view,
    legalMoves: props.legalMoves as M[],
    me: typeof view.viewer === 'number' ? view.viewer : null,
  };
}
