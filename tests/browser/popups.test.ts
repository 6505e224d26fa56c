/**
 * The site's popups look like one family: every heading has the same type (family, size, weight,
 * line height, no capitals or tracking), ink on the light popups and gold on the dark players.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gotoHydrated, mainUrl, openPage, type TestPage } from './harness.ts';

let t: TestPage;
beforeAll(async () => {
  t = await openPage({ viewport: { width: 375, height: 800 } });
});
afterAll(async () => {
  await t.close();
});

interface Heading {
  type: string;
  color: string;
}

/** Opens a popup with `open`, reads its heading's type and colour, and closes it. */
async function headingOf(open: () => Promise<void>): Promise<Heading> {
  await open();
  const dialog = t.page.locator('dialog[open]').first();
  await dialog.waitFor();
  const heading = await dialog.locator('h2').evaluate((h) => {
    const s = getComputedStyle(h);
    const type = [s.fontFamily, s.fontSize, s.fontWeight, s.lineHeight, s.textTransform];
    return { type: [...type, s.letterSpacing].join(' | '), color: s.color };
  });
  await t.page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'hidden' });
  return heading;
}

const INK = 'rgb(20, 20, 20)';
const GOLD = 'rgb(201, 162, 39)';

describe('popup headings', () => {
  it('on the home page and a story page, every popup heading has the same type', async () => {
    const page = t.page;
    await gotoHydrated(page, `${mainUrl()}/`);
    const button = (name: string | RegExp) => () => page.getByRole('button', { name }).click();
    const light = [
      await headingOf(button('See more Spartan Network Company Partners')),
      await headingOf(() =>
        page
          .getByRole('button', { name: /Company 3/ })
          .first()
          .click(),
      ),
      await headingOf(() =>
        page
          .getByRole('button', { name: /Company 1/ })
          .first()
          .click(),
      ),
      await headingOf(button('Advertise with Us')),
      await headingOf(button('Terms of Use')),
    ];
    await page.locator('.spartan-explainers').scrollIntoViewIfNeeded();
    const dark = [await headingOf(button(/What Is the Spartan Company/))];
    await gotoHydrated(page, `${mainUrl()}/spartan-wealth-fund`);
    dark.push(await headingOf(() => page.locator('.video-tile').first().click()));

    const types = new Set([...light, ...dark].map((h) => h.type));
    expect([...types]).toHaveLength(1);
    expect([...types][0]).toContain('| 20px | 700 | 24px | none | normal');
    expect(light.map((h) => h.color)).toEqual(light.map(() => INK));
    expect(dark.map((h) => h.color)).toEqual(dark.map(() => GOLD));
  });
});
