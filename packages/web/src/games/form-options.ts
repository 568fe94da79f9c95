/**
 * Each game's options as form inputs, from the games' light `options` entry points: the lobby's create form and the
 * tournaments' pages offer them, and the table page names them, without loading any board.
 */
import { OPTIONS as CHINATOWN } from '@skyline/chinatown/options';
import { OPTIONS as MANHATTAN } from '@skyline/manhattan/options';
import { OPTIONS as MYCITY } from '@skyline/mycity/options';
import { OPTIONS as NYNY } from '@skyline/nyny/options';
import { formOptions, type OptionSpec } from './types.js';

export const FORM_OPTIONS: Record<string, OptionSpec[]> = {
  nyny: formOptions(NYNY),
  manhattan: formOptions(MANHATTAN),
  mycity: formOptions(MYCITY),
  chinatown: formOptions(CHINATOWN),
};

/** A game's form options; none for a game this client does not know. */
export const formOptionsOf = (game: string): OptionSpec[] => FORM_OPTIONS[game] ?? [];
