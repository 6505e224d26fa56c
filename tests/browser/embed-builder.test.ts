/**
 * The embed builder at /embed: reached from the footer, the preview is the real element and
 * follows the inputs, the snippets follow too and Copy puts them on the clipboard, everything
 * works from the keyboard, and axe finds nothing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, mainUrl, openPage, type TestPage } from './harness.ts';

let t: TestPage | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function openBuilder(): Promise<Page> {
  t = await openPage({ permissions: ['clipboard-read', 'clipboard-write'] });
  await t.page.goto(`${mainUrl()}/embed`);
  await stageElement(t.page, 'spartan-counter');
  return t.page;
}

/** Waits for the preview's element to be the given tag, defined and rendered. */
const stageElement = (page: Page, tag: string) =>
  page.waitForFunction((tag) => {
    const el = document.querySelector('.embed-builder__stage > *');
    return el?.localName === tag && customElements.get(tag) && el.shadowRoot?.childElementCount;
  }, tag);

const snippet = (page: Page, title: string) =>
  page
    .locator('.embed-snippet', { has: page.getByRole('heading', { name: title }) })
    .locator('code');

describe('the embed builder', () => {
  it('is linked from the footer and loads lazily', async () => {
    t = await openPage();
    const requests: string[] = [];
    t.page.on('request', (r) => requests.push(r.url()));
    await t.page.goto(`${mainUrl()}/`);
    await t.page.waitForLoadState('networkidle');
    expect(requests.some((u) => /embed-[\w-]+\.js$/.test(u))).toBe(false);
    await t.page.getByRole('contentinfo').getByRole('link', { name: 'Embed Our Widgets' }).click();
    await t.page.getByRole('heading', { level: 1, name: 'Embed Our Widgets' }).waitFor();
    expect(new URL(t.page.url()).pathname).toBe('/embed');
    await stageElement(t.page, 'spartan-counter');
    expect(t.errors).toEqual([]);
  });

  it('previews the real element, which follows the widget, its attributes and the colours', async () => {
    const page = await openBuilder();
    await page.getByLabel('Widget').selectOption({ label: 'State banner' });
    await stageElement(page, 'spartan-banner');
    await page.getByLabel('message').fill('Partners, help us count.');
    await page.waitForFunction(() =>
      document
        .querySelector('.embed-builder__stage spartan-banner')
        ?.shadowRoot?.textContent?.includes('Partners, help us count.'),
    );
    await page.getByLabel(/Accent \(gold\)/).fill('#123456');
    await expect(
      page.evaluate(() => {
        const el = document.querySelector('.embed-builder__stage spartan-banner')!;
        return getComputedStyle(el).getPropertyValue('--spartan-gold');
      }),
    ).resolves.toBe('#123456');

    const origin = mainUrl();
    await expect(snippet(page, 'HTML snippet').textContent()).resolves.toBe(
      [
        `<script type="module" src="${origin}/widgets/spartan-banner.js"></script>`,
        '<spartan-banner message="Partners, help us count."></spartan-banner>',
        '<style>',
        '  spartan-banner {',
        '    --spartan-gold: #123456;',
        '  }',
        '</style>',
      ].join('\n'),
    );
    const react = await snippet(page, 'React snippet').textContent();
    expect(react).toContain("import { StateBanner } from 'spartan-platform';");
    expect(react).toContain('<StateBanner message="Partners, help us count." />');
    expect(react).toContain("'--spartan-gold': '#123456'");

    // A form: the React snippet names this server in a provider, as the component cannot know it.
    await page.getByLabel('Widget').selectOption({ label: 'Spartan application form' });
    await stageElement(page, 'spartan-apply-form');
    await page.getByLabel('success-url').fill('/thanks');
    const form = await snippet(page, 'React snippet').textContent();
    expect(form).toContain(`<SpartanProvider server="${origin}">`);
    expect(form).toContain('<ApplyForm successUrl="/thanks" />');
    await page.getByRole('button', { name: 'Default colours' }).click();
    await expect(snippet(page, 'HTML snippet').textContent()).resolves.not.toContain('<style>');
    expect(t!.errors).toEqual([]);
  });

  it('copies each snippet, from the keyboard alone', async () => {
    const page = await openBuilder();
    await page.getByLabel('Widget').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toMatch(/attr-start-date$/);
    await page.keyboard.type('2025-01-01T00:00:00Z');
    // On through the fields to the first Copy button.
    for (let i = 0; i < 20; i += 1) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(() => document.activeElement?.textContent ?? '');
      if (name.startsWith('Copy')) break;
    }
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'HTML snippet copied.' }).waitFor();
    const html = await snippet(page, 'HTML snippet').textContent();
    expect(html).toContain('<spartan-counter start-date="2025-01-01T00:00:00Z"></spartan-counter>');
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(html);

    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'React snippet copied.' }).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
      await snippet(page, 'React snippet').textContent(),
    );
    expect(t!.errors).toEqual([]);
  });

  it.each([320, 375, 1440])('fits a %i px wide screen, prerendered and hydrated', async (width) => {
    t = await openPage({ viewport: { width, height: 800 } });
    const response = await t.page.goto(`${mainUrl()}/embed`);
    expect(response?.status()).toBe(200);
    expect(await response?.text()).toContain('Embed Our Widgets');
    await stageElement(t.page, 'spartan-counter');
    await expect(
      t.page.evaluate(() => document.documentElement.scrollWidth),
    ).resolves.toBeLessThanOrEqual(width);
    expect(t.errors).toEqual([]);
  });

  it('is axe clean, with every widget in the preview', async () => {
    const page = await openBuilder();
    expect(await axeViolations(page)).toEqual([]);
    for (const label of ['Explainer videos', 'Staff login']) {
      await page.getByLabel('Widget').selectOption({ label });
      await page.locator('.embed-builder__stage > *').evaluate((el) => el.localName);
      await page.waitForFunction(
        () => document.querySelector('.embed-builder__stage > *')?.shadowRoot?.childElementCount,
      );
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
