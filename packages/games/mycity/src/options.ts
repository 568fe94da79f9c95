import type { OptionDeclaration } from '@skyline/engine';

/** The options of the rules page, "Options at table creation", with every default filled in. */
export interface MyCityOptions {
  /** Episodes in the series; their totals decide the winner. */
  episodes: number;
}

/** The options of the rules page's "Options at table creation", as data (see `OptionDeclaration`). */
export const OPTIONS: readonly OptionDeclaration[] = [
  {
    name: 'episodes',
    label: 'mycity.opt.episodes',
    help: 'episodes in the series (their totals decide)',
    kind: 'number',
    min: 1,
    max: 24,
    default: 1,
  },
];
