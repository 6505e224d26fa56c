/**
 * Keyboard and contrast, as a keyboard user meets them (WCAG 2.2 AA): hover content that Escape
 * dismisses without moving the pointer, header menus that follow the disclosure pattern, a focus
 * indicator of at least 3:1 on every focusable element of every route (light and shadow DOM,
 * computed from the styles), targets of 24 px or the spacing 2.5.8 allows, map tooltips inside
 * the map, and focus after a route change on something visible.
 * One page per route; checks run inside the page (page-checks.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoUrl, mainUrl, openPage, type TestPage } from './harness.ts';
import {
  focusIndicatorFailures,
  loadEverything,
  SITE_ROUTES,
  targetSizeFailures,
  WIDTHS,
} from './page-checks.ts';

let t: TestPage;
beforeAll(async () => {
  t = await openPage();
});
afterAll(async () => {
  await t.close();
});

async function open(path: string, width = 1440): Promise<Page> {
  await t.page.setViewportSize({ width, height: 900 });
  await t.page.goto(mainUrl() + path, { waitUntil: 'networkidle' });
  return t.page;
}

describe('Escape dismisses content shown on hover, the pointer staying where it is', () => {
  it.each(['About', 'Our Statements'])('the %s menu', async (name) => {
    const page = await open('/');
    const button = page.getByRole('button', { name });
    await button.hover();
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.nav-menu__list:visible').count()).toBe(0);
  });

  it('the A–Z letter list', async () => {
    const page = await open('/faq');
    const combobox = page.getByRole('combobox', { name: 'Highlight states by letter' });
    await combobox.hover();
    await page.getByRole('listbox', { name: 'Letter' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => combobox.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('listbox', { name: 'Letter' }).count()).toBe(0);
  });

  it('a hub tooltip on the map', async () => {
    const page = await open('/innovation-hubs');
    const marker = page.locator('.spartan-hub-map__marker[aria-label="Denver Future Hub"]');
    await marker.scrollIntoViewIfNeeded();
    await marker.hover();
    await page.getByRole('tooltip').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('tooltip').count()).toBe(0);
  });
});

describe('header menus are disclosures', () => {
  it('arrow keys neither open a menu nor move focus; Tab walks its links', async () => {
    const page = await open('/');
    const button = page.getByRole('button', { name: 'About' });
    await button.focus();
    await page.keyboard.press('ArrowDown');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('About');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Our Purpose');
  });
});

describe('the focus indicator is seen and targets are big enough', () => {
  it.each(SITE_ROUTES)('%s at 1440 and 375 px', async (path) => {
    const page = await open(path);
    await loadEverything(page);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect({ width, rings: await focusIndicatorFailures(page) }).toEqual({ width, rings: [] });
      expect({ width, targets: await targetSizeFailures(page) }).toEqual({ width, targets: [] });
    }
  });

  it.each(['/', '/rich.html', '/forms.html'])(
    'inside shadow roots: the partner demo page %s',
    async (path) => {
      await t.page.setViewportSize({ width: 1440, height: 900 });
      await t.page.goto(demoUrl() + path, { waitUntil: 'networkidle' });
      await loadEverything(t.page);
      // Controls inside shadow roots are there to be checked.
      const inShadow = await t.page.evaluate(() =>
        [...document.querySelectorAll('*')]
          .map((el) => el.shadowRoot?.querySelectorAll('button, a[href], [tabindex]').length ?? 0)
          .reduce((a, b) => a + b, 0),
      );
      expect(inShadow).toBeGreaterThan(0);
      expect(await focusIndicatorFailures(t.page)).toEqual([]);
      expect(await targetSizeFailures(t.page)).toEqual([]);
    },
  );
});

describe('focus after a route change', () => {
  it('on the home page lands on a heading that can be seen', async () => {
    const page = await open('/faq');
    await page
      .locator('.site-header')
      .getByRole('link', { name: /The Spartans/ })
      .click();
    await page.waitForURL(`${mainUrl()}/`);
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    const shown = await page.evaluate(() => {
      const h1 = document.activeElement as HTMLElement;
      const box = h1.getBoundingClientRect();
      const style = getComputedStyle(h1);
      return {
        big: box.width > 100 && box.height > 16,
        inView: box.top >= 0 && box.bottom <= window.innerHeight,
        // Drawn as a chip of its own colour (like the skip link), not as a transparent box.
        solid:
          style.backgroundColor !== 'rgba(0, 0, 0, 0)' && style.clip !== 'rect(0px, 0px, 0px, 0px)',
      };
    });
    expect(shown).toEqual({ big: true, inView: true, solid: true });
  });
});

describe('hub map tooltips stay inside the map', () => {
  it('for every marker at every width', async () => {
    const page = await open('/innovation-hubs');
    const markers = page.locator('.spartan-hub-map__marker');
    await page.locator('.spartan-hub-map__frame').scrollIntoViewIfNeeded();
    await markers.first().waitFor();
    const count = await markers.count();
    const cut: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (let i = 0; i < count; i++) {
        await markers.nth(i).focus();
        await page.getByRole('tooltip').waitFor();
        const place = await page.evaluate(() => {
          const tip = document.querySelector('[role="tooltip"]')!.getBoundingClientRect();
          const map = document.querySelector('.spartan-hub-map__frame')!.getBoundingClientRect();
          return {
            name: document.querySelector('[role="tooltip"] strong')?.textContent,
            inside:
              tip.left >= map.left &&
              tip.right <= map.right &&
              tip.top >= map.top &&
              tip.bottom <= map.bottom,
          };
        });
        if (!place.inside) cut.push(`${place.name} at ${width}px`);
      }
    }
    expect(cut).toEqual([]);
  });

  it('markers measure at least 24 px at 375', async () => {
    const page = await open('/innovation-hubs', 375);
    const markers = page.locator('.spartan-hub-map__marker');
    await page.locator('.spartan-hub-map__frame').scrollIntoViewIfNeeded();
    await markers.first().waitFor();
    const sizes = await markers.evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect();
        return Math.min(box.width, box.height) >= 24;
      }),
    );
    expect(sizes).toEqual(sizes.map(() => true));
  });
});

describe('the passcode', () => {
  it('says beforehand that it goes on by itself after the last digit', async () => {
    const page = await open('/employee-one-time-pass');
    const description = await page
      .getByRole('group', { name: /passcode/ })
      .evaluate(
        (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
      );
    expect(description).toMatch(/by itself/);
  });
});
