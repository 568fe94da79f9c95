/**
 * A registered player's way of playing, kept with the account (`users.confirm_moves`, migration 017) so that it follows
 * the player to every browser: whether moves are staged and confirmed before they are sent. Read and written by the
 * settings page (`GET/POST /api/settings/play`, account-routes.ts); a guest's choice stays in its browser.
 */
import type { PlaySettings, PlaySettingsView } from '@skyline/protocol';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.js';

/**
 * The player's settings; a player who never chose confirms moves (the default for new players), and `chosen` says so,
 * so that a browser keeps its own choice until the account has one.
 */
export async function playSettingsOf(db: Kysely<Database>, userId: string): Promise<PlaySettingsView> {
  const row = await db
    .selectFrom('users')
    .select('confirm_moves')
    .where('id', '=', userId)
    .executeTakeFirst();
  const stored = row?.confirm_moves ?? null;
  return { confirmMoves: stored !== 0, chosen: stored !== null };
}

/** Keeps the player's settings (one statement) and answers them as stored. */
export async function setPlaySettings(
  db: Kysely<Database>,
  userId: string,
  settings: PlaySettings,
): Promise<PlaySettingsView> {
  await db
    .updateTable('users')
    .set({ confirm_moves: settings.confirmMoves ? 1 : 0 })
    .where('id', '=', userId)
    .execute();
  return playSettingsOf(db, userId);
}
