/**
 * The web client's figures: `web.bundle.gzip`, the kB of gzipped JavaScript the first page loads (its entry script
 * and the modules it preloads), and `web.lobby.ms`, the time from navigation until the lobby is usable (the table
 * list shown and the "create a table" button enabled) for a signed-in guest in a fresh headless Chromium context —
 * the median of WEB_RUNS (default 7) runs against the real server.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FigureResult } from '../measure.js';
import { spawnServer } from '@skyline/testkit';

const DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The scripts the first page loads: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function firstPageScripts(html: string): string[] {
  const scripts = [...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => m[1] as string);
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)].map(
    (m) => m[1] as string,
  );
  return [...new Set([...scripts, ...preloads])];
}

export function bundleGzipKb(dist = DIST): { kb: number; files: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = firstPageScripts(html);
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length;
  return { kb: Math.round((bytes / 1024) * 10) / 10, files: files.length };
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export async function webFigures(runs: number): Promise<FigureResult[]> {
  if (!existsSync(join(DIST, 'index.html')))
    throw new Error(`web: no built client in ${DIST} (npm run build)`);
  const bundle = bundleGzipKb();
  const results: FigureResult[] = [
    {
      name: 'web.bundle.gzip',
      value: bundle.kb,
      unit: 'kB',
      runs: 1,
      min: bundle.kb,
      max: bundle.kb,
      files: bundle.files,
    },
  ];
  if (!existsSync(CHROMIUM)) {
    console.error(`web.lobby.ms: no Chromium at ${CHROMIUM} (apt-get install -y chromium)`);
    return results;
  }
  const { chromium } = await import('playwright-core');
  const dir = mkdtempSync(join(tmpdir(), 'skyline-bench-web-'));
  const { url, child } = await spawnServer({ DATABASE_PATH: join(dir, 'bench.db') });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const times: number[] = [];
    for (let run = 0; run <= runs; run++) {
      const context = await browser.newContext();
      // A signed-in guest (the session cookie), as someone coming back to the site.
      const session = await context.request.post(`${url}/api/session`, { data: { name: `bench${run}` } });
      if (!session.ok()) throw new Error(`web.lobby.ms: cannot sign in: ${session.status()}`);
      const page = await context.newPage();
      const start = Date.now();
      await page.goto(url);
      await page.locator('[data-testid="create-table"]:enabled').waitFor({ timeout: 30_000 });
      await page.locator('#tables-title').waitFor();
      if (run > 0) times.push(Date.now() - start); // run 0 warms the server up
      await context.close();
    }
    const value = median(times);
    results.push({
      name: 'web.lobby.ms',
      value,
      unit: 'ms',
      runs: times.length,
      min: Math.min(...times),
      max: Math.max(...times),
    });
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
