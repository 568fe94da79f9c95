/** The table service of one "process" in the tests whose processes share one PostgreSQL database (`pg.ts`). */
import { GAMES } from '@skyline/games';
import { Accounts } from '../src/auth.js';
import type { Store } from '../src/db/connect.js';
import type { TablePublisher } from '../src/tables/publisher.js';
import { TableService, type TableServiceOptions } from '../src/tables/service.js';

/**
 * A table service on `store` that shares its database with the other processes (`shared`), playing the platform's
 * games and telling `publisher` of its changes; `more` adds the settings a test needs (its time source, its counters).
 */
export function sharedTableService(
  store: Store,
  publisher: TablePublisher,
  more: Partial<TableServiceOptions> = {},
): TableService {
  return new TableService({
    db: store.db,
    accounts: new Accounts(store.db),
    moveLog: store.moveLog,
    games: GAMES,
    publisher,
    shared: true,
    ...more,
  });
}
