/**
 * A reporter (after vitest's own, see the root vitest.config.ts) that ends the run with one line per group of
 * test files whose tests were skipped for want of a service: how many tests, which files, what they need and why
 * it is not there.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import type {} from './context.js';

export default class SkipSummary implements Reporter {
  private root = process.cwd();
  private log: (line: string) => void = (line) => console.log(line);

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
    this.log = (line) => vitest.logger.log(line);
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    // Files missing the same services make one group.
    const groups = new Map<string, { files: string[]; skipped: number }>();
    for (const module of testModules) {
      const lacking = module.meta().lacking ?? [];
      const skipped = [...module.children.allTests('skipped')].length;
      if (lacking.length === 0 || skipped === 0) continue;
      const needs = lacking.map(({ need, missing }) => `${need}: ${missing}`).join('; ');
      const group = groups.get(needs) ?? { files: [], skipped: 0 };
      group.files.push(relative(this.root, module.moduleId));
      group.skipped += skipped;
      groups.set(needs, group);
    }
    for (const [needs, { files, skipped }] of groups)
      this.log(
        `Skipped ${skipped === 1 ? '1 test' : `${skipped} tests`} (${files.sort().join(', ')}): ${skipped === 1 ? 'it needs' : 'they need'} ${needs}`,
      );
  }
}
