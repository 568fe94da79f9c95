/**
 * Vitest's global setup (see the root vitest.config.ts): looks once for the services some tests need and hands
 * the answer to every test file (`inject('services')`, read through `lacking`). With SKYLINE_REQUIRE_ALL=1 (as CI
 * sets it) a missing service stops the run instead of skipping the tests that need it.
 */
import type { TestProject } from 'vitest/node';
import { SERVICE_NAMES, checkServices } from '../services.js';
import type {} from './context.js';

export default async function setup(project: TestProject): Promise<void> {
  const services = await checkServices();
  const missing = SERVICE_NAMES.map((name) => services[name]).filter((service) => service.missing !== null);
  if (process.env.SKYLINE_REQUIRE_ALL === '1' && missing.length > 0) {
    throw new Error(
      'SKYLINE_REQUIRE_ALL=1 asks for every test to run, but some of them need what is not here:\n' +
        missing.map((service) => `  - ${service.need}: ${service.missing}`).join('\n') +
        '\nStart it or point its variable at one (see docs/testing.md), or unset SKYLINE_REQUIRE_ALL to skip those tests.',
    );
  }
  project.provide('services', services);
}
