/**
 * What a visitor sees on a narrow phone (320 px) on the site and on the partner demo pages,
 * measured from layout: the counter's amount and pause button share a line and stay inside it;
 * the success page's id box keeps its dash beside its label; the employee login card keeps no
 * more than a line for its status (at 375 and 1280 px too); the explainers' dots keep one row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoUrl, gotoHydrated, mainUrl, openPage, type TestPage } from './harness.ts';

let t: TestPage;
beforeAll(async () => {
  t = await openPage({ viewport: { width: 320, height: 800 } });
});
afterAll(async () => {
  await t.close();
});

type Box = { left: number; right: number; top: number; bottom: number };

/** The boxes of a counter's frame, amount and pause button (in its shadow root when it has one). */
function counterBoxes(page: Page, host: string | null) {
  return page.evaluate((host) => {
    const root = host ? document.querySelector(host)!.shadowRoot! : document;
    const box = (selector: string) => {
      const { left, right, top, bottom } = root.querySelector(selector)!.getBoundingClientRect();
      return { left, right, top, bottom };
    };
    return {
      frame: box('.spartan-counter'),
      value: box('.spartan-counter__value'),
      toggle: box('.spartan-counter__toggle'),
    };
  }, host);
}

const oneLine = ({ value, toggle }: { value: Box; toggle: Box }) =>
  toggle.top < value.bottom && value.top < toggle.bottom && toggle.left >= value.right;
const inside = (inner: Box, outer: Box) =>
  inner.left >= outer.left && inner.right <= outer.right + 0.5;

describe('the counter at 320 px', () => {
  beforeAll(() => t.page.setViewportSize({ width: 320, height: 800 }));
  it('on the home page, the amount and its pause button share one line inside the frame', async () => {
    await t.page.goto(`${mainUrl()}/`, { waitUntil: 'networkidle' });
    const boxes = await counterBoxes(t.page, null);
    expect(oneLine(boxes), JSON.stringify(boxes)).toBe(true);
    expect(inside(boxes.value, boxes.frame) && inside(boxes.toggle, boxes.frame)).toBe(true);
  });

  it.each(['#counter', '#counter-themed'])(
    'embedded on the partner demo (%s), the amount and its pause button share one line inside the frame',
    async (host) => {
      await t.page.goto(`${demoUrl()}/`, { waitUntil: 'networkidle' });
      await t.page.waitForFunction(
        (host) => document.querySelector(host)?.shadowRoot?.querySelector('.spartan-counter'),
        host,
      );
      const boxes = await counterBoxes(t.page, host);
      expect(oneLine(boxes), JSON.stringify(boxes)).toBe(true);
      expect(inside(boxes.value, boxes.frame) && inside(boxes.toggle, boxes.frame)).toBe(true);
      // The button stays a comfortable target.
      expect(boxes.toggle.right - boxes.toggle.left).toBeGreaterThanOrEqual(36);
    },
  );
});

/** The lines a text takes, by the tops of its boxes. */
const lines = (page: Page, selector: string) =>
  page.locator(selector).evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

describe('the application id box at 320 px', () => {
  beforeAll(() => t.page.setViewportSize({ width: 320, height: 800 }));
  it('without an id, the label keeps one line and the dash sits centred under it', async () => {
    await t.page.goto(`${mainUrl()}/apply-spartan-success`, { waitUntil: 'networkidle' });
    expect(await lines(t.page, '.spartan-idbox__label')).toBe(1);
    const placed = await t.page.locator('.spartan-idbox').evaluate((box) => {
      const outer = box.getBoundingClientRect();
      const label = box.querySelector('.spartan-idbox__label')!.getBoundingClientRect();
      const dash = box.querySelector('.spartan-idbox__value')!.getBoundingClientRect();
      const middle = (r: DOMRect) => r.left + r.width / 2;
      return {
        under: dash.top >= label.bottom - 1,
        centred: Math.abs(middle(dash) - middle(outer)) < 2,
      };
    });
    expect(placed).toEqual({ under: true, centred: true });
  });

  it('with an id, the id still wraps inside the box', async () => {
    const id = '3f2b8c1e-9a4d-4e2f-8b6a-1c2d3e4f5a6b';
    await t.page.goto(`${mainUrl()}/apply-spartan-success?id=${id}`, { waitUntil: 'networkidle' });
    const box = t.page.getByRole('button', { name: `Application ID Number ${id}`, exact: true });
    await box.waitFor();
    // The box inside its card, and every line of its text inside the box.
    const fits = await box.evaluate((el) => {
      const outer = el.getBoundingClientRect();
      if (outer.right > el.parentElement!.getBoundingClientRect().right) return false;
      const range = document.createRange();
      range.selectNodeContents(el);
      return [...range.getClientRects()].every(
        (r) => r.left >= outer.left && r.right <= outer.right,
      );
    });
    expect(fits).toBe(true);
  });
});

describe('the employee login card', () => {
  it.each([320, 375, 1280])(
    'at %i px, it keeps one line for its Coming soon, which appears without moving anything',
    async (width) => {
      await t.page.setViewportSize({ width, height: 800 });
      await gotoHydrated(t.page, `${mainUrl()}/employee-login`);
      const card = t.page.locator('form.card-form');
      const measure = () =>
        card.evaluate((form) => {
          const links = form.querySelector('.card-form__links')!.getBoundingClientRect();
          const status = form.querySelector('.soon-status')!.getBoundingClientRect();
          return {
            below: form.getBoundingClientRect().bottom - links.bottom,
            statusBottom: status.bottom,
            formBottom: form.getBoundingClientRect().bottom,
            aside: document.querySelector('.card-form__aside')!.getBoundingClientRect().top,
          };
        });
      const before = await measure();
      // The card's padding (28 px), the gap to the status and its one line: no more.
      expect(before.below).toBeLessThan(64);
      await card.getByRole('button', { name: 'Login' }).click();
      await expect.poll(() => card.getByRole('status').textContent()).toBe('Coming soon');
      const after = await measure();
      expect(after.aside).toBe(before.aside);
      expect(after.statusBottom).toBeLessThanOrEqual(after.formBottom);
    },
  );
});

describe('the explainers carousel at 320 px', () => {
  beforeAll(() => t.page.setViewportSize({ width: 320, height: 800 }));
  it('on the partner demo, its six dots keep one row, each at least 24 px wide', async () => {
    await t.page.goto(`${demoUrl()}/rich.html`, { waitUntil: 'networkidle' });
    const dots = t.page.locator('#explainers').getByRole('group', { name: 'Choose slide' });
    await dots.getByRole('button').first().waitFor();
    const boxes = await dots
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons.map((b) => b.getBoundingClientRect()).map((r) => ({ top: r.top, width: r.width })),
      );
    expect(boxes).toHaveLength(6);
    expect(new Set(boxes.map((b) => b.top)).size).toBe(1);
    expect(Math.min(...boxes.map((b) => b.width))).toBeGreaterThanOrEqual(24);
  });
});
