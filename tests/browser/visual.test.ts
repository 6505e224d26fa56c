/**
 * What a visitor sees, checked through computed layout rather than pixels: parts that load
 * late (the letter popup) arrive with their styles, opening the popup does
 * not move the page, and no route is wider than the viewport from 320 to 1440 px.
 * One page per route; widths are changed by resizing, not reloading.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mainUrl, openPage, type TestPage } from './harness.ts';

const ROUTES = [
  '/',
  '/explainers',
  '/innovation-hubs',
  '/founders',
  '/spartan-emp-benefits',
  '/join-spartan',
  '/employee-login',
  '/employee-forgot-pass',
  '/employee-forgot-spartan-id',
  '/employee-one-time-pass',
  '/employee-reset-pass',
  '/investors',
  '/accredited-investor',
  '/investor-benefits',
  '/investment-model',
  '/solon300',
  '/our-philosophy',
  '/our-purpose',
  '/faq',
  '/contact-us',
  '/coming-soon',
  '/spartan-wealth-fund',
  '/mission-statement',
  '/clear-statement',
  '/white-paper',
  '/open-letter',
  '/apply-spartan',
  '/apply-spartan-success',
  '/invest-apply',
  '/success-invest',
];

const WIDTHS = [320, 375, 768, 1024, 1280, 1366, 1440];

/** Elements whose right edge passes the viewport, described for a readable failure. */
function overflowing(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    if (document.documentElement.scrollWidth > width)
      wide.push(`page scrolls to ${document.documentElement.scrollWidth}px`);
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // A part inside a scroll container or a clipped box does not widen the page.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' && p.getBoundingClientRect().right <= width + 1) {
          clipped = true;
          break;
        }
      }
      if (!clipped) wide.push(`${el.tagName.toLowerCase()}.${el.className} → ${box.right}px`);
    }
    return wide.slice(0, 5);
  });
}

let t: TestPage;
beforeAll(async () => {
  t = await openPage();
});
afterAll(async () => {
  await t.close();
});

describe('late-loaded parts keep their styles', () => {
  it.each(['/', '/faq', '/apply-spartan'])(
    'on %s the letter popup is a positioned grid, and opening it moves nothing',
    async (path) => {
      await t.page.setViewportSize({ width: 1440, height: 900 });
      await t.page.goto(mainUrl() + path, { waitUntil: 'networkidle' });
      const banner = t.page.locator('.spartan-banner').first();
      const before = await banner.boundingBox();
      const main = await t.page.locator('main').boundingBox();
      await t.page.getByRole('combobox', { name: 'Highlight states by letter' }).click();
      const list = t.page.getByRole('listbox', { name: 'Letter' });
      await list.waitFor();
      const style = await list.evaluate((el) => {
        const s = getComputedStyle(el);
        return { position: s.position, listStyle: s.listStyleType, display: s.display };
      });
      expect(style).toEqual({ position: 'absolute', listStyle: 'none', display: 'grid' });
      expect((await banner.boundingBox())?.height).toBe(before?.height);
      expect((await t.page.locator('main').boundingBox())?.y).toBe(main?.y);
    },
  );
});

describe('no route is wider than the viewport', () => {
  it.each(ROUTES)('%s from 320 to 1440 px', async (path) => {
    await t.page.setViewportSize({ width: 1440, height: 900 });
    await t.page.goto(mainUrl() + path, { waitUntil: 'networkidle' });
    for (const width of WIDTHS) {
      await t.page.setViewportSize({ width, height: 900 });
      await expect
        .poll(async () => ({ width, wide: await overflowing(t.page) }))
        .toEqual({ width, wide: [] });
    }
  });
});

describe('visitor paths', () => {
  it('Go Home on a bad URL opened directly stays on the site and lands on /', async () => {
    await t.page.goto('about:blank');
    await t.page.goto(`${mainUrl()}/no-such-page`, { waitUntil: 'networkidle' });
    await t.page.getByRole('button', { name: 'Go Home' }).click();
    await t.page.waitForURL(`${mainUrl()}/`);
    await expect.poll(() => t.page.locator('h1').first().textContent()).toContain('Spartans');
  });

  it('a success page shows the dash for an id that is not of the issued form', async () => {
    await t.page.goto(`${mainUrl()}/apply-spartan-success?id=hello%20world`, {
      waitUntil: 'networkidle',
    });
    await expect
      .poll(() => t.page.getByRole('button', { name: /Application ID Number/ }).textContent())
      .toContain('-');
    expect(await t.page.locator('body').innerText()).not.toContain('hello world');
  });

  it.each([
    ['/white-paper', 'About the White Paper'],
    ['/employee-login', 'Investors'],
    ['/success-invest', 'Spartan Investor Benefits'],
  ])('on %s, "%s" answers with a polite Coming soon', async (path, name) => {
    await t.page.goto(mainUrl() + path, { waitUntil: 'networkidle' });
    await t.page.getByRole('button', { name, exact: true }).click();
    await expect
      .poll(() => t.page.locator('.soon-status[role="status"]').textContent())
      .toBe('Coming soon');
    expect(new URL(t.page.url()).pathname).toBe(path);
  });
});
