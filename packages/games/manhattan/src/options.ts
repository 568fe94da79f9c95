import type { OptionDeclaration } from '@skyline/engine';
import { PIECE_COUNT } from './components.js';

/** The options of the rules page, "Options at table creation", with every default filled in. */
export interface ManhattanOptions {
  /** 6 rounds of 4 pieces instead of 4 rounds of 6. */
  sixrounds: boolean;
  /** Each seat reads its cards from its own side of the board. */
  perspective: boolean;
}

/** The options of the rules page's "Options at table creation", as data (see `OptionDeclaration`). */
export const OPTIONS: readonly OptionDeclaration[] = [
  {
    name: 'sixrounds',
    label: 'manhattan.opt.sixrounds',
    help: '6 rounds of 4 pieces instead of 4 rounds of 6',
    kind: 'boolean',
    default: false,
  },
  {
    name: 'perspective',
    label: 'manhattan.opt.perspective',
    help: 'each seat reads its cards from its own side of the board',
    kind: 'boolean',
    default: false,
  },
];

export function roundsOf(options: ManhattanOptions): number {
  return options.sixrounds ? 6 : 4;
}

/** Pieces each seat chooses at the start of a round: its 24 pieces spread evenly over the rounds. */
export function piecesPerRound(options: ManhattanOptions): number {
  return PIECE_COUNT / roundsOf(options);
}
