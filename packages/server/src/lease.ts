import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from './db/schema.js';

/** The rows a process leases, and their columns naming the process and until when its lease holds (ms). */
const LEASED = {
  tables: { holder: 'bot_driver', until: 'bot_lease_until' },
  tournaments: { holder: 'driver', until: 'lease_until' },
} as const satisfies {
  [T in keyof Database]?: { holder: keyof Database[T] & string; until: keyof Database[T] & string };
};

/**
 * One process at a time drives a row (a table's bots, a tournament): it holds a lease on the row, stored in the row,
 * renewed at each step; when the process dies the lease runs out and another process takes the row over.
 */
export class Lease {
  private readonly holder: string;
  private readonly until: string;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly table: keyof typeof LEASED,
    private readonly processId: string,
    private readonly leaseMs: number,
    private readonly now: () => number,
  ) {
    ({ holder: this.holder, until: this.until } = LEASED[table]);
  }

  /** Where the row is free for this process: held by nobody, by this process, or by one whose lease ran out. */
  free(now = this.now()): RawBuilder<SqlBool> {
    const holder = sql.ref(`${this.table}.${this.holder}`);
    const until = sql.ref(`${this.table}.${this.until}`);
    return sql<SqlBool>`(${holder} is null or ${holder} = ${this.processId} or ${until} < ${now})`;
  }

  /** Takes or renews this process's lease on the row `id`; false when another live process holds it. */
  async claim(id: string): Promise<boolean> {
    const now = this.now();
    const result = await sql`update ${sql.table(this.table)}
      set ${sql.ref(this.holder)} = ${this.processId}, ${sql.ref(this.until)} = ${now + this.leaseMs}
      where ${sql.ref(`${this.table}.id`)} = ${id} and ${this.free(now)}`.execute(this.db);
    return Number(result.numAffectedRows) === 1;
  }

  /** Gives up every lease this process holds (it closes: another takes its rows over at once). */
  async releaseAll(): Promise<void> {
    await sql`update ${sql.table(this.table)} set ${sql.ref(this.holder)} = null, ${sql.ref(this.until)} = null
      where ${sql.ref(this.holder)} = ${this.processId}`
      .execute(this.db)
      .catch(() => undefined);
  }
}
