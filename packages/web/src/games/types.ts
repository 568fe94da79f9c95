import type { PublicStatus, Viewer } from '@skyline/protocol';
import type { ComponentType } from 'react';
import type { Key, Lang, T } from '../i18n.js';

export interface BoardProps<V = unknown, M = unknown> {
  view: V;
  /** Exactly the seat's legal moves; the board offers nothing else. Empty while a move is on its way. */
  legalMoves: M[];
  viewer: Viewer;
  names: string[];
  status: PublicStatus | null;
  send: (move: M) => void;
  t: T;
}

export interface OptionSpec {
  name: string;
  label: Key;
  kind: 'boolean' | 'number' | 'choice';
  default: unknown;
  min?: number;
  max?: number;
  choices?: { value: string; label: Key }[];
}

export interface GameUi {
  Board?: ComponentType<BoardProps>;
  /** One log entry in words, or null to leave it out. */
  describe?(entry: LogEntry, names: string[], t: T, lang: Lang): string | null;
  options: OptionSpec[];
  /** Per round, each seat's score (for the end-of-game chart). */
  rounds?(view: unknown): number[][];
}

export type LogEntry = { seat: number; move: Record<string, unknown> } | { chance: Record<string, unknown> };

export const SEAT_COLOURS = ['#d33b2c', '#2f6fd1', '#e0a800', '#2e9a4a', '#8e44ad', '#e67e22'];

export function seatName(names: string[], seat: number): string {
  return names[seat] || `#${seat}`;
}
