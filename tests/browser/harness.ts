/** What every browser test needs: a page in its worker's Chromium that records errors. */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type Response,
} from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { CHROMIUM_ARGS, testBrowserPath } from './chromium.ts';
import type { DatabaseTarget } from './global-setup.ts';

let current: DatabaseTarget | null = null;

/** The server under test: the one of the database being run (`eachDatabase`), else PGlite's. */
export const mainUrl = () => current?.url ?? inject('mainUrl');
/** The staff accounts of the server under test. */
export const database = (): DatabaseTarget => current ?? inject('databases')[0];

export interface DatabaseRun {
  name: DatabaseTarget['name'];
  /**
   * `it` on the embedded database only. PostgreSQL runs a representative subset of the staff
   * screens' tests (each screen and each call to the database it makes, not every UI detail
   * again), which keeps the second run to about half a minute.
   */
  embeddedOnly: (name: string, fn: () => Promise<void>) => void;
}

/**
 * Declares `body`'s tests once per database, each run against its own server: `describe`
 * "title (PGlite)" then "title (PostgreSQL 15)". Helpers reading `mainUrl()` and `database()`
 * follow; declare per-test data in `beforeAll` inside `body`. Under SPARTAN_SKIP_POSTGRES=1,
 * the PostgreSQL block is declared and skipped, so every test in it is reported skipped by name.
 * With `mfaRequired`, the servers are those with STAFF_MFA=required (`mfaDatabases`).
 */
export function eachDatabase(
  title: string,
  body: (db: DatabaseRun) => void,
  options: { mfaRequired?: boolean } = {},
): void {
  const [embedded, postgres] = inject(options.mfaRequired ? 'mfaDatabases' : 'databases');
  const runs: Array<[DatabaseTarget['name'], DatabaseTarget | null]> = [
    [embedded.name, embedded],
    ['PostgreSQL 15', postgres],
  ];
  for (const [name, target] of runs) {
    if (!target) {
      // The default reporter counts skipped tests without naming them: name the block here.
      console.warn(`!! SPARTAN_SKIP_POSTGRES=1: skipped, not run on PostgreSQL: "${title}"`);
    }
    describe.skipIf(!target)(`${title} (${name})`, () => {
      beforeAll(() => {
        current = target;
      });
      afterAll(() => {
        current = null;
      });
      body({ name, embeddedOnly: name === 'PGlite' ? it : () => {} });
    });
  }
}
export const demoUrl = () => inject('demoUrl');

let browser: Promise<Browser> | null = null;

/**
 * This worker's Chromium, launched by its first test and shared by the files that run in it
 * after (vitest.browser.config.ts: isolate off); it ends with the worker's process.
 *
 * A Chromium of each worker's own, not one launched for all and reached through playwright's
 * browser server: every protocol message then went through that server, in the main vitest
 * process, as JSON over a WebSocket both ways (playwright took 11 of that process's 39 busy
 * seconds in a profile of three staff files). Launched here, playwright's server runs in this
 * process, with no socket between. Four files (74 tests), alternated twice on a quiet machine:
 * 175 and 186 machine CPU-s through the one shared browser, 168 and 178 so; the whole browser
 * lane, alternated twice: 485 and 594 before, 525 and 505 after (this machine's spread is wider
 * than the saving).
 */
function workerBrowser(): Promise<Browser> {
  browser ??= chromium.launch({
    executablePath: testBrowserPath(),
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return browser;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors, console errors and CSP violations seen on the page. */
  errors: string[];
  close: () => Promise<void>;
}

/**
 * A page in a context of its own. Pages ask for reduced motion unless a test says otherwise
 * (`reducedMotion: 'no-preference'`, as the tests of the ticker, the hero, the counter and the
 * explainers' autoplay do): the banner's ticker is on every route, and in this headless Chromium,
 * which composites in software, a running animation keeps the browser drawing frames, about 0.15
 * CPU-s for each second a site page stays open (none under reduced motion). The browser tests,
 * one run after the other on a quiet machine: 1,321 CPU-s (694 s) with motion everywhere, 1,049
 * (564 s) so. A pair of whole `npm test` runs, where both lanes share the cores, showed no such
 * saving (1,949 CPU-s before, 2,058 after): measure the suite's speed on interleaved full runs.
 */
export async function openPage(options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await (
    await workerBrowser()
  ).newContext({
    viewport: { width: 1440, height: 900 },
    reducedMotion: 'reduce',
    ...options,
  });
  // Playwright's 30 s for each wait is a limit against a hang, not a speed check, and on a busy
  // machine a password step (argon2id and the strength estimate run on low-priority threads)
  // passed it: 90 s, inside the test's own limit of 180 s.
  context.setDefaultTimeout(90_000);
  const tab = await openTab(context);
  return { ...tab, close: () => context.close() };
}

/**
 * A page of its own in an existing context (a tab beside others, which tests running
 * side by side use), recording errors as `openPage` does; `close` closes only the tab.
 */
export async function openTab(context: BrowserContext): Promise<TestPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { page, context, errors, close: () => page.close() };
}

/**
 * Matches the site's document once its code has hydrated the page and run its first effects
 * (site/App.tsx marks `<html data-hydrated>` then).
 */
export const HYDRATED = 'html[data-hydrated]';

/**
 * Opens a page of the site and waits for HYDRATED. Before then a prerendered form takes typing
 * that its state never learns of, and a prerendered control ignores focus and clicks.
 */
export async function gotoHydrated(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await page.locator(HYDRATED).waitFor({ state: 'attached' });
  return response;
}

/**
 * Opens the staff login for `next`, ready for typing: the form is prerendered, and a click
 * before the page's code has hydrated it would submit it natively (a new page, no login).
 */
export async function openLogin(page: Page, next: string): Promise<void> {
  await gotoHydrated(page, `${mainUrl()}/security-login?next=${encodeURIComponent(next)}`);
}

/**
 * Where focus is: the focused element's tag and text, and the page's path. Polled in place of a
 * yes/no check where a failure should say what took focus instead.
 */
export const focusOf = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const el = document.activeElement;
    const text = (el?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    return `${el?.tagName ?? 'nothing'} "${text}" at ${location.pathname}${location.search}`;
  });

let axeSource: string | null = null;

/** Runs axe-core (from node_modules) in the page and returns violation summaries. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  if (axeSource === null) {
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    const fs = await import('node:fs');
    axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  }
  // Evaluated through the DevTools protocol, so a strict page CSP does not block it; once per
  // document (a page that has it, not reloaded since, keeps it).
  const loaded = await page.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (ctx: unknown) => Promise<{
            violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(selector ? { include: [selector] } : document);
    return result.violations.map(
      (v) => `${v.id}: ${v.help} @ ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
  }, include ?? null);
}
