/**
 * A registered player's choice of confirming moves, kept with the account (`GET/POST /api/settings/play`, migration
 * 017) so that it follows the player to every browser. The table page reads the browser's copy (`confirm-moves.ts`):
 * the account's is copied there when the player signs in or opens the site, and a change is written to both. A guest's
 * choice is its browser's alone.
 */
import type { PlaySettingsView } from '@skyline/protocol';
import { confirmWanted, setConfirmWanted } from './confirm-moves.js';
import { http } from './net.js';

/**
 * Copies the account's choice into this browser, once the account has one (a player who chose as a guest, then kept
 * the name, keeps the browser's choice until choosing again); null when the server cannot be read.
 */
export async function adoptAccountChoice(): Promise<boolean | null> {
  try {
    const settings = await http<PlaySettingsView>('GET', '/api/settings/play');
    if (!settings.chosen) return confirmWanted();
    setConfirmWanted(settings.confirmMoves);
    return settings.confirmMoves;
  } catch {
    return null;
  }
}

/** Keeps the choice with the account; answers it as stored. */
export async function saveAccountChoice(confirmMoves: boolean): Promise<boolean> {
  const settings = await http<PlaySettingsView>('POST', '/api/settings/play', { confirmMoves });
  setConfirmWanted(settings.confirmMoves);
  return settings.confirmMoves;
}
