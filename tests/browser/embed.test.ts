/**
 * The counter and banner bundles embedded by script tag on a partner page on
 * another origin, under a strict CSP (no 'unsafe-inline', no 'unsafe-eval').
 * Last, the room the demo pages keep for the widgets before their scripts arrive.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIST } from '../../scripts/paths.ts';
import { widgetEntries } from '../../scripts/widget-entries.ts';
import { axeViolations, demoUrl, mainUrl, openPage, type TestPage } from './harness.ts';
import { contrastRatio, type RGBA } from './page-checks.ts';
import { fetchFresh } from '../fetch.ts';

let current: TestPage | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

/** The partner demo page, with motion unless asked otherwise (the counter ticks, the ticker runs). */
async function openDemo(options: Parameters<typeof openPage>[0] = {}) {
  current = await openPage({ reducedMotion: 'no-preference', ...options });
  const requests: string[] = [];
  current.page.on('request', (r) => requests.push(r.url()));
  const response = await current.page.goto(demoUrl() + '/');
  await current.page.waitForFunction(() =>
    ['spartan-counter', 'spartan-banner'].every(
      (t) => document.querySelector(t)?.shadowRoot?.childElementCount,
    ),
  );
  return { ...current, requests, response: response! };
}

/** The amount as drawn: visible text only (the lead digits are display:none at narrow widths). */
const visibleDigits = (page: Page, id = 'counter') =>
  page.evaluate(
    (sel) =>
      (
        document
          .querySelector(sel)!
          .shadowRoot!.querySelector('.spartan-counter__digits') as HTMLElement
      ).innerText,
    `#${id}`,
  );

describe('widgets embedded on a partner page (second origin, strict CSP)', () => {
  it('the partner page really is another origin with a strict CSP, and nothing is refused or thrown', async () => {
    const { page, errors, response } = await openDemo();
    expect(new URL(demoUrl()).origin).not.toBe(new URL(mainUrl()).origin);
    const csp = response.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`script-src 'self' ${mainUrl()}`);
    expect(csp).toContain("style-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    // Every widget has rendered and the page has stopped loading.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll('*')]
            .filter((el) => el.localName.startsWith('spartan-'))
            .every((el) => (el.shadowRoot?.childElementCount ?? 0) > 0),
        ),
      )
      .toBe(true);
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  it('renders each widget in an open shadow root with its styles adopted', async () => {
    const { page } = await openDemo();
    const info = await page.evaluate(() =>
      ['spartan-counter', 'spartan-banner'].map((tag) => {
        const root = document.querySelector(tag)!.shadowRoot!;
        return {
          tag,
          mode: root.mode,
          sheets: root.adoptedStyleSheets.length,
          text: root.textContent ?? '',
        };
      }),
    );
    expect(info[0]).toMatchObject({ mode: 'open' });
    expect(info[0]!.sheets).toBeGreaterThanOrEqual(2);
    expect(info[0]!.text).toContain('The Private Spartan Wealth Fund');
    expect(info[1]).toMatchObject({ mode: 'open' });
    expect(info[1]!.text).toContain(
      "Important States, please help the group to Mirror and Reduce America's National Debt.",
    );
    expect(info[1]!.text).toContain('Wyoming');
  });

  it("the partner's CSS does not leak in (its spans are red, 9px and lowercase; ours are not)", async () => {
    const { page } = await openDemo();
    const styles = await page.evaluate(() => {
      const partnerSpan = document.createElement('span');
      document.body.append(partnerSpan);
      const label = document
        .querySelector('#counter')!
        .shadowRoot!.querySelector('.spartan-counter__label')!;
      const state = document
        .querySelector('spartan-banner')!
        .shadowRoot!.querySelector('.spartan-banner__state')!;
      const pick = (el: Element) => {
        const cs = getComputedStyle(el);
        return {
          color: cs.color,
          fontSize: cs.fontSize,
          transform: cs.textTransform,
          font: cs.fontFamily,
        };
      };
      return { partner: pick(partnerSpan), label: pick(label), state: pick(state) };
    });
    expect(styles.partner.color).toBe('rgb(255, 0, 0)');
    expect(styles.label.color).not.toBe('rgb(255, 0, 0)');
    expect(styles.label.fontSize).not.toBe('9px');
    expect(styles.label.transform).toBe('uppercase');
    expect(styles.state.color).not.toBe('rgb(255, 0, 0)');
    expect(styles.state.transform).toBe('none');
    expect(styles.state.font).not.toContain('Georgia');
  });

  it("nor do the text styles the partner's containers pass down (italics, capitals, spacing, alignment)", async () => {
    const { page } = await openDemo();
    const TEXT = [
      'fontStyle',
      'fontWeight',
      'textTransform',
      'textAlign',
      'textIndent',
      'letterSpacing',
      'wordSpacing',
      'whiteSpace',
    ] as const;
    const roots = () =>
      page.evaluate((props) => {
        const all = [...document.querySelectorAll('spartan-counter, spartan-banner')].map((host) =>
          host.shadowRoot!.querySelector('.spartan-root')!,
        );
        return all.map((root) => {
          const cs = getComputedStyle(root);
          return Object.fromEntries(props.map((p) => [p, cs[p]]));
        });
      }, TEXT);
    const before = await roots();
    expect(before.length).toBe(3);
    // A container's inherited text styles, as a partner page may set them (through the CSSOM:
    // the page's CSP allows no inline style).
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(
        'body { font-style: italic; font-weight: 700; text-transform: uppercase; text-align: right; text-indent: 3em; letter-spacing: 5px; word-spacing: 20px; white-space: pre; }',
      );
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    expect(await page.evaluate(() => getComputedStyle(document.body).letterSpacing)).toBe('5px');
    expect(await roots()).toEqual(before);
    expect(before[0]).toEqual({
      fontStyle: 'normal',
      fontWeight: '400',
      textTransform: 'none',
      textAlign: 'start',
      textIndent: '0px',
      letterSpacing: 'normal',
      wordSpacing: '0px',
      whiteSpace: 'normal',
    });
  });

  it('is themed through --spartan-* custom properties and ::part()', async () => {
    const { page } = await openDemo();
    const themed = await page.evaluate(() => {
      const host = document.querySelector('#counter-themed')!;
      const root = host.shadowRoot!;
      const counter = root.querySelector('.spartan-counter')!;
      return {
        label: getComputedStyle(root.querySelector('.spartan-counter__label')!).color,
        border: getComputedStyle(counter).borderTopColor,
        borderWidth: getComputedStyle(counter).borderTopWidth,
        font: getComputedStyle(counter).fontFamily,
      };
    });
    expect(themed.label).toBe('rgb(242, 193, 78)'); // --spartan-gold: #f2c14e
    expect(themed.border).toBe('rgb(242, 193, 78)'); // ::part(counter)
    expect(themed.borderWidth).toBe('3px');
    expect(themed.font).toContain('Georgia');
  });

  it('the counter ticks, from the clock, and honours start-date', async () => {
    const { page } = await openDemo();
    const first = await visibleDigits(page);
    expect(first).toMatch(/^\$\d{2},\d{3},\d{3},\d{3},\d{3}\.\d{2}$/);
    await page.waitForFunction((before) => {
      const el = document
        .querySelector('#counter')!
        .shadowRoot!.querySelector('.spartan-counter__digits') as HTMLElement;
      return el.innerText !== before;
    }, first);
    const expected = await page.evaluate(() => {
      const cents = Math.floor(
        (Date.now() - Date.parse('2024-12-15T00:00:00Z')) /
          1000 /
          ((30 * 24 * 3600) / 2_500_000 / 100),
      );
      return Math.floor(cents / 100);
    });
    const shownDollars = Number((await visibleDigits(page)).replace(/[$,]/g, '').split('.')[0]);
    expect(Math.abs(shownDollars - expected)).toBeLessThanOrEqual(2);
    const themedDollars = Number(
      (await visibleDigits(page, 'counter-themed')).replace(/[$,]/g, '').split('.')[0],
    );
    expect(themedDollars).toBeLessThan(shownDollars); // starts 2025-01-01, later than the default
  });

  it('shows 14 integer digits above 768 px and 12 at phone width, without changing the element width as it ticks', async () => {
    const wide = await openDemo({ viewport: { width: 1440, height: 900 } });
    expect(await visibleDigits(wide.page)).toMatch(/^\$\d{2}(,\d{3}){4}\.\d{2}$/);
    await wide.close();
    const narrow = await openDemo({ viewport: { width: 375, height: 800 } });
    expect(await visibleDigits(narrow.page)).toMatch(/^\$\d{3}(,\d{3}){3}\.\d{2}$/);
    const widthOf = () =>
      narrow.page.evaluate(
        () =>
          document
            .querySelector('#counter')!
            .shadowRoot!.querySelector('.spartan-counter__value')!
            .getBoundingClientRect().width,
      );
    const before = await widthOf();
    const text = await visibleDigits(narrow.page);
    await narrow.page.waitForFunction((t) => {
      const el = document
        .querySelector('#counter')!
        .shadowRoot!.querySelector('.spartan-counter__digits') as HTMLElement;
      return el.innerText !== t;
    }, text);
    expect(await widthOf()).toBe(before);
    const overflow = await narrow.page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
  });

  it('the banner ticker scrolls on the compositor, pauses on hover, and the letter choice highlights and fires spartan-letter', async () => {
    const { page } = await openDemo();
    const track = await page.evaluateHandle(() =>
      document
        .querySelector('spartan-banner')!
        .shadowRoot!.querySelector('.spartan-banner__track')!,
    );
    const anim = await track.evaluate((el) => {
      const cs = getComputedStyle(el);
      return {
        name: cs.animationName,
        state: cs.animationPlayState,
        duration: parseFloat(cs.animationDuration),
      };
    });
    expect(anim.name).toBe('spartan-ticker');
    expect(anim.state).toBe('running');
    // speed 50 px/s: duration = one copy's width / 50
    const copyWidth = await page.evaluate(
      () =>
        document
          .querySelector('spartan-banner')!
          .shadowRoot!.querySelector('.spartan-banner__list')!
          .getBoundingClientRect().width,
    );
    expect(anim.duration).toBeCloseTo(copyWidth / 50, 1);

    await page.hover('spartan-banner >> .spartan-banner__ticker');
    expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');

    await page.evaluate(() => {
      (window as unknown as { letters: unknown[] }).letters = [];
      document.addEventListener('spartan-letter', (e) =>
        (window as unknown as { letters: unknown[] }).letters.push((e as CustomEvent).detail),
      );
    });
    const combobox = page
      .locator('spartan-banner')
      .getByRole('combobox', { name: 'A–Z: highlight states by letter' });
    await combobox.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('o');
    expect(
      await page.evaluate(() => (window as unknown as { letters: unknown[] }).letters),
    ).toEqual([{ letter: 'O' }]);
    const lit = await page.evaluate(() =>
      [
        ...document
          .querySelector('spartan-banner')!
          .shadowRoot!.querySelectorAll(
            '.spartan-banner__list:not([aria-hidden]) [data-highlighted]',
          ),
      ].map((li) => [li.textContent, getComputedStyle(li).color]),
    );
    expect(lit.map(([name]) => name)).toEqual(['Ohio', 'Oklahoma', 'Oregon']);
    // A light gold, at 4.5:1 or more on the banner's maroon (text of 16 px, not large).
    // Chromium gives a mixed colour as `color(srgb r g b)`, channels from 0 to 1.
    const rgb = (css: string) => {
      const [r, g, b] = css
        .match(/[\d.]+/g)!
        .slice(0, 3)
        .map(Number) as [number, number, number];
      const scale = css.startsWith('color(srgb') ? 255 : 1;
      return [r * scale, g * scale, b * scale, 1] as RGBA;
    };
    const maroon = await page
      .locator('spartan-banner >> .spartan-banner')
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(maroon).toBe('rgb(122, 31, 43)');
    expect(contrastRatio(rgb(lit[0]![1]!), rgb(maroon))).toBeGreaterThanOrEqual(4.5);
  });

  it('the letter dropdown opens on hover and closes 150 ms after the pointer leaves', async () => {
    const { page } = await openDemo();
    const combobox = page.locator('spartan-banner').getByRole('combobox');
    await combobox.hover();
    await expect.poll(() => combobox.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.move(5, 600);
    await expect.poll(() => combobox.getAttribute('aria-expanded')).toBe('false');
    await page.locator('spartan-banner').getByRole('listbox', { includeHidden: true }).isHidden();
  });

  it('under prefers-reduced-motion the ticker and counter start stopped, and can be started', async () => {
    const { page } = await openDemo({ reducedMotion: 'reduce' });
    const state = await page.evaluate(() => ({
      track: getComputedStyle(
        document
          .querySelector('spartan-banner')!
          .shadowRoot!.querySelector('.spartan-banner__track')!,
      ).animationName,
      counter: document
        .querySelector('#counter')!
        .shadowRoot!.querySelector('.spartan-counter')!
        .getAttribute('data-state'),
    }));
    expect(state).toEqual({ track: 'none', counter: 'paused' });
    await page.locator('#counter').getByRole('button', { name: 'Resume counter' }).click();
    await expect
      .poll(() => page.locator('#counter').getByRole('button', { name: 'Pause counter' }).count())
      .toBe(1);
  });

  it('loads the shared runtime once for two widgets, never axios, and serves bundles with CORS and caching', async () => {
    const { requests } = await openDemo();
    const widgetRequests = requests.filter((u) => u.startsWith(mainUrl() + '/widgets/'));
    const chunks = widgetRequests.filter((u) => /-[\w-]{8}\.js$/.test(u));
    expect(chunks.length).toBe(1);
    expect(new Set(widgetRequests).size).toBe(widgetRequests.length);
    expect(widgetRequests.some((u) => u.includes('axios'))).toBe(false);
    const res = await fetchFresh(chunks[0]!);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('cache-control')).toContain('immutable');
    const entry = await fetchFresh(`${mainUrl()}/widgets/spartan-counter.js`);
    expect(entry.headers.get('cache-control')).not.toContain('immutable');
    // The Custom Elements Manifest, for editors and tools.
    const manifest = (await (await fetchFresh(`${mainUrl()}/custom-elements.json`)).json()) as {
      modules: Array<{ declarations?: Array<{ tagName?: string }> }>;
    };
    const tags = manifest.modules.flatMap((m) => (m.declarations ?? []).map((d) => d.tagName));
    expect(tags).toContain('spartan-counter');
  });

  it('caches for a year only what carries a content hash: every entry, media file and the manifest revalidate', async () => {
    const SHORT = 'public, max-age=300, must-revalidate';
    const IMMUTABLE = 'public, max-age=31536000, immutable';
    const head = async (url: string) => {
      const res = await fetchFresh(`${mainUrl()}${url}`, {
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd', origin: demoUrl() },
      });
      await res.arrayBuffer();
      expect(res.status, url).toBe(200);
      return res.headers;
    };
    const entries = [...Object.keys(widgetEntries()), 'all'].map((name) => `${name}.js`);
    const scripts = fs.readdirSync(path.join(DIST, 'widgets')).filter((f) => f.endsWith('.js'));
    expect(scripts).toEqual(expect.arrayContaining(entries));
    for (const name of entries) {
      const headers = await head(`/widgets/${name}`);
      expect(headers.get('cache-control'), name).toBe(SHORT);
      expect(headers.get('etag'), name).toBeTruthy();
    }
    const chunks = scripts.filter((name) => !entries.includes(name));
    expect(chunks.length).toBeGreaterThan(0);
    const geo = fs.readdirSync(path.join(DIST, 'widgets', 'geo')).find((f) => f.endsWith('.json'));
    const assets = fs.readdirSync(path.join(DIST, 'site', 'assets')).find((f) => f.endsWith('.js'));
    for (const url of [
      ...chunks.map((name) => `/widgets/${name}`),
      `/widgets/geo/${geo}`,
      `/assets/${assets}`,
    ]) {
      expect((await head(url)).get('cache-control'), url).toBe(IMMUTABLE);
    }
    const media = fs
      .readdirSync(path.join(DIST, 'media', 'videos'))
      .find((f) => f.endsWith('.mp4'));
    for (const url of [`/media/videos/${media}`, '/custom-elements.json']) {
      const headers = await head(url);
      expect(headers.get('cache-control'), url).toBe(SHORT);
      expect(headers.get('access-control-allow-origin'), url).toBe('*');
    }
  });

  it('a form moved on the page (tabs, a framework reordering it) keeps what the visitor typed', async () => {
    current = await openPage();
    const { page, errors } = current;
    await page.goto(`${demoUrl()}/forms.html`);
    const form = page.locator('#apply');
    await form.getByLabel('Full Name').fill('Typed Before Move');
    // Removed and inserted again in one go: the element's own state must survive it.
    await page.evaluate(() => {
      const el = document.querySelector('#apply')!;
      el.parentElement!.append(el);
    });
    expect(await form.getByLabel('Full Name').inputValue()).toBe('Typed Before Move');
    await form.getByLabel('Location').fill('Still working');
    expect(await form.getByLabel('Location').inputValue()).toBe('Still working');
    expect(errors).toEqual([]);
  });

  it('is axe clean, shadow roots included', async () => {
    const { page } = await openDemo();
    expect(await axeViolations(page)).toEqual([]);
  });

  it('keyboard only: tab reaches the letter picker, the ticker and both pause buttons', async () => {
    const { page } = await openDemo();
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      seen.push(
        await page.evaluate(() => {
          let el: Element | null = document.activeElement;
          while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
          return (
            el?.getAttribute('aria-label') ??
            el?.querySelector('.spartan-visually-hidden')?.textContent ??
            el?.tagName ??
            ''
          );
        }),
      );
    }
    expect(seen).toEqual(
      expect.arrayContaining([
        'A–Z: highlight states by letter',
        'The 50 US states',
        'Pause state ticker',
        'Pause counter',
      ]),
    );
  });
});

describe('the room a partner page keeps for the widgets (docs/EMBEDDING.md)', () => {
  for (const width of [375, 1280]) {
    it(`at ${width} px, the demo pages hardly move when the widgets arrive after the page has painted (layout shift under 0.1)`, async () => {
      current = await openPage({ viewport: { width, height: 900 } });
      const { page } = current;
      await page.addInitScript(() => {
        const seen = window as unknown as { shift: number };
        seen.shift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
            seen.shift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const name of ['index', 'rich', 'forms']) {
        // The widgets' scripts are held until the page has painted without them.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/widgets\/.*\.js$/, async (route) => {
          await held;
          await route.continue();
        });
        // Module scripts hold DOMContentLoaded back: the page is there once it has committed and
        // its main part has been parsed (the demo pages are small).
        await page.goto(`${demoUrl()}/${name}.html`, { waitUntil: 'commit' });
        await page.locator('main').waitFor({ state: 'attached' });
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        release();
        await page.waitForFunction(() =>
          [...document.querySelectorAll('*')]
            .filter((el) => el.localName.startsWith('spartan-'))
            .every((el) => el.shadowRoot?.childElementCount),
        );
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        const shift = await page.evaluate(() => (window as unknown as { shift: number }).shift);
        expect(shift, name).toBeLessThan(0.1);
        await page.unrouteAll();
      }
    });
  }
});
