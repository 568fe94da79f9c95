/**
 * Where the seated players of a game play from, for one rule of the ratings: two accounts that played from one address
 * at any time during a game are not rated against each other (a person's second account, farming the first's rating).
 *
 * What is kept, and for how long. While a game is open or played, each seated player's addresses (the address its
 * socket connected from, or of the HTTP request that created the table; with `TRUST_PROXY`, the forwarded one, as
 * `edge.ts` reads it) are stored as keyed hashes in `table_addresses` (`address-hashes.ts`).
 * When the game ends, in the transaction that stores its end, the pairs of seats that shared an address are written
 * on the table (`tables.same_address`, which the rating and `skyline ratings recompute` read) and the hashes are
 * deleted: no address, hashed or not, outlives the game it was noted for.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AddressHashes } from '../address-hashes.js';
import type { Database } from '../db/schema.js';

/** The seats of a table as the address rule needs them: whose each seat is, and whether it is played. */
export interface NotedTable {
  id: string;
  status: string;
  seats: readonly ({ id: string } | null)[];
  /** Which `user:hash` this process has stored for the table (a cache: storing twice changes nothing). */
  addressesNoted?: Set<string>;
}

export class AddressBook {
  constructor(
    private readonly db: Kysely<Database>,
    /** PostgreSQL: the note waits for a game's end being stored, so that no hash is written after it (see `note`). */
    private readonly shared: boolean,
    private readonly hashes: AddressHashes,
  ) {}

  /**
   * Notes that `userId` acts at `table` from `address`, if the user sits at it and its game is not over. Stored once
   * per user and address (the insert does nothing when the row is there); never after the game's end: the insert
   * reads the table's status in the same statement (and on PostgreSQL waits, `for share`, for a transaction storing
   * the end, then sees it), so that the end's deletion of the hashes is final.
   */
  async note(table: NotedTable, userId: string, address: string | undefined): Promise<void> {
    if (address === undefined || table.status === 'over') return;
    if (!table.seats.some((person) => person?.id === userId)) return;
    const hash = await this.hashes.hash(address);
    const noted = (table.addressesNoted ??= new Set());
    const key = `${userId}:${hash}`;
    if (noted.has(key)) return;
    let playing = this.db
      .selectFrom('tables')
      .select([
        sql<string>`cast(${table.id} as varchar(16))`.as('table_id'),
        sql<string>`cast(${userId} as varchar(32))`.as('user_id'),
        sql<string>`cast(${hash} as varchar(32))`.as('address_hash'),
      ])
      .where('id', '=', table.id)
      .where('status', '!=', 'over');
    if (this.shared) playing = playing.forShare();
    await this.db
      .insertInto('table_addresses')
      .columns(['table_id', 'user_id', 'address_hash'])
      .expression(playing)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    noted.add(key);
  }
}

/**
 * At the end of a game, in the transaction that stores it: the pairs of seats whose players shared an address at any
 * time during the game are written on the table (`tables.same_address`), and the table's hashes are deleted.
 */
export async function sealAddresses(
  trx: Transaction<Database>,
  tableId: string,
  seats: readonly (string | null)[],
): Promise<[number, number][]> {
  const rows = await trx
    .selectFrom('table_addresses')
    .select(['user_id', 'address_hash'])
    .where('table_id', '=', tableId)
    .execute();
  const seatsAt = new Map<string, Set<number>>();
  for (const row of rows) {
    const seat = seats.indexOf(row.user_id);
    if (seat < 0) continue; // someone who sat and left before the start
    const at = seatsAt.get(row.address_hash) ?? new Set<number>();
    at.add(seat);
    seatsAt.set(row.address_hash, at);
  }
  const pairs = new Set<string>();
  for (const at of seatsAt.values()) {
    const list = [...at].sort((a, b) => a - b);
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) pairs.add(`${list[i]},${list[j]}`);
  }
  const sameAddress = [...pairs]
    .map((pair) => pair.split(',').map(Number) as [number, number])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  await trx
    .updateTable('tables')
    .set({ same_address: JSON.stringify(sameAddress) })
    .where('id', '=', tableId)
    .execute();
  await trx.deleteFrom('table_addresses').where('table_id', '=', tableId).execute();
  return sameAddress;
}
