/** Reading and rewriting backup files in tests: to look inside one, and to make damaged ones. */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { BackupHeader } from '../src/backup/format.js';

/** The file's lines (without their newlines). */
export function linesOf(file: string): string[] {
  return gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');
}

export function headerOf(file: string): BackupHeader {
  return JSON.parse(linesOf(file)[0]!) as BackupHeader;
}

/**
 * Writes to `to` the backup `from` with its lines changed by `change` (the trailer is the last line); with `reseal`,
 * the trailer is made again for the changed lines (rows counted, checksum), as a forger would.
 */
export function rewritten(
  from: string,
  to: string,
  change: (lines: string[]) => string[],
  reseal = true,
): string {
  let lines = change(linesOf(from));
  if (reseal) {
    lines = lines.slice(0, -1);
    const text = lines.map((line) => `${line}\n`).join('');
    const sha256 = createHash('sha256').update(text).digest('hex');
    lines.push(JSON.stringify({ end: { rows: lines.length - 1, sha256 } }));
  }
  writeFileSync(to, gzipSync(lines.map((line) => `${line}\n`).join('')));
  return to;
}

/** The header line changed by `change`. */
export function withHeader(change: (header: BackupHeader) => void) {
  return (lines: string[]): string[] => {
    const header = JSON.parse(lines[0]!) as BackupHeader;
    change(header);
    return [JSON.stringify(header), ...lines.slice(1)];
  };
}

/** The index of the first line of `table`'s rows. */
export function firstRowOf(lines: string[], table: string): number {
  const header = JSON.parse(lines[0]!) as BackupHeader;
  let line = 1;
  for (const t of header.tables) {
    if (t.name === table) return line;
    line += t.rows;
  }
  throw new Error(`no table ${table}`);
}

/** A change that writes the first row of `table` twice, its count in the header raised to match (a repeated key). */
export function repeatedRow(table: string) {
  return (lines: string[]): string[] => {
    const k = firstRowOf(lines, table);
    const header = JSON.parse(lines[0]!) as BackupHeader;
    header.tables.find((t) => t.name === table)!.rows++;
    return [JSON.stringify(header), ...lines.slice(1, k + 1), lines[k]!, ...lines.slice(k + 1)];
  };
}
