/** What the browser project's global setup (global-setup.ts) hands to its test files, typed for `inject`. */
declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's Chromium, to `chromium.connect` to; null where there is no Chromium (the tests are skipped). */
    chromium: string | null;
    /** The harness that starts a server for each test file (servers.ts). */
    servers: string;
  }
}

export {};
