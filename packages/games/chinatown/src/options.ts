import type { OptionDeclaration } from '@skyline/engine';

/** The options of the rules page, "Options at table creation", with every default filled in. */
export interface ChinatownOptions {
  /** Use the economy cards (the 1999 rules). */
  economy: boolean;
  /** Variant A: a lot without street access may only extend a shop, never open one. */
  streetAccess: boolean;
  /** Variant B: lot cards not settled stay in hand instead of going back to the deck. */
  keepLotCards: boolean;
  /** Variant B: draw in every round as many lot cards as in round 1. */
  drawMax: boolean;
  /** Place tiles one seat at a time, from the holder of the start tile, instead of all at once. */
  sequentialPlacement: boolean;
}

const flag = (name: keyof ChinatownOptions, help: string, fallback: boolean): OptionDeclaration => ({
  name,
  label: `chinatown.opt.${name}`,
  help,
  kind: 'boolean',
  default: fallback,
});

/** The options of the rules page's "Options at table creation", as data (see `OptionDeclaration`). */
export const OPTIONS: readonly OptionDeclaration[] = [
  flag('economy', 'use the economy cards (the 1999 rules)', true),
  flag('streetAccess', 'variant A: a lot without street access may only extend a shop', false),
  flag('keepLotCards', 'variant B: lot cards not settled stay in hand', false),
  flag('drawMax', 'variant B: draw as many lot cards every round as in round 1', false),
  flag('sequentialPlacement', 'place tiles one seat at a time, from the holder of the start tile', false),
];
