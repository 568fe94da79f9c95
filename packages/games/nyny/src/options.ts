import type { OptionDeclaration } from '@skyline/engine';
import { COLOURS, type Colour } from './tiles.js';

export type Variant = 'classic' | 'simultaneous';

/** The options of the rules page, "Options at table creation", with every default filled in. */
export interface NynyOptions {
  variant: Variant;
  rounds: number;
  colours: Colour[];
  bonus: boolean;
}

/** The options of the rules page's "Options at table creation", as data (see `OptionDeclaration`). */
export const OPTIONS: readonly OptionDeclaration[] = [
  {
    name: 'variant',
    label: 'nyny.opt.variant',
    help: 'how turns work: one seat after another, or everyone at once',
    kind: 'choice',
    choices: [
      { value: 'classic', label: 'nyny.opt.classic' },
      { value: 'simultaneous', label: 'nyny.opt.simultaneous' },
    ],
    default: 'classic',
  },
  {
    name: 'rounds',
    label: 'nyny.opt.rounds',
    help: 'rounds in the match',
    kind: 'number',
    min: 1,
    max: 10,
    default: 1,
  },
  {
    name: 'colours',
    label: 'nyny.opt.colours',
    help: 'the colour of each seat, in seat order',
    kind: 'perSeat',
    noun: 'colour',
    choices: COLOURS.map((colour) => ({ value: colour, label: `colour.${colour}` })),
    default: 'first',
  },
  {
    name: 'bonus',
    label: 'nyny.opt.bonus',
    help: 'score bonuses for runs of your colour',
    kind: 'boolean',
    default: true,
  },
];
