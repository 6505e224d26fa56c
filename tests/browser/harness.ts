/** What every browser test needs: a page in the shared Chromium that records errors. */
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';
import { inject } from 'vitest';

export const mainUrl = () => inject('mainUrl');
export const demoUrl = () => inject('demoUrl');

let browser: Browser | null = null;

export async function connect(): Promise<Browser> {
  browser ??= await chromium.connect(inject('wsEndpoint'));
  return browser;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught errors, console errors and CSP violations seen on the page. */
  errors: string[];
  close: () => Promise<void>;
}

export async function openPage(options: BrowserContextOptions = {}): Promise<TestPage> {
  const context = await (
    await connect()
  ).newContext({ viewport: { width: 1440, height: 900 }, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return { page, context, errors, close: () => context.close() };
}

/** Runs axe-core (from node_modules) in the page and returns violation summaries. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const fs = await import('node:fs');
  const source = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, so a strict page CSP does not block it.
  await page.evaluate(source);
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
