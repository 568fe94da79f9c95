/**
 * What tables a database holds, read from the database itself (SQLite's `sqlite_master` and pragmas, PostgreSQL's
 * `information_schema` and `pg_catalog`), so that a backup takes every table the migrations made — a table added by a
 * later migration included, with no list to keep up to date.
 */
import { MIGRATION_TABLES } from './format.js';

export type Dialect = 'sqlite' | 'postgres';

/** Runs one statement with positional parameters (`?` on SQLite, `$1` on PostgreSQL) and returns its rows. */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface ColumnInfo {
  name: string;
  /** As declared (SQLite) or as PostgreSQL names it (`data_type`). */
  type: string;
  notNull: boolean;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** The primary key's columns, in order (rows are read in this order); empty without one. */
  primaryKey: string[];
  /** The other tables its foreign keys reference. */
  references: string[];
}

/** An identifier in double quotes (both dialects). */
export function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The database's tables, Kysely's migration tables left out, referenced tables before the tables referencing them. */
export async function catalogue(dialect: Dialect, query: Query): Promise<TableInfo[]> {
  const names = (await tableNames(dialect, query)).filter((name) => !MIGRATION_TABLES.includes(name));
  const tables: TableInfo[] = [];
  for (const name of names)
    tables.push(dialect === 'sqlite' ? await sqliteTable(query, name) : await postgresTable(query, name));
  return dependencyOrder(tables);
}

export async function tableNames(dialect: Dialect, query: Query): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await query(
          `select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' order by name`,
        )
      : await query(
          `select table_name as name from information_schema.tables
           where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
        );
  return rows.map((row) => String(row.name));
}

async function sqliteTable(query: Query, name: string): Promise<TableInfo> {
  const columns = await query(
    'select name, type, "notnull" as not_null, pk from pragma_table_info(?) order by cid',
    [name],
  );
  const references = await query('select distinct "table" as ref from pragma_foreign_key_list(?)', [name]);
  return {
    name,
    columns: columns.map((c) => ({
      name: String(c.name),
      type: String(c.type),
      notNull: Number(c.not_null) === 1,
    })),
    primaryKey: columns
      .filter((c) => Number(c.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((c) => String(c.name)),
    references: references.map((r) => String(r.ref)),
  };
}

async function postgresTable(query: Query, name: string): Promise<TableInfo> {
  const relation = `(quote_ident(current_schema()) || '.' || quote_ident($1))::regclass`;
  const columns = await query(
    `select column_name as name, data_type as type, is_nullable = 'NO' as not_null
     from information_schema.columns where table_schema = current_schema() and table_name = $1
     order by ordinal_position`,
    [name],
  );
  const key = await query(
    `select a.attname as name from pg_index i
     join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
     where i.indrelid = ${relation} and i.indisprimary
     order by array_position(i.indkey::int2[], a.attnum)`,
    [name],
  );
  const references = await query(
    `select distinct target.relname as ref from pg_constraint c join pg_class target on target.oid = c.confrelid
     where c.contype = 'f' and c.conrelid = ${relation}`,
    [name],
  );
  return {
    name,
    columns: columns.map((c) => ({
      name: String(c.name),
      type: String(c.type),
      notNull: c.not_null === true,
    })),
    primaryKey: key.map((k) => String(k.name)),
    references: references.map((r) => String(r.ref)),
  };
}

/**
 * The tables in an order where each comes after the tables it references (rows can be inserted in it with every
 * foreign key checked), by name among equals. A table referencing itself is not held back by it; a cycle between
 * tables cannot be ordered and is an error (the migrations make none).
 */
export function dependencyOrder(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const placed = new Set<string>();
  const order: TableInfo[] = [];
  const sorted = [...tables].sort((a, b) => a.name.localeCompare(b.name));
  while (order.length < tables.length) {
    const next = sorted.find(
      (table) =>
        !placed.has(table.name) &&
        table.references.every((ref) => ref === table.name || placed.has(ref) || !byName.has(ref)),
    );
    if (!next)
      throw new Error(
        `the tables ${sorted
          .filter((t) => !placed.has(t.name))
          .map((t) => t.name)
          .join(', ')} reference each other`,
      );
    placed.add(next.name);
    order.push(next);
  }
  return order;
}

/** Counts a table's rows. */
export async function countRows(query: Query, table: string): Promise<number> {
  const [row] = await query(`select count(*) as n from ${quoted(table)}`);
  return Number(row?.n ?? 0);
}

/**
 * Sets every sequence behind a PostgreSQL column (`serial`, identity) past the largest value restored into it, so that
 * the next row the server inserts does not take an id that is already there. SQLite keeps no such counter apart
 * (an AUTOINCREMENT table's counter follows the rows inserted).
 */
export async function resetSequences(query: Query): Promise<number> {
  const columns = await query(
    `select table_name, column_name from information_schema.columns
     where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`,
  );
  for (const { table_name, column_name } of columns) {
    const table = String(table_name);
    const column = String(column_name);
    await query(
      `select setval(pg_get_serial_sequence(quote_ident($1), $2),
                     greatest(coalesce((select max(${quoted(column)}) from ${quoted(table)}), 0) + 1, 1), false)`,
      [table, column],
    );
  }
  return columns.length;
}
