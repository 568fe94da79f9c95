/**
 * Confirming moves (issue 30 §4): with the player's setting on, a move a board sends is only staged; the player
 * commits it (the Confirm button or Enter) or clears it (the Undo button or Escape), and nothing reaches the server
 * before the confirmation. The choice is kept in the browser (like the notifications' choice, `yourturn.ts`) and is on
 * for a player who never chose: a misclick costs a whole game, a confirmation one key.
 */
import { onUnlessTurnedOff } from './browser-choice.js';
import { sameJson } from './table.js';

const choice = onUnlessTurnedOff('skyline.confirmMoves');

/** Whether moves wait for a confirmation: on unless the player turned it off. */
export const confirmWanted = choice.wanted;
export const setConfirmWanted = choice.set;

/** A staged move: the move the board sent and the table's version it was chosen at. */
export interface Staged {
  move: unknown;
  version: number;
}

/** What can happen to a staged move. */
export type StagingEvent =
  | { type: 'stage'; move: unknown; version: number }
  | { type: 'confirm' }
  | { type: 'clear' }
  /**
   * The table changed (another seat played, a snapshot came), and these are the seat's legal moves now. A move chosen
   * on the old table is dropped unless it is still one of them: where the seats choose at once (My City, Manhattan's
   * pieces), another seat's choice changes the table without changing what this seat may do.
   */
  | { type: 'table'; version: number; legalMoves?: readonly unknown[] };

/**
 * The next staged move and the move to send now (if any). With confirmation off, a staged move is sent at once;
 * a second choice replaces the first (the player changed their mind before confirming).
 */
export function nextStaging(
  staged: Staged | null,
  event: StagingEvent,
  confirm: boolean,
): { staged: Staged | null; send?: unknown } {
  switch (event.type) {
    case 'stage':
      return confirm
        ? { staged: { move: event.move, version: event.version } }
        : { staged: null, send: event.move };
    case 'confirm':
      return staged ? { staged: null, send: staged.move } : { staged: null };
    case 'clear':
      return { staged: null };
    case 'table': {
      if (!staged || staged.version === event.version) return { staged };
      return (event.legalMoves ?? []).some((move) => sameJson(move, staged.move))
        ? { staged: { move: staged.move, version: event.version } }
        : { staged: null };
    }
  }
}

/**
 * The staging event a key means while a move is staged: Enter confirms, Escape clears. Enter typed into a text field
 * (the chat) is the field's, not a confirmation.
 */
export function keyEvent(key: string, inTextField: boolean): StagingEvent | null {
  if (key === 'Escape') return { type: 'clear' };
  if (key === 'Enter' && !inTextField) return { type: 'confirm' };
  return null;
}
