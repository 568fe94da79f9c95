/** What passes between the global setup, the test files and the reporter, typed for `inject` and task metadata. */
import type { ServiceCheck, ServiceChecks } from '../services.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** What the global setup found of each service. */
    services: ServiceChecks;
  }
}

// Where vitest's TaskMeta is declared (vitest re-exports it; an augmentation of the re-export does not reach it).
declare module '@vitest/runner' {
  interface TaskMeta {
    /** The services a test file's skipped tests need and cannot have here (for the run's summary). */
    lacking?: Pick<ServiceCheck, 'need' | 'missing'>[];
  }
}
