/**
 * The `browser` project's global setup (the root vitest.config.ts), for the whole run: one Chromium, reached by every
 * test file through its endpoint (`inject('chromium')`, `chromium.connect`), each file in browser contexts of its
 * own; and the server's code, loaded once here, where each file gets a server of its own on a fresh database
 * (`inject('servers')`, servers.ts). A file used to launch its own Chromium and load the server's code itself,
 * seconds each. Without Chromium (the browser tests are then skipped, see the README) no Chromium is started.
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { serviceLocation } from '@skyline/testkit';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import type {} from './context.js';
import { startServersHarness } from './servers.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executablePath = serviceLocation('chromium');
  const here = await access(executablePath, constants.X_OK).then(
    () => true,
    () => false,
  );
  let browser: BrowserServer | null = null;
  if (here)
    browser = await chromium.launchServer({
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
  const servers = await startServersHarness();
  project.provide('chromium', browser?.wsEndpoint() ?? null);
  project.provide('servers', servers.url);
  return async () => {
    await servers.close();
    await browser?.close();
  };
}
