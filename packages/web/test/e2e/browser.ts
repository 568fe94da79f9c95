/**
 * End-to-end helpers: the real server (built client included) on an ephemeral port with a fresh database, and
 * Debian's Chromium driven by playwright-core. Both are the run's (global-setup.ts): one Chromium that each file
 * connects to, and the server's code loaded once in the run's main process, where each file gets a server of its own
 * (servers.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startMailbox, type Mailbox } from '@skyline/testkit/mailbox';
import { lacking, locationOf } from '@skyline/testkit/vitest';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { User } from '../../../server/src/auth.js';
import type {} from './context.js';
import type { RatedGames } from './rated-games.js';

/** Debian's Chromium, or CHROMIUM_PATH; the browser tests are skipped (with a word at the end) without it. */
export const CHROMIUM = locationOf('chromium');
export const HAVE_CHROMIUM = !lacking('chromium');
export const RESULTS = join(import.meta.dirname, '../../../../test-results');

export interface E2e {
  /** This file's server. */
  url: string;
  /** This file's connection to the run's Chromium. */
  browser: Browser;
  /** Cuts every connection this file's server has, as a network drop would. */
  dropConnections(): Promise<void>;
  /**
   * Plays one game of `game` (rated unless `options` say not) straight into the server's database between these seats
   * (a person, or a bot level) at a table `host` creates (and leaves, when the first seat is not theirs), to its end or
   * to the position `options.until` picks; returns the table's id (rated-games.ts, run in the file's worker on a
   * connection of its own, opened on first use).
   */
  ratedGames: RatedGames;
  /** Plays `player`'s openings in the tournament until it is over; returns how many (openings.ts). */
  playOpenings(player: User, tournamentId: string): Promise<number>;
  /** The SMTP server this file's server sends e-mail to (`e2eForFile({ mail: true })`), else null. */
  mailbox: Mailbox | null;
  /** The names of the players in the server's "Play now" queue (waiting or matched), read from its database. */
  queued(): Promise<string[]>;
  /** Gives a registered player a role on this file's server (as `skyline admin grant`). */
  grant(name: string, role: 'player' | 'moderator' | 'admin'): Promise<void>;
  close(): Promise<void>;
}

/**
 * What a file asks of its server: e-mail (an SMTP server for it), clocks that run `timeSpeed` times faster, bots that
 * wait `botDelayMs` before each move, `/claim` after opponents are away `claimAfterMs`.
 */
interface E2eOptions {
  mail?: boolean;
  timeSpeed?: number;
  botDelayMs?: number;
  claimAfterMs?: number;
}

async function startE2e(options: E2eOptions = {}): Promise<E2e> {
  const endpoint = inject('chromium');
  if (endpoint === null)
    throw new Error(`no Chromium at ${CHROMIUM}: the browser tests should have been skipped`);
  const servers = inject('servers');
  const ask = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${servers}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  // A real SMTP server in this file's worker, which the file's server sends to: the test reads what it received.
  const mailbox = options.mail ? await startMailbox() : null;
  const { id, url, databasePath } = await ask<{ id: string; url: string; databasePath: string }>(
    'POST',
    '/servers',
    {
      ...(mailbox ? { smtpUrl: mailbox.url } : {}),
      ...(options.timeSpeed ? { timeSpeed: options.timeSpeed } : {}),
      ...(options.botDelayMs ? { botDelayMs: options.botDelayMs } : {}),
      ...(options.claimAfterMs ? { claimAfterMs: options.claimAfterMs } : {}),
    },
  );
  let rated: Promise<{ games: RatedGames; close(): Promise<void> }> | null = null;
  const openRated = async () => {
    const [{ openStore }, { ratedGames }] = await Promise.all([
      import('@skyline/server'),
      import('./rated-games.js'),
    ]);
    const store = await openStore({ databasePath, databaseUrl: null });
    return { games: ratedGames(store.db), close: () => store.db.destroy() };
  };
  // The file's own connection: closing it closes the contexts the file made, not the run's Chromium.
  const browser = await chromium.connect(endpoint);
  mkdirSync(RESULTS, { recursive: true });
  return {
    url,
    browser,
    async dropConnections() {
      await ask('POST', `/servers/${id}/drop-connections`);
    },
    ratedGames: {
      async play(game, host, seats, seed, options) {
        rated ??= openRated();
        return (await rated).games.play(game, host, seats, seed, options);
      },
    },
    async playOpenings(player, tournamentId) {
      return (await ask<{ played: number }>('POST', `/servers/${id}/openings`, { player, tournamentId }))
        .played;
    },
    mailbox,
    async queued() {
      const { openStore } = await import('@skyline/server');
      const store = await openStore({ databasePath, databaseUrl: null });
      try {
        const rows = await store.db.selectFrom('play_queue').select('name').execute();
        return rows.map((row) => row.name);
      } finally {
        await store.db.destroy();
      }
    },
    async grant(name, role) {
      await ask('POST', `/servers/${id}/role`, { name, role });
    },
    async close() {
      await browser.close();
      if (rated) await (await rated).close();
      await ask('DELETE', `/servers/${id}`);
      await mailbox?.close();
    },
  };
}

/**
 * The server and browser for the tests of one file: started before them, closed after; call inside `describe`. With
 * `mail`, the server sends e-mail to an SMTP server started for the file (`E2e.mailbox`); with `timeSpeed`, its clocks
 * run that many times faster than real time (the pages still count the seconds shown in real time).
 */
export function e2eForFile(options: E2eOptions = {}): () => E2e {
  let e2e: E2e | undefined;
  beforeAll(async () => {
    // The files of a worker share this module (the browser project does not isolate them): each counts its own.
    cspViolations.length = 0;
    e2e = await startE2e(options);
  }, 30_000);
  afterAll(async () => {
    await e2e?.close();
    // The client runs under the server's Content-Security-Policy (SECURITY.md): nothing it does may break it.
    expect(cspViolations).toEqual([]);
  });
  return () => {
    if (!e2e) throw new Error('the e2e server has not started');
    return e2e;
  };
}

/**
 * The pages act in turn (`act` once each per pass, a short pause when none could) until `done` holds or `ms` have
 * passed; returns how many acts were made. The caller then waits for what `done` checks, which says what was missing.
 */
export async function actUntil(
  pages: Page[],
  act: (page: Page) => Promise<boolean>,
  done: () => Promise<boolean>,
  ms: number,
): Promise<number> {
  const deadline = Date.now() + ms;
  let acts = 0;
  while (Date.now() < deadline && !(await done())) {
    let acted = false;
    for (const page of pages) {
      if (await act(page)) {
        acted = true;
        acts++;
      }
    }
    if (!acted) await (pages[0] as Page).waitForTimeout(50);
  }
  return acts;
}

/** The pages act in turn until every one shows the final scores (within 90 s); returns how many moves were made. */
export async function playToEnd(pages: Page[], act: (page: Page) => Promise<boolean>): Promise<number> {
  const ended = async () =>
    (await Promise.all(pages.map((page) => page.getByTestId('end-screen').count()))).every((n) => n > 0);
  const moves = await actUntil(pages, act, ended, 90_000);
  for (const page of pages) await page.getByTestId('end-screen').waitFor({ timeout: 1000 });
  return moves;
}

/** What the pages of the file running in this worker logged about the Content-Security-Policy (each a violation). */
const cspViolations: string[] = [];

/** A new browser context (its own cookies: another person) signed in as a guest, on the lobby. */
export async function guest(
  e2e: E2e,
  name: string,
  /** The window (a phone: `{ viewport, hasTouch: true, isMobile: true }`) and the language. */
  device: BrowserContextOptions = {},
  /**
   * Whether moves wait for a confirmation (the players' setting is on by default: confirm-moves.ts). The harness's
   * guests have it off, so that the tests that click moves send them; only the confirmation's own test turns it on.
   */
  { confirmMoves = false }: { confirmMoves?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext({
    viewport: { width: 1100, height: 900 },
    locale: 'en-US',
    ...device,
  });
  // Set before the page's first script, and only when unset: a choice made on the settings page later stays.
  await context.addInitScript((on) => {
    if (localStorage.getItem('skyline.confirmMoves') === null)
      localStorage.setItem('skyline.confirmMoves', on ? 'on' : 'off');
  }, confirmMoves);
  // A violation the page's code caught (zod probing `new Function`) logs nothing by itself: the event tells it.
  await context.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(`Content-Security-Policy violated: ${event.violatedDirective} (${event.blockedURI})`),
    ),
  );
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  page.setDefaultTimeout(10_000);
  await page.goto(e2e.url);
  await page.getByTestId('guest-name').fill(name);
  await page.getByTestId('guest-play').click();
  await page.getByTestId('create-table').waitFor();
  return { context, page };
}

/** The user signed in on `page`, as the server knows them (its `/api/me`). */
export async function signedInUser(page: Page): Promise<User> {
  return (await page.evaluate(async () => (await (await fetch('/api/me')).json()) as { user: User })).user;
}

/** Keeps the signed-in guest's name with a password, through "My games" (the hash takes a while: scrypt, N = 2^17). */
export async function keepName(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'My games' }).click();
  await page.getByLabel('Password').fill('a long enough password');
  const save = page.getByRole('button', { name: 'Save my name' });
  await save.click();
  // A registered player is not offered to keep a name: the form goes, and the page says the name is kept.
  await save.waitFor({ state: 'detached', timeout: 60_000 });
  await page
    .getByRole('status')
    .getByText(/^Your name is saved/)
    .waitFor();
}

/**
 * Two guests at a new 2-seat table of `game`: ann creates it, bob opens it and sits down, ann starts it with the
 * chat command. Resolves once both pages show the started game.
 */
export async function startTwoSeatGame(
  e2e: E2e,
  game: string,
  /** Guest names are taken for good on a server: tests sharing one pick their own. */
  names: [string, string] = ['ann', 'bob'],
  /** The first guest's device (the second's is a desktop). */
  device: BrowserContextOptions = {},
): Promise<{ ann: { context: BrowserContext; page: Page }; bob: { context: BrowserContext; page: Page } }> {
  const ann = await guest(e2e, names[0], device);
  const bob = await guest(e2e, names[1]);
  await ann.page.getByTestId('create-game').selectOption(game);
  await ann.page.getByTestId('create-table').click();
  await ann.page.waitForURL(/\/t\/[a-z0-9]+$/);
  await bob.page.goto(ann.page.url());
  await bob.page.getByRole('button', { name: 'Sit here' }).click();
  await ann.page.getByTestId('seat-1').getByText(names[1]).waitFor();
  await sayAtTable(ann.page, '/start');
  return { ann, bob };
}

/** A phone: 390×844, a touch screen, a mobile browser (its viewport meta honoured). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  isMobile: true,
} satisfies BrowserContextOptions;

/** A laptop's window, as most desktop tests see the pages; and the two devices most tests use, in their language. */
export const LAPTOP = { viewport: { width: 1280, height: 800 } } satisfies BrowserContextOptions;
export const LAPTOP_EN = { ...LAPTOP, locale: 'en-US' } satisfies BrowserContextOptions;
export const PHONE_FR = { ...PHONE, locale: 'fr-FR' } satisfies BrowserContextOptions;

/**
 * A page of its own (a fresh browser context, nothing shared with another test's) on `device`, opened at `path` of the
 * file's server; `timeout`: the page's default wait, where the test wants one shorter or longer than Playwright's.
 */
export async function openPage(
  e2e: E2e,
  device: BrowserContextOptions,
  path = '',
  timeout?: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext(device);
  const page = await context.newPage();
  if (timeout !== undefined) page.setDefaultTimeout(timeout);
  await page.goto(`${e2e.url}${path}`);
  return { context, page };
}

/** How wide the page is, or (when it is wider than `screen`) how wide, and the innermost elements that stick out. */
export function pageWidth(page: Page, screen: number): Promise<number | string> {
  return page.evaluate((screen) => {
    const width = document.documentElement.scrollWidth;
    if (width <= screen) return width;
    const out = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > screen + 0.5)
      .filter((el) => ![...el.children].some((child) => child.getBoundingClientRect().right > screen + 0.5))
      .slice(0, 12)
      .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`);
    return `${width}: ${out.join(' ')}`;
  }, screen);
}

/**
 * The boxes that scroll sideways inside the page (a table wider than its box: its last columns hidden until the
 * player thinks of swiping it), named by tag, class and label; empty when everything shows whole.
 */
export function hiddenSideways(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => ['auto', 'scroll', 'hidden'].includes(getComputedStyle(el).overflowX))
      // (A name cut with an ellipsis on purpose says it is cut, and is whole elsewhere: not hidden.)
      .filter((el) => getComputedStyle(el).textOverflow !== 'ellipsis')
      // (Text for screen readers only sits in a 1-px box on purpose.)
      .filter((el) => el.clientWidth > 1 && el.scrollWidth > el.clientWidth + 1)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}[${el.getAttribute('aria-label') ?? ''}]: ${el.scrollWidth} in ${el.clientWidth}`,
      ),
  );
}

/** Adds a bot at the table the page shows (the button pressed by `press`), and waits until it sits at `seat`. */
export async function addBot(
  page: Page,
  seat: number,
  press: (button: Locator) => Promise<void> = (button) => button.click(),
): Promise<void> {
  await press(page.getByTestId('add-bot'));
  await page
    .getByTestId(`seat-${seat}`)
    .getByText(/^bot · /)
    .waitFor();
}

/** Creates a table from the lobby the page shows (its form as it is), and seats a bot at seat 1. */
export async function tableWithBot(page: Page): Promise<void> {
  await page.getByTestId('create-table').click();
  await page.waitForURL(/\/t\/[a-z0-9]+$/);
  await addBot(page, 1);
}

/**
 * One guest on a phone (by default) creates a table of `game` with `seats` seats, fills the other seats with bots of
 * `level` and starts the game, every button tapped (the selects chosen as a phone's picker would). Resolves once the
 * board is there.
 */
export async function startAgainstBots(
  e2e: E2e,
  name: string,
  game: string,
  {
    seats = 2,
    level = 'greedy',
    device = PHONE,
    confirmMoves = false,
  }: {
    seats?: number;
    level?: string;
    device?: BrowserContextOptions;
    /** Whether the player's moves wait for a confirmation (on by default for a real player; see `guest`). */
    confirmMoves?: boolean;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const me = await guest(e2e, name, device, { confirmMoves });
  const { page } = me;
  const tap = (locator: ReturnType<Page['getByTestId']>) =>
    device.hasTouch ? locator.tap() : locator.click();
  await page.getByTestId('create-game').selectOption(game);
  if (seats !== 2) await page.getByTestId('create-players').selectOption(String(seats));
  await tap(page.getByTestId('create-table'));
  await page.waitForURL(/\/t\/[a-z0-9]+$/);
  await page.getByLabel('Bot level').selectOption(level);
  for (let seat = 1; seat < seats; seat++) await addBot(page, seat, tap);
  await tap(page.getByTestId('start'));
  await page.getByTestId('board-wrap').waitFor();
  return me;
}

/**
 * Checks that `held` stays at the foot of the screen while the top of `board` is in sight (a phone's controls held
 * under a map taller than the screen, not a scroll away below it), and saves what the screen shows as `name`.png.
 */
export async function expectHeldAtFoot(
  page: Page,
  board: Locator,
  held: Locator,
  name: string,
): Promise<void> {
  await board.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const height = page.viewportSize()!.height;
  const box = await held.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y + box!.height).toBeLessThanOrEqual(height + 1);
  expect(box!.y).toBeGreaterThan(height / 2);
  await page.screenshot({ path: join(RESULTS, `${name}.png`) });
}

export async function shot(page: Page, name: string): Promise<void> {
  // A full page's PNG takes seconds on a loaded machine: more than Playwright's default 10 s was seen.
  await page.screenshot({ path: join(RESULTS, `${name}.png`), fullPage: true, timeout: 30_000 });
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core (WCAG 2 A and AA rules) on the page as it is now, writes its findings to
 * `test-results/axe-NAME.json`, and fails on any serious or critical violation (saying which, and where).
 */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  // Evaluated through the devtools protocol: an inline script tag would be (rightly) refused by the page's CSP.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<unknown> } })
      .axe;
    const results = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes
        .slice(0, 5)
        .map((node) => ({ target: node.target, failureSummary: node.failureSummary })),
    }));
  });
  writeFileSync(join(RESULTS, `axe-${name}.json`), JSON.stringify(violations, null, 2));
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(' ')}`,
    ),
  ).toEqual([]);
}

/** Says something (or a slash command) in the table chat. */
export async function sayAtTable(page: Page, text: string): Promise<void> {
  const chat = page.getByTestId('table-chat');
  await chat.getByRole('textbox').fill(text);
  await chat.locator('form').getByRole('button').click();
}

/** A small seeded random generator, so that a test run plays the same choices each time. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}
