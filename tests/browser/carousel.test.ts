/**
 * The general carousel in Chromium, where embla measures and moves: arrows, loop and its ends,
 * keyboard (and keyboard off), dots, breakpoints, autoplay with its stops, reduced motion, and
 * Carousel and Explainers controlled by a host app (`index`, `onIndexChange`). The
 * fixture page (fixtures/carousel.tsx) is bundled here as the widgets are, and served from memory.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { build, type Rolldown } from 'vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/paths.ts';
import {
  browserResolve,
  productionDefine,
  reactPlugin,
  shimsPlugin,
} from '../../scripts/vite-shared.ts';
import { gotoHydrated, mainUrl, openPage, type TestPage } from './harness.ts';

const ORIGIN = 'http://carousel.test';
const files = new Map<string, string>();
/** A transparent GIF of one pixel. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

beforeAll(async () => {
  const result = (await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    resolve: browserResolve,
    plugins: [shimsPlugin(), reactPlugin()],
    define: productionDefine,
    build: {
      write: false,
      target: 'es2022',
      modulePreload: false,
      minify: false,
      rolldownOptions: {
        input: path.join(ROOT, 'tests/browser/fixtures/carousel.tsx'),
        output: { entryFileNames: 'main.js', chunkFileNames: '[name]-[hash].js' },
      },
    },
  })) as Rolldown.RolldownOutput;
  for (const file of result.output) {
    files.set(`/${file.fileName}`, file.type === 'chunk' ? file.code : String(file.source));
  }
  files.set(
    '/',
    `<!doctype html><html lang="en"><head><title>Carousels</title><style>
      .case { max-width: 900px; margin: 1rem auto; }
      .card { display: block; height: 120px; border: 2px solid #333; }
    </style></head><body><div id="app"></div><script type="module" src="/main.js"></script></body></html>`,
  );
}, 120_000);

let t: TestPage | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

async function open(
  options: { width?: number; reducedMotion?: 'reduce'; clock?: boolean } = {},
): Promise<Page> {
  t = await openPage({
    viewport: { width: options.width ?? 1280, height: 900 },
    reducedMotion: options.reducedMotion ?? 'no-preference',
  });
  // Timers (autoplay) and animation frames (embla's moves) then advance only when a test says.
  if (options.clock) await t.page.clock.install();
  await t.page.route(`${ORIGIN}/**`, (route) => {
    const { pathname } = new URL(route.request().url());
    // The explainer tiles' posters: any image will do.
    if (pathname.startsWith('/media/')) {
      return route.fulfill({ body: PIXEL, contentType: 'image/gif' });
    }
    const body = files.get(pathname);
    if (body === undefined) return route.fulfill({ status: 404 });
    const type = body.startsWith('<!doctype') ? 'text/html' : 'text/javascript';
    return route.fulfill({ body, contentType: type });
  });
  await t.page.goto(`${ORIGIN}/`);
  await t.page.locator('body[data-ready="true"]').waitFor();
  await t.page.locator('.spartan-carousel[data-engine="embla"]').first().waitFor();
  await expect
    .poll(() => t!.page.locator('.spartan-carousel:not([data-engine="embla"])').count())
    .toBe(0);
  return t.page;
}

const shown = (page: Page, name: string) =>
  page
    .locator(`#${name} [aria-roledescription="slide"]:not([aria-hidden])`)
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
/** The label of the slide after `label` in the three-slide autoplay case (it loops). */
const after = (label: string | null | undefined) =>
  ({ '1 of 3': '2 of 3', '2 of 3': '3 of 3', '3 of 3': '1 of 3' })[label ?? ''];
const button = (page: Page, name: string, label: string | RegExp) =>
  page.locator(`#${name}`).getByRole('button', { name: label });

describe('Carousel on embla', () => {
  it('once measured, only the slides in view are exposed; next loops past the last and previous back', async () => {
    const page = await open();
    await expect.poll(() => shown(page, 'looping')).toEqual(['1 of 3']);
    const hiddenInert = await page
      .locator('#looping [aria-roledescription="slide"][aria-hidden="true"]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).inert));
    expect(hiddenInert).toEqual([true, true]);
    const next = button(page, 'looping', 'Next slide');
    await next.click();
    await expect.poll(() => shown(page, 'looping')).toEqual(['2 of 3']);
    await next.click();
    await expect.poll(() => shown(page, 'looping')).toEqual(['3 of 3']);
    await next.click();
    await expect.poll(() => shown(page, 'looping')).toEqual(['1 of 3']);
    await button(page, 'looping', 'Previous slide').click();
    await expect.poll(() => shown(page, 'looping')).toEqual(['3 of 3']);
    expect(t!.errors).toEqual([]);
  });

  it('given loop off, then the arrows stop at the ends', async () => {
    const page = await open();
    const prev = button(page, 'bounded', 'Previous slide');
    const next = button(page, 'bounded', 'Next slide');
    await expect.poll(() => prev.isDisabled()).toBe(true);
    await next.click();
    await expect.poll(() => shown(page, 'bounded')).toEqual(['2 of 2']);
    await expect.poll(() => next.isDisabled()).toBe(true);
  });

  it('given an arrow key, then focus is on the new slide by the time the old one turns inert', async () => {
    const page = await open();
    await page.locator('#looping a.card').first().focus();
    // Where focus is at the moment the first slide turns inert: were it still there (or on the
    // body), a second key pressed before the page moved it on would be lost.
    await page.evaluate(() => {
      const first = document.querySelector('#looping [data-carousel-slide]')!;
      const observer = new MutationObserver(() => {
        if (!first.hasAttribute('inert')) return;
        first.setAttribute('data-focus-when-inert', document.activeElement?.textContent ?? '');
        observer.disconnect();
      });
      observer.observe(first, { attributes: true, attributeFilter: ['inert'] });
    });
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() =>
        page
          .locator('#looping [data-carousel-slide]')
          .first()
          .getAttribute('data-focus-when-inert'),
      )
      .toBe('looping 2');
  });

  it('moves with the left and right arrow keys and keeps focus on a slide in view; keyboard off ignores them', async () => {
    const page = await open();
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await page.locator('#looping a.card').first().focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => shown(page, 'looping')).toEqual(['2 of 3']);
    await expect.poll(focused).toBe('looping 2');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shown(page, 'looping')).toEqual(['1 of 3']);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => shown(page, 'looping')).toEqual(['3 of 3']);
    await expect.poll(focused).toBe('looping 3');

    // Keyboard off: the carousel leaves the key alone (it prevents the default of a key it uses).
    await page.locator('#no-keys a.card').first().focus();
    await page.evaluate(() => {
      const w = window as unknown as { prevented?: boolean };
      document.addEventListener('keydown', (e) => (w.prevented = e.defaultPrevented), {
        once: true,
      });
    });
    await page.keyboard.press('ArrowRight');
    expect(
      await page.evaluate(() => (window as unknown as { prevented?: boolean }).prevented),
    ).toBe(false);
    expect(await shown(page, 'no-keys')).toEqual(['1 of 3']);
  });

  it('shows slides per view by viewport breakpoints', async () => {
    const page = await open({ width: 1280 });
    await expect.poll(() => shown(page, 'three')).toEqual(['1 of 6', '2 of 6', '3 of 6']);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => shown(page, 'three')).toEqual(['1 of 6', '2 of 6']);
    await page.setViewportSize({ width: 375, height: 900 });
    await expect.poll(() => shown(page, 'three')).toEqual(['1 of 6']);
  });

  it('given dots, then one per position marks the current one and moves there', async () => {
    const page = await open();
    const dots = page.locator('#dots').getByRole('button', { name: /^Slide \d of 3$/ });
    await expect.poll(() => dots.count()).toBe(3);
    await expect.poll(() => dots.nth(0).getAttribute('aria-current')).toBe('true');
    await dots.nth(2).click();
    await expect.poll(() => shown(page, 'dots')).toEqual(['3 of 3']);
    await expect.poll(() => dots.nth(2).getAttribute('aria-current')).toBe('true');
    expect(await dots.nth(0).getAttribute('aria-current')).toBeNull();
  });

  it('autoplays every autoplayMs and loops; a dot chosen by the visitor stops it for good', async () => {
    const page = await open({ clock: true });
    const region = page.locator('#auto .spartan-carousel');
    expect(await region.getAttribute('data-state')).toBe('playing');
    await page.clock.runFor(1500);
    for (const expected of ['2 of 3', '3 of 3', '1 of 3']) {
      await page.clock.runFor(700); // the move's animation
      await expect.poll(() => shown(page, 'auto')).toEqual([expected]);
      await page.clock.runFor(800); // the rest of the interval
    }
    await button(page, 'auto', 'Slide 2 of 3').click();
    await page.mouse.move(1, 1);
    await page.clock.runFor(1000);
    await expect.poll(() => region.getAttribute('data-state')).toBe('paused');
    await expect.poll(() => shown(page, 'auto')).toEqual(['2 of 3']);
    await page.clock.runFor(6000);
    const current = page.locator('#auto [aria-current="true"]');
    expect(await current.textContent()).toBe('Slide 2 of 3');
    expect(await shown(page, 'auto')).toEqual(['2 of 3']);
  });

  it('given a turn falling due just as the visitor chooses a dot, then the chosen slide stays', async () => {
    const page = await open({ clock: true });
    // From here time moves only when the test says. The installed clock has been running in real
    // time, so the pause is set well ahead of it (a time already past is refused); a turn due on
    // the way may fire, so the slide to start from is read once the pointer has stopped the engine
    // and any move has settled.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 60_000));
    await page.locator('#auto .spartan-carousel__viewport').hover();
    await page.clock.runFor(1000);
    const [from] = await shown(page, 'auto');
    const chosen = after(from);
    expect(chosen).toBeDefined();
    // The pointer leaving the slides starts a full interval; the dot is chosen 1 ms before its
    // end, before the page has rendered the choice.
    await page.mouse.move(1, 1);
    await page.clock.runFor(1499);
    await button(page, 'auto', `Slide ${chosen}`).click();
    // Time stands still from here, but the click's own handling may already have shown the chosen
    // slide (on a busy machine it did): what counts is that the turn falling due does not move on
    // from it.
    await page.clock.runFor(3000);
    await page.mouse.move(1, 1);
    await page.clock.runFor(3000);
    await expect.poll(() => shown(page, 'auto')).toEqual([chosen]);
    expect(await page.locator('#auto .spartan-carousel').getAttribute('data-state')).toBe('paused');
  });

  it('stops rotating while keyboard focus is inside, until started again', async () => {
    const page = await open({ clock: true });
    await page.locator('#auto a.card').first().focus();
    const region = page.locator('#auto .spartan-carousel');
    await expect.poll(() => region.getAttribute('data-state')).toBe('paused');
    // The installed clock runs in real time until told otherwise: on a busy machine a slide may
    // have moved before focus arrived, so the slide to keep is the one shown once paused.
    const [paused] = await shown(page, 'auto');
    const next = after(paused);
    expect(next).toBeDefined();
    await page.clock.runFor(6000);
    expect(await shown(page, 'auto')).toEqual([paused]);
    await button(page, 'auto', 'Start automatic slide show').click();
    await page.mouse.move(1, 1);
    await expect.poll(() => region.getAttribute('data-state')).toBe('playing');
    await page.clock.runFor(2500);
    await expect.poll(() => shown(page, 'auto')).toEqual([next]);
  });

  it('a click on the rotation button stops it (focus by pointer does not count as entering)', async () => {
    const page = await open({ clock: true });
    const region = page.locator('#auto .spartan-carousel');
    await button(page, 'auto', 'Stop automatic slide show').click();
    await page.mouse.move(1, 1);
    await expect.poll(() => region.getAttribute('data-state')).toBe('paused');
    expect(await button(page, 'auto', 'Start automatic slide show').count()).toBe(1);
  });

  it('given reduced motion, then autoplay does not start', async () => {
    const page = await open({ reducedMotion: 'reduce' });
    const region = page.locator('#auto .spartan-carousel');
    expect(await region.getAttribute('data-state')).toBe('paused');
    await expect(button(page, 'auto', 'Start automatic slide show').count()).resolves.toBe(1);
  });
});

describe('Carousel and Explainers controlled by the app (index, onIndexChange)', () => {
  const reported = (page: Page, name: string) =>
    page.evaluate(
      (name) => (window as unknown as { reported: Record<string, number[]> }).reported[name] ?? [],
      name,
    );
  const appIndex = (page: Page, name: string) =>
    page.locator(`#${name}`).getAttribute('data-index');

  it.each([
    { name: 'controlled', start: ['1 of 3'], third: ['3 of 3'], next: ['1 of 3'], taken: 0 },
    {
      name: 'explainers-controlled',
      start: ['1 of 6', '2 of 6', '3 of 6'],
      third: ['3 of 6', '4 of 6', '5 of 6'],
      next: ['4 of 6', '5 of 6', '6 of 6'],
      taken: 3,
    },
  ])(
    '$name: the index prop moves the slides, and a move by the visitor is reported and taken',
    async ({ name, start, third, next, taken }) => {
      const page = await open();
      await expect.poll(() => shown(page, name)).toEqual(start);
      await page.locator(`#${name} .app-set`).click();
      await expect.poll(() => shown(page, name)).toEqual(third);
      await button(page, name, 'Next slide').click();
      await expect.poll(() => shown(page, name)).toEqual(next);
      await expect.poll(() => reported(page, name)).toContain(taken);
      await expect.poll(() => appIndex(page, name)).toBe(String(taken));
    },
  );

  it.each([
    { name: 'pinned', start: ['1 of 3'] },
    { name: 'explainers-pinned', start: ['1 of 6', '2 of 6', '3 of 6'] },
  ])(
    '$name: when the app keeps its index, a move by the visitor is reported and the slides go back',
    async ({ name, start }) => {
      const page = await open();
      await expect.poll(() => shown(page, name)).toEqual(start);
      await button(page, name, 'Next slide').click();
      // The move to 1 is reported, then the carousel's return to the app's 0.
      await expect.poll(() => reported(page, name)).toEqual([1, 0]);
      await expect.poll(() => shown(page, name)).toEqual(start);
      expect(await appIndex(page, name)).toBe('0');
    },
  );
});

describe('the home page hero', () => {
  it('stops rotating when keyboard focus enters it, and its pause button stops it by click', async () => {
    t = await openPage({ viewport: { width: 1280, height: 900 }, reducedMotion: 'no-preference' });
    const { page } = t;
    await page.clock.install();
    // The prerendered hero already says it plays: focus must wait for the code that handles it.
    await gotoHydrated(page, `${mainUrl()}/`);
    const hero = page.getByRole('region', { name: 'Highlights' });
    expect(await hero.getAttribute('data-state')).toBe('playing');
    await hero.getByRole('button', { name: 'Slide 1 of 4' }).focus();
    await expect.poll(() => hero.getAttribute('data-state')).toBe('paused');
    await page.clock.runFor(20_000);
    expect(await hero.locator('[aria-current="true"]').textContent()).toBe('Slide 1 of 4');
    await hero.getByRole('button', { name: 'Start automatic slide show' }).click();
    await expect.poll(() => hero.getAttribute('data-state')).toBe('playing');
    await hero.getByRole('button', { name: 'Stop automatic slide show' }).click();
    await expect.poll(() => hero.getAttribute('data-state')).toBe('paused');
  });
});

describe('the home page explainer carousel', () => {
  for (const [width, perView] of [
    [1440, 3],
    [768, 2],
  ] as const) {
    it(`at ${width} px: every card usable before the engine loads, ${perView} per view from the stylesheet alone, the first not clipped once it has, and the section as tall before as after`, async () => {
      t = await openPage({ viewport: { width, height: 900 } });
      const { page } = t;
      await page.goto(`${mainUrl()}/`);
      // Prerendered, before the section comes near: no slide is hidden or inert.
      const slides = page.locator('#home-explainers [aria-roledescription="slide"]');
      expect(await slides.count()).toBe(6);
      expect(
        await page
          .locator(
            '#home-explainers [inert], #home-explainers [aria-hidden="true"][aria-roledescription]',
          )
          .count(),
      ).toBe(0);
      // The widget's stylesheet lays the prerendered tiles out as the carousel will.
      const tilesPerView = () =>
        page.evaluate(() => {
          const view = document.querySelector('#home-explainers .spartan-carousel__viewport')!;
          const slide = document.querySelector('#home-explainers .spartan-carousel__slide')!;
          return Math.round(view.clientWidth / slide.getBoundingClientRect().width);
        });
      expect(await page.locator('#home-explainers [data-engine="embla"]').count()).toBe(0);
      expect(await tilesPerView()).toBe(perView);
      const height = () =>
        page.evaluate(
          () => document.querySelector('#home-explainers')!.getBoundingClientRect().height,
        );
      const before = await height();
      await page.locator('#home-explainers').scrollIntoViewIfNeeded();
      await page.locator('#home-explainers [data-engine="embla"]').waitFor();
      // Dots below 1024 px only, and the page kept their room before they came: nothing moved.
      const dots = page.locator('#home-explainers').getByRole('group', { name: 'Choose slide' });
      if (width < 1024) await dots.waitFor();
      expect(await dots.count()).toBe(width < 1024 ? 1 : 0);
      expect(await height()).toBeCloseTo(before, 0);
      await expect
        .poll(() =>
          page.evaluate(() => {
            const viewport = document
              .querySelector('#home-explainers .spartan-carousel__viewport')!
              .getBoundingClientRect();
            const first = document
              .querySelector('#home-explainers [part="tile"]')!
              .getBoundingClientRect();
            return first.left >= viewport.left - 0.5 && first.right <= viewport.right + 0.5;
          }),
        )
        .toBe(true);
      expect(await tilesPerView()).toBe(perView);
      expect(t.errors).toEqual([]);
    });
  }
});
