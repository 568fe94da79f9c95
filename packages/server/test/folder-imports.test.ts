/**
 * No folder of the server depends on another that depends back on it: `packages/server/src`'s import graph (type
 * imports included), collapsed to its folders — each file at the top of `src` counting as a folder of its own — has
 * no cycle. A loop like `tables/moves.ts` → `clocks/table-clocks.ts` → `tables/live.ts` made `tables` and `clocks`
 * one tangle that neither could be understood or tested without; this test names the folders of any such tangle and
 * a loop through them, with an import that makes each of its steps.
 *
 * The imports are read with the TypeScript compiler's own parser (`ts.preProcessFile`), which sees every form: static,
 * `import type`, `export … from` and `import()`.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every TypeScript file under `root`, relative to it, with `/` between folders. */
function sourceFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts') && !path.endsWith('.d.ts'))
    .map((path) => path.split(sep).join('/'));
}

/** The file (relative to `root`) a relative import names, or null for a package or a file outside `root`. */
function resolved(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = relative(root, resolve(root, dirname(from), specifier.replace(/\.js$/, '.ts')));
  return target.startsWith('..') ? null : target.split(sep).join('/');
}

/** The folder a file belongs to: its first folder under `src`, or the file itself at the top. */
function folderOf(file: string): string {
  const slash = file.indexOf('/');
  return slash < 0 ? file : file.slice(0, slash);
}

/** Between folders, one import that makes each dependency (for the message). */
type FolderGraph = Map<string, Map<string, string>>;

function folderGraph(root: string): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const file of sourceFiles(root)) {
    const from = folderOf(file);
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const target = resolved(root, file, fileName);
      if (target === null) continue;
      const to = folderOf(target);
      if (to !== from && !edges.has(to)) edges.set(to, `${file} imports ${target}`);
    }
  }
  return graph;
}

/**
 * The graph's cycles, one per strongly connected component of more than one folder (Tarjan's algorithm), each named
 * by a loop through it: "a → b (a/x.ts imports b/y.ts) → a (…)".
 */
function folderCycles(graph: FolderGraph): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component);
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components
    .map((component) => `${[...component].sort().join(', ')}: ${loopThrough(graph, component)}`)
    .sort();
}

/** A shortest loop from the component's first folder (by name) back to it, inside the component. */
function loopThrough(graph: FolderGraph, component: string[]): string {
  const start = [...component].sort()[0]!;
  const inside = new Set(component);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const path = [start];
        for (let at: string | undefined = node; at !== start && at !== undefined; at = cameFrom.get(at))
          path.unshift(at);
        path.unshift(start);
        return path
          .slice(1)
          .reduce((said, to, k) => `${said} → ${to} (${graph.get(path[k]!)!.get(to)!})`, `${start}`);
      }
      if (!cameFrom.has(next) && next !== start) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  throw new Error(`no loop through ${start}`);
}

describe('the server’s folders', () => {
  it('import one another without a loop', () => {
    expect(folderCycles(folderGraph(SRC))).toEqual([]);
  });

  it('finds and names a loop between folders, the files at the top of src counting as folders', () => {
    const root = mkdtempSync(join(tmpdir(), 'folder-loop-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(join(root, file), text);
      };
      write('tables/moves.ts', "import { clocksAt } from '../clocks/table-clocks.js';\n");
      write('tables/live.ts', 'export const live = 1;\n');
      write('clocks/table-clocks.ts', "import type { live } from '../tables/live.js';\n");
      write('db/migrations.ts', "export { key } from '../keys.js';\n");
      write('keys.ts', "export const key = import('./db/migrations.js');\n");
      write('ratings/queries.ts', "import { live } from '../tables/live.js';\n"); // one way only: no loop
      expect(folderCycles(folderGraph(root))).toEqual([
        'clocks, tables: clocks → tables (clocks/table-clocks.ts imports tables/live.ts) → clocks (tables/moves.ts imports clocks/table-clocks.ts)',
        'db, keys.ts: db → keys.ts (db/migrations.ts imports keys.ts) → db (keys.ts imports db/migrations.ts)',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
