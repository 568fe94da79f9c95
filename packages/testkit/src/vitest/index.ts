/**
 * For test files: whether the services their tests need are here (for `describe.skipIf(lacking(…))`), and where
 * they are. The global setup looked for them once for the whole run (see the root vitest.config.ts).
 */
import { TestRunner, inject } from 'vitest';
import type { ServiceName } from '../services.js';
import type {} from './context.js';

/**
 * True when any of `services` is missing here. Call it where the tests are declared (the top level of a test
 * file, or a module it imports): it notes on the file what is missing, so that the run ends with a line saying
 * which tests were skipped and what they need.
 */
export function lacking(...services: ServiceName[]): boolean {
  const checks = inject('services');
  const missing = services.map((name) => checks[name]).filter((check) => check.missing !== null);
  if (missing.length > 0) {
    const noted = (TestRunner.getCurrentSuite().file.meta.lacking ??= []);
    for (const { need, missing: why } of missing)
      if (!noted.some((each) => each.need === need)) noted.push({ need, missing: why });
  }
  return missing.length > 0;
}

/** Where the tests use `service`: a URL, or the path of an executable (its setting, or the usual place). */
export function locationOf(service: ServiceName): string {
  return inject('services')[service].location;
}
