/**
 * Who may see that a private table exists, as one condition of SQL: its host, its seated players and the people
 * invited to it (the same people `tables/privacy.ts` lets join it). A page that lists another player's games (their
 * profile) shows a private table only to them: anyone else would learn the table's id, which is all a link to watch
 * it needs, and with whom the player meets in private. Here, beside the schema, like `round-secrecy.ts`.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema.js';

/** The table `tables` of the query is listed to `askerId` (undefined: nobody signed in) at `now`. */
export function listedTo(
  eb: ExpressionBuilder<Database, 'tables'>,
  askerId: string | undefined,
  now: number,
) {
  if (askerId === undefined) return eb('tables.private', 'is', null);
  return eb.or([
    eb('tables.private', 'is', null),
    eb('tables.host_id', '=', askerId),
    eb.exists(
      eb
        .selectFrom('seats as mine')
        .select('mine.seat')
        .whereRef('mine.table_id', '=', 'tables.id')
        .where('mine.user_id', '=', askerId),
    ),
    eb.exists(
      eb
        .selectFrom('invitations')
        .select('invitations.id')
        .whereRef('invitations.table_id', '=', 'tables.id')
        .where('invitations.to_id', '=', askerId)
        .where('invitations.expires_at', '>', now)
        // As `tables/privacy.ts` isInvited: a named invitation until declined, an opened link until it expires.
        .where((inner) =>
          inner.or([
            inner('invitations.secret_hash', 'is not', null),
            inner('invitations.used_at', 'is', null),
          ]),
        ),
    ),
  ]);
}
