/**
 * What a visitor sees, checked through computed layout rather than pixels: parts that load
 * late (the letter popup) arrive with their styles, opening the popup does
 * not move the page, no route is wider than the viewport and no card is cut from 320 to
 * 1440 px, and on the same load, at 375 and 1440 px, every focusable element shows a focus
 * indicator of at least 3:1 and every target is big enough (the checks of a11y-keyboard.test.ts,
 * page-checks.ts), grids have no holes, and the visitor paths that move the page or the URL
 * (a hub's card, the story tabs, the founders' detail view) show what they should.
 * One page per route; widths are changed by resizing, not reloading.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { mainUrl, openPage, type TestPage } from './harness.ts';
import {
  clippedCards,
  focusIndicatorFailures,
  loadEverything,
  overflowing,
  pointerArea,
  SITE_ROUTES as ROUTES,
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

describe('late-loaded parts keep their styles', () => {
  it.each([
    ['/', 1440],
    ['/faq', 1440],
    ['/apply-spartan', 1440],
    ['/', 375],
    ['/faq', 375],
  ])(
    'on %s at %i px the letter popup is a positioned grid on screen, and opening it moves nothing',
    async (path, width) => {
      await t.page.setViewportSize({ width, height: 900 });
      await t.page.goto(mainUrl() + path, { waitUntil: 'networkidle' });
      const banner = t.page.locator('.spartan-banner').first();
      const before = await banner.boundingBox();
      const main = await t.page.locator('main').boundingBox();
      await t.page.getByRole('combobox', { name: 'A–Z: highlight states by letter' }).click();
      const list = t.page.getByRole('listbox', { name: 'Letter' });
      await list.waitFor();
      const style = await list.evaluate((el) => {
        const s = getComputedStyle(el);
        return { position: s.position, listStyle: s.listStyleType, display: s.display };
      });
      expect(style).toEqual({ position: 'absolute', listStyle: 'none', display: 'grid' });
      const box = await list.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
      expect((await banner.boundingBox())?.height).toBe(before?.height);
      expect((await t.page.locator('main').boundingBox())?.y).toBe(main?.y);
    },
  );
});

/** How many lines the text of the first element matching `selector` takes. */
const linesOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });

describe('the header and the banner', () => {
  // As most visitors see them: with the ticker running (the page's default here is reduced
  // motion, under which the ticker is a still, scrollable list).
  beforeAll(() => t.page.emulateMedia({ reducedMotion: 'no-preference' }));
  afterAll(() => t.page.emulateMedia({ reducedMotion: 'reduce' }));
  it.each([
    [375, 130],
    [320, 145],
  ])(
    'at %i px take at most %i px together, in legible text and with targets of 24 px',
    async (width, limit) => {
      await t.page.setViewportSize({ width, height: 800 });
      await t.page.goto(mainUrl() + '/', { waitUntil: 'networkidle' });
      const measured = await t.page.evaluate(() => {
        const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
        const size = (selector: string) =>
          parseFloat(getComputedStyle(document.querySelector(selector)!).fontSize);
        const targets = ['.hamburger', '.spartan-letters__button', '.spartan-banner__toggle'].map(
          (selector) => Math.min(box(selector).width, box(selector).height),
        );
        return {
          height: Math.round(box('.spartan-banner').bottom - box('.site-header').top),
          smallestText: Math.min(
            size('.brand__tagline'),
            size('.spartan-banner__message'),
            size('.spartan-banner__state'),
          ),
          smallestTarget: Math.min(...targets),
          // The ticker keeps most of the row, so that several state names show.
          ticker: box('.spartan-banner__ticker').width / window.innerWidth,
        };
      });
      expect(measured.height).toBeLessThanOrEqual(limit);
      expect(measured.smallestText).toBeGreaterThanOrEqual(12);
      expect(measured.smallestTarget).toBeGreaterThanOrEqual(24);
      expect(measured.ticker).toBeGreaterThan(0.6);
      expect(await linesOf(t.page, '.spartan-banner__message')).toBeLessThanOrEqual(2);
      if (width >= 375) expect(await linesOf(t.page, '.brand__tagline')).toBe(1);
    },
  );

  it.each([1280, 1366, 1440])(
    'at %i px the tagline takes one line and both menu arrows keep their width',
    async (width) => {
      await t.page.setViewportSize({ width, height: 900 });
      await t.page.goto(mainUrl() + '/', { waitUntil: 'networkidle' });
      expect(await linesOf(t.page, '.brand__tagline')).toBe(1);
      // The header's call to action, on one line at the common laptop widths too.
      expect(await linesOf(t.page, '.site-header__letter')).toBe(1);
      const arrows = await t.page
        .locator('.nav-menu__button .chevron')
        .evaluateAll((all) => all.map((el) => el.getBoundingClientRect().width));
      expect(arrows).toHaveLength(2);
      expect(arrows[0]).toBeGreaterThanOrEqual(12);
      expect(arrows[1]).toBe(arrows[0]);
      // The row still fits: the letter button ends inside the viewport, on the nav's row.
      const fits = await t.page.evaluate(() => {
        const letter = document.querySelector('.site-header__letter')!.getBoundingClientRect();
        const nav = document.querySelector('.site-nav')!.getBoundingClientRect();
        return (
          letter.right <= window.innerWidth && letter.left >= nav.right && nav.top < letter.bottom
        );
      });
      expect(fits).toBe(true);
    },
  );

  it.each([1024, 1152, 1279])(
    'at %i px, where the navigation takes a second row, the tagline starts under the logo',
    async (width) => {
      await t.page.setViewportSize({ width, height: 900 });
      await t.page.goto(mainUrl() + '/', { waitUntil: 'networkidle' });
      const edges = await t.page.evaluate(() =>
        ['.brand__logo', '.brand__tagline'].map((selector) =>
          Math.round(document.querySelector(selector)!.getBoundingClientRect().left),
        ),
      );
      expect(edges[1]).toBe(edges[0]);
      expect(await linesOf(t.page, '.site-header__letter')).toBe(1);
    },
  );
});

describe('text spacing (WCAG 1.4.12)', () => {
  // The spacing a reader may set: line height 1.5, paragraphs 2 em apart, letters 0.12 em and
  // words 0.16 em. Set through the CSSOM (constructed sheets), which the page's CSP allows.
  const SPACING =
    '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }';
  it.each([1024, 1280, 1366, 1440])(
    'at %i px the header takes the wider text on more rows, never past the viewport',
    async (width) => {
      await t.page.setViewportSize({ width, height: 900 });
      await t.page.goto(mainUrl() + '/', { waitUntil: 'networkidle' });
      await t.page.evaluate((css) => {
        const add = (root: Document | ShadowRoot) => {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(css);
          root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
        };
        add(document);
        for (const el of document.querySelectorAll('*')) if (el.shadowRoot) add(el.shadowRoot);
      }, SPACING);
      await expect
        .poll(async () => ({ width, wide: await overflowing(t.page) }))
        .toEqual({ width, wide: [] });
      const letter = await t.page.locator('.site-header__letter').boundingBox();
      expect(letter!.x + letter!.width).toBeLessThanOrEqual(width);
    },
  );
});

describe('story pages carry their own tab styles', () => {
  it.each([
    ['/white-paper', 1366],
    ['/clear-statement', 375],
  ])(
    'on %s at %i px the chapter tabs use the page font and are 44 px tall',
    async (path, width) => {
      await t.page.setViewportSize({ width, height: 900 });
      await t.page.goto(mainUrl() + path, { waitUntil: 'networkidle' });
      const tabs = await t.page.locator('.story__tab').evaluateAll((all) =>
        all.map((tab) => {
          const s = getComputedStyle(tab);
          return {
            sameFont: s.fontFamily === getComputedStyle(document.body).fontFamily,
            tall: tab.getBoundingClientRect().height >= 44,
          };
        }),
      );
      expect(tabs.length).toBeGreaterThan(3);
      expect(tabs.filter((tab) => !tab.sameFont || !tab.tall)).toEqual([]);
    },
  );
});

/** The story pages, each with its section tabs. */
const STORY_PAGES = [
  '/white-paper',
  '/clear-statement',
  '/mission-statement',
  '/spartan-wealth-fund',
];
/** The pages with a row of underlined tabs on wide screens. */
const TAB_PAGES = ['/spartan-emp-benefits', '/join-spartan', '/investors'];

describe('tab labels on phones and tablets', () => {
  const cases = STORY_PAGES.flatMap((path) => [320, 375, 768].map((w) => [path, w] as const));
  it.each(cases)(
    'on %s at %i px each story tab is one line, the chosen one whole, the next one readable',
    async (path, width) => {
      const page = await open(path, width);
      const tabs = page.getByRole('tab');
      for (const index of [0, 1]) {
        // The first tab, then the second (the row scrolls to it): its neighbour shows its label.
        await tabs.nth(index).click();
        await expect
          .poll(() =>
            page.locator('.story__list').evaluate((row, chosen) => {
              const edge = row.getBoundingClientRect();
              const all = [...row.querySelectorAll('[role="tab"]')];
              const lines = all.map((tab) => {
                const range = document.createRange();
                range.selectNodeContents(tab);
                return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
              });
              const box = all[chosen]!.getBoundingClientRect();
              // How much of the next tab's text lies inside the row (its text starts after its
              // left padding).
              const next = all[chosen + 1]!;
              const nextBox = next.getBoundingClientRect();
              const textStart = nextBox.left + parseFloat(getComputedStyle(next).paddingLeft);
              return {
                oneLine: lines.every((n) => n === 1),
                short: all.every((tab) => tab.getBoundingClientRect().height <= 48),
                whole: box.left >= edge.left - 1 && box.right <= edge.right + 1,
                nextText: Math.round(Math.min(edge.right, nextBox.right) - textStart) >= 24,
              };
            }, index),
          )
          .toEqual({ oneLine: true, short: true, whole: true, nextText: true });
      }
    },
  );

  const rows = TAB_PAGES.flatMap((path) => [320, 375, 768].map((w) => [path, w] as const));
  it.each(rows)('on %s at %i px every tab is on screen, whole', async (path, width) => {
    const page = await open(path, width);
    const hidden = await page.getByRole('tab').evaluateAll((all) =>
      all
        .filter((tab) => {
          const box = tab.getBoundingClientRect();
          const list = tab.parentElement!.getBoundingClientRect();
          return (
            box.width === 0 ||
            box.left < Math.max(0, list.left) - 1 ||
            box.right > Math.min(window.innerWidth, list.right) + 1
          );
        })
        .map((tab) => tab.textContent),
    );
    expect(hidden).toEqual([]);
    // Every tab is still reached from the list by the arrow keys (WAI-ARIA tabs).
    await page.getByRole('tab').first().focus();
    const count = await page.getByRole('tab').count();
    for (let i = 1; i < count; i++) await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-selected'))).toBe(
      'true',
    );
    expect(await page.getByRole('tab').last().getAttribute('aria-selected')).toBe('true');
  });
});

/** The widths at which every route's focus rings and targets are measured: a phone's, the widest. */
const RING_WIDTHS = new Set([375, 1440]);

describe('no route is wider than the viewport, no card is cut, and every focus ring is seen', () => {
  // One load of each route serves both sweeps: the layout at every width, and the focus
  // indicators and target sizes at two of them (a load, with every part loaded as it nears the
  // viewport, is most of a route's cost).
  it.each(ROUTES)(
    '%s from 320 to 1440 px; at 375 and 1440 px its focus rings and targets',
    async (path) => {
      await t.page.setViewportSize({ width: 1440, height: 900 });
      await t.page.goto(mainUrl() + path, { waitUntil: 'networkidle' });
      // Parts that load as they near the viewport (videos, the map) are measured too.
      await loadEverything(t.page);
      for (const width of WIDTHS) {
        await t.page.setViewportSize({ width, height: 900 });
        await expect
          .poll(async () => ({ width, wide: await overflowing(t.page) }))
          .toEqual({ width, wide: [] });
        // Polled as the width is: after a resize, a grid may take a frame or two to settle.
        await expect
          .poll(async () => ({ width, cut: await clippedCards(t.page) }))
          .toEqual({ width, cut: [] });
        if (!RING_WIDTHS.has(width)) continue;
        const rings = await focusIndicatorFailures(t.page);
        expect({ width, rings }).toEqual({ width, rings: [] });
        expect({ width, targets: await targetSizeFailures(t.page) }).toEqual({
          width,
          targets: [],
        });
      }
    },
  );
});

async function open(path: string, width = 1440, height = 900): Promise<Page> {
  await t.page.setViewportSize({ width, height });
  await t.page.goto(mainUrl() + path, { waitUntil: 'networkidle' });
  return t.page;
}

/** How many cards sit in each row of a grid (by their top edge). */
const rowsOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((grid) => {
    const rows = new Map<number, number>();
    for (const item of grid.children) {
      const top = Math.round(item.getBoundingClientRect().top);
      rows.set(top, (rows.get(top) ?? 0) + 1);
    }
    return [...rows.values()];
  });

describe('balanced grids and placeholders that look intended', () => {
  it.each(WIDTHS)('at %i px the partner cards fill their rows, with no orphan', async (width) => {
    const page = await open('/', width);
    const home = await rowsOf(page, '.company-grid');
    expect(home.every((n) => n === home[0])).toBe(true);
    const fill = await page.locator('.company-grid').evaluate((grid) => {
      const last = grid.lastElementChild!.getBoundingClientRect().right;
      return Math.abs(grid.getBoundingClientRect().right - last) < 2;
    });
    expect(fill).toBe(true);
    await open('/spartan-emp-benefits', width);
    await page.getByRole('tab', { name: 'Stock Plans' }).click();
    const stock = await rowsOf(page, '[role="tabpanel"]:not([hidden]) .company-grid');
    expect(stock.every((n) => n === stock[0])).toBe(true);
  });

  it.each([640, 768, 1023])(
    'at %i px a founder alone in the last row is centred',
    async (width) => {
      const page = await open('/founders', width);
      const [left, right] = await page.locator('.founder-grid').evaluate((grid) => {
        const outer = grid.getBoundingClientRect();
        const last = grid.lastElementChild!.getBoundingClientRect();
        return [last.left - outer.left, outer.right - last.right];
      });
      expect(left).toBeGreaterThan(100);
      expect(Math.abs(left - right)).toBeLessThan(2);
    },
  );

  it('founder portraits are cards, not full-height photos, at 375 px', async () => {
    const page = await open('/founders', 375);
    const heights = await page
      .locator('.founder-card__photo')
      .evaluateAll((imgs) => imgs.map((img) => img.getBoundingClientRect().height));
    expect(heights).toHaveLength(3);
    for (const height of heights) expect(height).toBeLessThan(240);
  });

  it('each fund topic has its own poster, which fills its tile, and no clip of another page', async () => {
    const page = await open('/spartan-wealth-fund');
    const tabs = page.getByRole('tab');
    const count = await tabs.count();
    const posters: string[] = [];
    const clips: string[] = [];
    for (let i = 0; i < count; i++) {
      await tabs.nth(i).click();
      const tile = page.locator('[role="tabpanel"]:not([hidden]) .video-tile');
      const [poster, fills, clip] = await tile.evaluate((button) => {
        const video = button.querySelector('video')!;
        const a = button.getBoundingClientRect();
        const b = video.getBoundingClientRect();
        const source = video.querySelector('source')?.getAttribute('src') ?? video.src;
        return [
          video.getAttribute('poster') ?? '',
          Math.abs(a.height - b.height) < 1,
          source,
        ] as const;
      });
      expect(fills).toBe(true);
      posters.push(poster);
      clips.push(clip);
    }
    expect(posters).toEqual(posters.map((_, i) => `/media/images/fund-topic-${i + 1}.svg`));
    // The founders' clip letters THE FOUNDERS on every frame: it belongs to no fund topic.
    expect(clips.filter((clip) => !clip)).toEqual([]);
    expect(clips.filter((clip) => clip.includes('the-founders'))).toEqual([]);
  });

  it.each([375, 1024, 1440])(
    'at %i px a fund poster’s play button sits right, clear of its lettering',
    async (width) => {
      const page = await open('/spartan-wealth-fund', width);
      const at = await page
        .locator('[role="tabpanel"]:not([hidden]) .video-tile')
        .evaluate((tile) => {
          const box = tile.getBoundingClientRect();
          const play = tile.querySelector('.video-tile__play')!.getBoundingClientRect();
          return { left: (play.left - box.left) / box.width, inside: play.right <= box.right };
        });
      // The posters letter their number, topic and title on the left 60 %.
      expect(at.left).toBeGreaterThan(0.6);
      expect(at.inside).toBe(true);
    },
  );

  it('white-paper chapters each have their own text', async () => {
    const page = await open('/white-paper');
    const texts = new Set<string>();
    const tabs = page.getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      texts.add(await page.locator('[role="tabpanel"]:not([hidden]) .paper p').first().innerText());
    }
    expect(texts.size).toBe(await tabs.count());
  });
});

describe('the passcode', () => {
  it.each([320, 375])('at %i px its six boxes sit inside the card', async (width) => {
    const page = await open('/employee-one-time-pass', width);
    const outside = await page.evaluate(() => {
      const card = document.querySelector('.card-form')!;
      const frame = card.getBoundingClientRect();
      const style = getComputedStyle(card);
      const left = frame.left + parseFloat(style.borderLeftWidth);
      const right = frame.right - parseFloat(style.borderRightWidth);
      const boxes = [...document.querySelectorAll('.passcode__box')].map((box) =>
        box.getBoundingClientRect(),
      );
      return {
        count: boxes.length,
        outside: boxes
          .map((box, i) => ({ i, left: box.left, right: box.right }))
          .filter((box) => box.left < left - 0.5 || box.right > right + 0.5),
      };
    });
    expect(outside).toEqual({ count: 6, outside: [] });
    expect(await overflowing(page)).toEqual([]);
  });
});

describe('the explainer carousel', () => {
  it.each([1024, 1280, 1366, 1440])(
    'at %i px its one arrow, next, stays on screen and covers at most 30 px of the last poster',
    async (width) => {
      const page = await open('/', width);
      await page.locator('.home-explainers').scrollIntoViewIfNeeded();
      // The arrow comes with the carousel's engine, after first render.
      await page.locator('.home-explainers .spartan-carousel__arrow--next').waitFor();
      const cover = await page.evaluate(() => {
        const box = (el: Element) => el.getBoundingClientRect();
        const view = box(document.querySelector('.home-explainers .spartan-carousel__viewport')!);
        const tiles = [...document.querySelectorAll('.home-explainers .spartan-carousel__slide')]
          .map((slide) => box(slide.firstElementChild!))
          .filter((tile) => tile.left >= view.left - 1 && tile.right <= view.right + 1);
        const next = box(
          document.querySelector('.home-explainers .spartan-carousel__arrow--next')!,
        );
        const last = tiles[tiles.length - 1]!;
        return {
          onScreen: next.right <= document.documentElement.clientWidth,
          next: Math.round(last.right - next.left),
          prev: document.querySelectorAll('.home-explainers .spartan-carousel__arrow--prev').length,
        };
      });
      expect(cover).toMatchObject({ onScreen: true, prev: 0 });
      expect(cover.next).toBeLessThanOrEqual(30);
    },
  );
});

describe('the apply form', () => {
  it.each(WIDTHS)('at %i px its controls line up, and no side button wraps', async (width) => {
    const page = await open('/apply-spartan', width);
    const layout = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const phone = box('input[name="phone"]');
      const resume = box('input[type="file"]');
      // Lines each side-panel button's label takes (one rectangle per line box).
      const lines = [...document.querySelectorAll('.flow-page__aside .button')].map((button) => {
        const range = document.createRange();
        range.selectNodeContents(button);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      return {
        sameRow: Math.abs(phone.top - resume.top) < 80,
        dy: [resume.top - phone.top, resume.bottom - phone.bottom].map(Math.round),
        lines,
      };
    });
    // Level with its neighbour: the same top and the same bottom.
    if (layout.sameRow) expect(layout.dy).toEqual([0, 0]);
    // At 320 px the panel is 288 px wide: the longer label takes two centred lines there.
    if (width >= 375) expect(layout.lines).toEqual([1, 1]);
  });

  it('the resume picker has the kit’s button and a ring of at least 3:1 when focused', async () => {
    const page = await open('/apply-spartan', 1024);
    const picker = page.locator('input[type="file"]');
    const button = await picker.evaluate((el) => {
      const s = getComputedStyle(el, '::file-selector-button');
      return { background: s.backgroundColor, color: s.color, radius: s.borderTopLeftRadius };
    });
    expect(button).toEqual({
      background: 'rgb(20, 20, 20)',
      color: 'rgb(201, 162, 39)',
      radius: '999px',
    });
    await page.getByLabel('Phone Number').focus();
    await page.keyboard.press('Tab');
    expect(await picker.evaluate((el) => el === document.activeElement)).toBe(true);
    const ring = await picker.evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor };
    });
    // #1a5fb4 on the form's white is 6.4:1.
    expect(ring).toEqual({ style: 'solid', width: 3, color: 'rgb(26, 95, 180)' });
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
    [1440, 900],
    [375, 800],
  ])('at %i×%i, choosing a hub brings the map and its card into view', async (width, height) => {
    const page = await open('/innovation-hubs', width, height);
    await page.getByRole('button', { name: 'Denver Future Hub', exact: true }).first().click();
    const card = page.locator('.spartan-hub-map__details');
    await expect.poll(() => card.getAttribute('data-state')).toBe('selected');
    await expect
      .poll(() =>
        card.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight + 1;
        }),
      )
      .toBe(true);
  });

  it.each([
    [1440, 900],
    [375, 800],
  ])('at %i×%i, zooming in after choosing Denver keeps Denver in the frame', async (w, h) => {
    const page = await open('/innovation-hubs', w, h);
    await page.getByRole('button', { name: 'Denver Future Hub', exact: true }).first().click();
    await page.locator('.spartan-hub-map__map path.spartan-hub-map__state').first().waitFor();
    /** Where Denver's marker is in the frame, as fractions of its width and height. */
    const denver = () =>
      page.evaluate(() => {
        const frame = document.querySelector('.spartan-hub-map__frame')!.getBoundingClientRect();
        const pin = document
          .querySelector('g.spartan-hub-map__marker[aria-label="Denver Future Hub"] circle')!
          .getBoundingClientRect();
        const x = (pin.left + pin.width / 2 - frame.left) / frame.width;
        const y = (pin.top + pin.height / 2 - frame.top) / frame.height;
        return { x: Math.round(x * 100) / 100, y: Math.round(y * 100) / 100 };
      });
    for (const step of [1, 2, 3]) {
      await page.getByRole('button', { name: 'Zoom in' }).click();
      // The map glides to its new view; once it has, the chosen hub is about the middle.
      await expect
        .poll(async () => {
          const at = await denver();
          return { step, near: Math.abs(at.x - 0.5) < 0.1 && Math.abs(at.y - 0.5) < 0.1 };
        })
        .toEqual({ step, near: true });
    }
  });

  it('at 375 px, Next brings the active story tab into the tab row’s view', async () => {
    const page = await open('/clear-statement', 375, 800);
    const next = page.getByRole('button', { name: /^Next/ });
    const tabs = await page.getByRole('tab').count();
    for (let i = 1; i < tabs; i++) {
      await next.click();
      const seen = () =>
        page.locator('[role="tab"][aria-selected="true"]').evaluate((tab) => {
          const row = tab.parentElement!.getBoundingClientRect();
          const box = tab.getBoundingClientRect();
          return box.left >= row.left - 1 && box.right <= row.right + 1;
        });
      await expect
        .poll(async () => ({ tab: i, seen: await seen() }))
        .toEqual({ tab: i, seen: true });
    }
  });

  it('Go to Page / Chapter with the sidebar open shows where focus went', async () => {
    // With motion, the list lights up for a moment (under reduced motion, for 1 ms).
    await t.page.emulateMedia({ reducedMotion: 'no-preference' });
    onTestFinished(() => t.page.emulateMedia({ reducedMotion: 'reduce' }));
    const page = await open('/white-paper');
    await page.getByRole('button', { name: 'Go to Page / Chapter' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return el.getAttribute('role') === 'tab' && el.matches(':focus-visible');
        }),
      )
      .toBe(true);
    expect(await page.locator('.story__list[data-called]').count()).toBe(1);
  });

  it('founders: browser Back from a detail view returns to the grid, Forward to the view', async () => {
    const page = await open('/founders');
    await page.getByRole('button', { name: /Helena Markos/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?founder=2');
    await page.getByRole('heading', { name: 'Helena Markos' }).waitFor();
    await page.goBack();
    await expect
      .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
      .toBe('/founders');
    await expect
      .poll(() => page.getByRole('button', { name: /Leon Aristides/ }).isVisible())
      .toBe(true);
    await page.goForward();
    await page.getByRole('heading', { name: 'Helena Markos' }).waitFor();
    // A detail view opened by its address, then its own Back button: the grid, still on the page.
    await open('/founders?founder=3');
    await page.getByRole('heading', { name: 'Damon Castellan' }).waitFor();
    await page.getByRole('button', { name: /Back to all founders/ }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /Damon Castellan/ }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/founders');
  });

  it('the counter is restored from a stored selectedDate', async () => {
    // The date is stored from a page of the same origin with no counter on it: a running counter
    // stores its own date on every tick, so one could overwrite the test's before a reload.
    const page = await open('/robots.txt');
    await page.evaluate(() => {
      localStorage.setItem('selectedDate', '2026-01-01T00:00:00.000Z');
      localStorage.removeItem('dollars');
      localStorage.removeItem('cents');
    });
    await page.goto(mainUrl() + '/spartan-wealth-fund', { waitUntil: 'networkidle' });
    // Within a few seconds of the clock, counted from the stored date (not from 2024-12-15), once
    // the counter has hydrated: the prerendered figure counts from the default date, and on a busy
    // machine the counter's code can still be starting when the network goes idle.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const text = document.querySelector('.spartan-counter__digits')?.textContent ?? '';
          const cents = Math.floor(
            (Date.now() - Date.parse('2026-01-01T00:00:00Z')) /
              1000 /
              ((30 * 24 * 60 * 60) / 2_500_000 / 100),
          );
          return Math.abs(Number(text.replace(/[^0-9]/g, '')) - cents) < 1000;
        }),
      )
      .toBe(true);
    await page.evaluate(() => localStorage.clear());
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

/** A real id, of the form the server issues. */
const AN_ID = 'c6bbc05e-6dd9-445b-bed8-1c2d3e4f5a6b';

describe('a consistent finish', () => {
  it('at 1440 px every page title starts at the same place, under its small label', async () => {
    const paths = [
      '/our-purpose',
      '/our-philosophy',
      '/innovation-hubs',
      '/founders',
      '/mission-statement',
      '/clear-statement',
      '/open-letter',
      '/white-paper',
      '/explainers',
      '/contact-us',
      '/spartan-emp-benefits',
      '/investors',
      '/accredited-investor',
      '/apply-spartan',
      '/employee-login',
      '/employee-forgot-pass',
      '/employee-forgot-spartan-id',
      '/employee-one-time-pass',
      '/employee-reset-pass',
    ];
    const seen: Record<string, { left: number; label: boolean }> = {};
    for (const path of paths) {
      const page = await open(path);
      seen[path] = await page.evaluate(() => {
        const h1 = document.querySelector('main h1')!;
        const label = h1.previousElementSibling;
        return {
          left: Math.round(h1.getBoundingClientRect().left),
          label: Boolean(
            label?.matches('.page-intro__eyebrow') && label.textContent!.trim().length > 0,
          ),
        };
      });
    }
    const first = seen[paths[0]!]!.left;
    expect(seen).toEqual(Object.fromEntries(paths.map((p) => [p, { left: first, label: true }])));
  });

  it.each([
    ['/apply-spartan-success', 320],
    ['/apply-spartan-success', 375],
    ['/success-invest', 320],
    ['/success-invest', 375],
  ])('on %s at %i px the id box keeps its label on one line, the id under it', async (path, w) => {
    const page = await open(`${path}?id=${AN_ID}`, w);
    await expect.poll(() => page.locator('.spartan-idbox__value').textContent()).toBe(AN_ID);
    expect(await linesOf(page, '.spartan-idbox__label')).toBe(1);
    const [label, value] = await page
      .locator('.spartan-idbox__label, .spartan-idbox__value')
      .evaluateAll((all) => all.map((el) => el.getBoundingClientRect()));
    expect(value!.top).toBeGreaterThanOrEqual(label!.bottom - 1);
    // The counter as other pages show it: gold border, shadow, and the fund's link.
    const counter = await page.locator('.fund-counter').evaluate((el) => ({
      border: getComputedStyle(el.querySelector('.spartan-counter')!).borderTopColor,
      shadow: getComputedStyle(el.querySelector('.spartan-counter')!).boxShadow !== 'none',
      link: el.querySelector('a')?.textContent?.includes('About the Private Spartan Wealth Fund'),
    }));
    expect(counter).toEqual({ border: 'rgb(201, 162, 39)', shadow: true, link: true });
  });

  it.each([375, 1440])(
    'at %i px the login card stays put when its errors appear, one message a line',
    async (w) => {
      const page = await open('/security-login', w);
      const top = () =>
        page.getByRole('heading', { name: 'Sign in to continue' }).evaluate((el) => {
          return Math.round(el.getBoundingClientRect().top + window.scrollY);
        });
      const before = await top();
      await page.getByRole('button', { name: 'Login' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.getByRole('listitem').allTextContents()).toEqual([
        'Enter your username',
        'Enter your password',
      ]);
      expect(await top()).toBe(before);
      const look = await alert.evaluate((el) => {
        const s = getComputedStyle(el);
        return { radius: parseFloat(s.borderTopLeftRadius) > 0, ring: s.outlineColor };
      });
      // The apply form's summary looks the same way (below): rounded, and a dark gold ring.
      expect(look).toEqual({ radius: true, ring: 'rgb(138, 109, 11)' });
    },
  );

  it('the apply form’s error summary is rounded, ringed in dark gold, and clear of the note', async () => {
    const page = await open('/apply-spartan', 375);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await summary.waitFor();
    const look = await summary.evaluate((el) => {
      const s = getComputedStyle(el);
      const note = el.parentElement!.querySelector('.spartan-form__required, .spartan-form__note');
      const after = note ?? el.nextElementSibling!;
      return {
        radius: parseFloat(s.borderTopLeftRadius) > 0,
        ring: s.outlineColor,
        gap: after.getBoundingClientRect().top - el.getBoundingClientRect().bottom >= 16,
      };
    });
    expect(look).toEqual({ radius: true, ring: 'rgb(138, 109, 11)', gap: true });
  });

  it.each([
    ['/our-purpose', 320],
    ['/embed', 375],
  ])('on %s at %i px the counter’s caption takes one line', async (path, w) => {
    const page = await open(path, w);
    const lines = await page
      .locator('spartan-counter, .fund-counter')
      .first()
      .evaluate((el) => {
        const root = el.shadowRoot ?? el;
        const label = root.querySelector('.spartan-counter__label')!;
        const range = document.createRange();
        range.selectNodeContents(label);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
    expect(lines).toBe(1);
  });

  it.each([375, 1440])('at %i px the /embed preview’s counter is centred', async (w) => {
    const page = await open('/embed', w);
    const sides = await page.locator('.embed-builder__stage').evaluate((stage) => {
      const el = stage.querySelector('spartan-counter')!;
      const counter = (el.shadowRoot ?? el).querySelector('.spartan-counter')!;
      const a = stage.getBoundingClientRect();
      const b = counter.getBoundingClientRect();
      return Math.abs(b.left - a.left - (a.right - b.right));
    });
    expect(sides).toBeLessThan(2);
  });

  it('at 1440 px Stock Plans lays its four cards across the panel, in one row', async () => {
    const page = await open('/spartan-emp-benefits');
    await page.getByRole('tab', { name: 'Stock Plans' }).click();
    const grid = page.locator('[role="tabpanel"]:not([hidden]) .company-grid');
    expect(await rowsOf(page, '[role="tabpanel"]:not([hidden]) .company-grid')).toEqual([4]);
    const share = await grid.evaluate(
      (el) =>
        el.getBoundingClientRect().width /
        el.closest('[role="tabpanel"]')!.getBoundingClientRect().width,
    );
    expect(share).toBeGreaterThan(0.95);
  });

  it.each([
    ['/apply-spartan', 'Join'],
    ['/spartan-emp-benefits', 'Join'],
    ['/invest-apply', 'Invest'],
    ['/accredited-investor', 'Invest'],
  ])('on %s the header marks %s as the current part of the site', async (path, name) => {
    const page = await open(path);
    const link = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name, exact: true });
    expect(await link.getAttribute('aria-current')).toBe('true');
    expect(await link.evaluate((el) => getComputedStyle(el).boxShadow)).toContain('inset');
  });

  it('at 375 px the A–Z button and the ticker’s pause take a finger’s 44 px, the letter centred', async () => {
    const page = await open('/', 375, 800);
    for (const selector of ['.spartan-letters__button', '.spartan-banner__toggle']) {
      const area = await pointerArea(page, selector);
      expect({ selector, wide: area.width >= 44, tall: area.height >= 44 }).toEqual({
        selector,
        wide: true,
        tall: true,
      });
    }
    await page.getByRole('combobox', { name: 'A–Z: highlight states by letter' }).click();
    await page.getByRole('option', { name: 'I', exact: true }).click();
    const offset = await page.locator('.spartan-letters__button').evaluate((button) => {
      const box = button.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(button);
      const text = range.getBoundingClientRect();
      return Math.abs(text.left - box.left - (box.right - text.right));
    });
    expect(offset).toBeLessThan(3);
  });

  it('at 375 px the open mobile menu’s rows of one line are all the same height', async () => {
    const page = await open('/', 375, 800);
    await page.getByRole('button', { name: /menu/i }).first().click();
    const rows = await page
      .locator('.mobile-menu__toggle, .mobile-menu__links > li > a')
      .evaluateAll((all) =>
        all
          .filter((el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size === 1;
          })
          .map((el) => Math.round(el.getBoundingClientRect().height)),
      );
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(new Set(rows)).toEqual(new Set([48]));
  });

  it('at 1440 px the white paper’s page number ends at the card’s edge; wrapped chapters hang', async () => {
    const page = await open('/white-paper');
    const measured = await page.evaluate(() => {
      const panel = document.querySelector('[role="tabpanel"]:not([hidden])')!;
      const pad = parseFloat(getComputedStyle(panel).paddingRight);
      const pageNo = panel.querySelector('.paper__page')!;
      const range = document.createRange();
      range.selectNodeContents(pageNo);
      const text = range.getBoundingClientRect();
      const titles = [...document.querySelectorAll('.story__tab-title')].map((title) => {
        const r = document.createRange();
        r.selectNodeContents(title);
        return new Set([...r.getClientRects()].map((rect) => Math.round(rect.left))).size;
      });
      return {
        end: Math.abs(panel.getBoundingClientRect().right - pad - text.right) < 2,
        hanging: titles.every((n) => n === 1),
        count: titles.length,
      };
    });
    expect(measured).toEqual({ end: true, hanging: true, count: 10 });
  });

  it('employee login: no empty line under its links, gold card edges, black field edges', async () => {
    const page = await open('/employee-login', 375);
    const measured = await page.evaluate(() => {
      const card = document.querySelector('.card-form')!.getBoundingClientRect();
      const links = document.querySelector('.card-form__links')!.getBoundingClientRect();
      const aside = getComputedStyle(document.querySelector('.card-form__aside')!);
      const input = getComputedStyle(document.querySelector('.card-form input')!);
      return {
        under: Math.round(card.bottom - links.bottom) <= 30,
        aside: aside.borderTopColor,
        input: input.borderTopColor,
      };
    });
    expect(measured).toEqual({ under: true, aside: 'rgb(201, 162, 39)', input: 'rgb(20, 20, 20)' });
  });

  it('at 375 px the passcode leaves no empty line under its boxes', async () => {
    const page = await open('/employee-one-time-pass', 375);
    const gap = await page.evaluate(() => {
      const boxes = document.querySelector('.passcode')!.getBoundingClientRect();
      const buttons = document.querySelector('.card-form .button-row')!.getBoundingClientRect();
      return buttons.top - boxes.bottom;
    });
    expect(gap).toBeLessThanOrEqual(20);
  });

  it('at 375 px the home page has no doubled space between the videos and the footer', async () => {
    const page = await open('/', 375, 800);
    const gap = await page.evaluate(() => {
      const dots = document.querySelector('.home-explainers')!.getBoundingClientRect();
      const footer = document.querySelector('.site-footer')!.getBoundingClientRect();
      return footer.top - dots.bottom;
    });
    expect(gap).toBeLessThanOrEqual(60);
  });

  it.each([320, 375, 768, 1024, 1440])(
    'at %i px an explainer tile’s title bar never half-covers the clip’s own caption',
    async (w) => {
      const page = await open('/explainers', w);
      const cut = await page.locator('.spartan-video-tile').evaluateAll((tiles) =>
        tiles
          .map((tile) => {
            const box = tile.getBoundingClientRect();
            const label = tile.querySelector('.spartan-video-tile__label')!.getBoundingClientRect();
            // The clip's caption box spans 192 to 230 of its 360 lines (scripts/make-media.sh).
            const top = box.top + (box.height * 192) / 360;
            const bottom = box.top + (box.height * 230) / 360;
            return label.top > top + 1 && label.top < bottom - 1 ? tile.textContent : null;
          })
          .filter(Boolean),
      );
      expect(cut).toEqual([]);
    },
  );

  it('Go Home on a page reached from the site goes back to that page', async () => {
    const page = await open('/founders');
    await page.evaluate(() => {
      location.href = '/no-such-page';
    });
    await page.getByRole('button', { name: 'Go Home' }).click();
    await page.waitForURL(`${mainUrl()}/founders`);
  });

  it('at 1440 px a marker clicked on the map brings its card into view', async () => {
    const page = await open('/innovation-hubs', 1440, 900);
    const map = page.locator('.spartan-hub-map__map');
    await map.scrollIntoViewIfNeeded();
    await page.locator('.spartan-hub-map__map path.spartan-hub-map__state').first().waitFor();
    // The map's top at the window's top: its card is below the fold.
    await map.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top));
    await page.locator('g.spartan-hub-map__marker[aria-label="Austin HQ"]').click();
    await expect
      .poll(() =>
        page.locator('.spartan-hub-map__details').evaluate((el) => {
          const box = el.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight + 1;
        }),
      )
      .toBe(true);
  });
});
