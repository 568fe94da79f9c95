/**
 * Each game's options as form inputs, from the games' light `options` entry points: the lobby's create form and the
 * tournaments' pages offer them, and the table page names them, without loading any board.
 */
import type { OptionDeclaration } from '@skyline/engine';
import { CLIENT_GAMES } from '@skyline/games/client';
import type { Key } from '../i18n.js';

/**
 * An option the lobby's and the tournaments' forms offer, and the table page names: the game's own declaration
 * (`OPTIONS` of its package, which `parseOptions`, `/option` and `GET /api/games` read too), whose labels are keys of
 * the translations (a client test checks that each is, in English and French).
 */
export interface OptionSpec {
  name: string;
  label: Key;
  kind: 'boolean' | 'number' | 'choice';
  default: unknown;
  min?: number;
  max?: number;
  choices?: readonly { value: string; label: Key }[];
}

/**
 * The options of a game's declaration that a form can offer. Per-seat options (New York's colours) are not on the
 * forms: the seats take the first colours unless `/option colours` says otherwise before the start.
 */
export const formOptions = (declared: readonly OptionDeclaration[]): OptionSpec[] =>
  declared.flatMap((option) =>
    option.kind === 'perSeat'
      ? []
      : [
          {
            ...option,
            label: option.label as Key,
            choices:
              option.kind === 'choice'
                ? option.choices.map((choice) => ({ value: choice.value, label: choice.label as Key }))
                : undefined,
          },
        ],
  );

export const FORM_OPTIONS: Record<string, OptionSpec[]> = Object.fromEntries(
  CLIENT_GAMES.map((game) => [game.id, formOptions(game.options)]),
);

/** A game's form options; none for a game this client does not know. */
export const formOptionsOf = (game: string): OptionSpec[] => FORM_OPTIONS[game] ?? [];
