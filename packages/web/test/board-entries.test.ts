/**
 * The boards read their rules through light entry points (`@skyline/<game>/board`), so that what the browser
 * downloads with a board holds neither the engine (and zod with it) nor the rules of play. Walks each entry's imports
 * in the sources, leaving out the type-only ones (the build erases them).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const GAMES = join(import.meta.dirname, '../../games');

/** Every module an entry loads: our files by path (from the game's folder), packages by name. */
function loads(entry: string): Set<string> {
  const seen = new Set<string>();
  const files = [entry];
  for (let file = files.pop(); file !== undefined; file = files.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.ts')) continue;
    const statements = readFileSync(file, 'utf8').matchAll(
      /^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm,
    );
    for (const [, specifier] of statements) {
      if (!specifier!.startsWith('.')) seen.add(specifier!);
      else files.push(resolve(dirname(file), specifier!.replace(/\.js$/, '.ts')));
    }
  }
  return new Set([...seen].map((module) => module.replace(`${GAMES}/`, '')));
}

describe("the boards' entry points into their rules", () => {
  for (const game of ['nyny', 'manhattan'])
    it(`@skyline/${game}/board loads neither the engine nor the rules of play`, () => {
      const entry = join(GAMES, game, 'src/board.ts');
      expect(existsSync(entry)).toBe(true);
      const modules = [...loads(entry)];
      expect(modules.filter((module) => module.startsWith('@skyline/'))).toEqual([]);
      for (const heavy of ['index', 'rules', 'views'])
        expect(modules).not.toContain(`${game}/src/${heavy}.ts`);
      // The walk does see them where they are: the package's main entry.
      const main = loads(join(GAMES, game, 'src/index.ts'));
      expect(main).toContain('@skyline/engine');
      expect(main).toContain(`${game}/src/rules.ts`);
    });
});
