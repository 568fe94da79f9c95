/**
 * A duplicate round's secret, as one condition of SQL (see `tables/round-secrecy.ts` for why it is kept): the table
 * `tables` of the query is a table of a duplicate tournament round of which some table is not over yet (or not even
 * opened). Here, beside the schema, so that the tables (who may watch it, what the tournament page shows) and the
 * ratings (a player's reliability) read one and the same rule.
 */
import type { ExpressionBuilder } from 'kysely';
import type { Database } from './schema.js';

export function inRoundStillPlayed(eb: ExpressionBuilder<Database, 'tables'>) {
  return eb.exists(
    eb
      .selectFrom('tournament_tables as mine')
      .innerJoin('tournament_tables as same', (join) =>
        join.onRef('same.tournament_id', '=', 'mine.tournament_id').onRef('same.round', '=', 'mine.round'),
      )
      .leftJoin('tables as other', 'other.id', 'same.table_id')
      .select('mine.table_id')
      .whereRef('mine.table_id', '=', 'tables.id')
      .where('tables.deal', 'is not', null)
      // A table of the round not opened yet (no row) or not over.
      .where((inner) => inner.or([inner('other.status', 'is', null), inner('other.status', '!=', 'over')])),
  );
}
