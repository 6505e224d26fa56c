/**
 * spartan-explainers from the built bundle, on the partner demo (another origin,
 * strict CSP): renders, fetches no video bytes before interaction, the carousel
 * drags and loops, the modal player works by keyboard alone, axe is clean.
 */
import type { Page, Request } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations, demoUrl, mainUrl, openPage, type TestPage } from './harness.ts';

let t: TestPage | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const isVideo = (r: Request) => /\.(mp4|webm)(\?|$)/.test(r.url());
const visibleSlides = (page: Page) =>
  page
    .locator('#explainers [aria-roledescription="slide"]:not([aria-hidden])')
    .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));

async function openDemo(width = 1440, height = 900) {
  t = await openPage({ viewport: { width, height }, reducedMotion: 'no-preference' });
  const videoRequests: string[] = [];
  t.page.on('request', (r) => {
    if (isVideo(r)) videoRequests.push(r.url());
  });
  await t.page.goto(`${demoUrl()}/rich.html`);
  await t.page.locator('#explainers [data-engine="embla"]').waitFor();
  return { page: t.page, errors: t.errors, videoRequests };
}

describe('spartan-explainers on a partner page', () => {
  it.each([1024, 1440])(
    'at %i px its arrow stays inside the element, so an edge-to-edge embed does not widen the page',
    async (width) => {
      const { page } = await openDemo(width);
      const host = page.locator('#explainers');
      await host.locator('.spartan-carousel__arrow--next').waitFor();
      const boxes = await host.evaluate((el) => {
        const arrow = el.shadowRoot!.querySelector('.spartan-carousel__arrow--next')!;
        const a = arrow.getBoundingClientRect();
        const h = el.getBoundingClientRect();
        return { left: a.left >= h.left, right: Math.round(h.right - a.right) };
      });
      expect(boxes.left).toBe(true);
      expect(boxes.right).toBeGreaterThanOrEqual(0);
    },
  );

  it('renders six tiles with first-party posters and fetches no video bytes before interaction', async () => {
    const { page, errors, videoRequests } = await openDemo();
    const tiles = page.locator('#explainers-grid button[part="tile"]');
    await expect(tiles.count()).resolves.toBe(6);
    const posters = await page
      .locator('#explainers-grid video')
      .evaluateAll((els) => els.map((el) => (el as HTMLVideoElement).poster));
    expect(posters).toHaveLength(6);
    for (const poster of posters)
      expect(poster.startsWith(`${mainUrl()}/media/videos/`)).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(videoRequests).toEqual([]);

    // Hovering a tile starts its preview: now, and only now, video is fetched, from our server.
    await tiles.nth(1).hover();
    await expect
      .poll(() =>
        page
          .locator('#explainers-grid video')
          .nth(1)
          .evaluate((v) => !(v as HTMLVideoElement).paused),
      )
      .toBe(true);
    expect(videoRequests.length).toBeGreaterThan(0);
    for (const url of videoRequests)
      expect(url.startsWith(`${mainUrl()}/media/videos/`)).toBe(true);
    await page.mouse.move(5, 5);
    await expect
      .poll(() =>
        page
          .locator('#explainers-grid video')
          .nth(1)
          .evaluate((v) => (v as HTMLVideoElement).paused),
      )
      .toBe(true);
    expect(errors).toEqual([]);
  });

  it('given reduced motion, then hovering does not play a preview or fetch video', async () => {
    t = await openPage({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
    const videoRequests: string[] = [];
    t.page.on('request', (r) => {
      if (isVideo(r)) videoRequests.push(r.url());
    });
    await t.page.goto(`${demoUrl()}/rich.html`);
    const tile = t.page.locator('#explainers-grid button[part="tile"]').first();
    await tile.hover();
    // The tile has had its mouseenter (it matches :hover); a preview would have called play(),
    // which unpauses the video at once.
    expect(await tile.evaluate((el) => el.matches(':hover'))).toBe(true);
    expect(await tile.locator('video').evaluate((v) => (v as HTMLVideoElement).paused)).toBe(true);
    expect(videoRequests).toEqual([]);
  });

  it('shows 3 per view (and grid columns) on desktop, 2 on tablets, 1 on phones', async () => {
    const { page } = await openDemo(1440);
    const gridColumns = () =>
      page
        .locator('#explainers-grid ul')
        .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length);
    expect(await gridColumns()).toBe(3);
    await expect.poll(() => visibleSlides(page)).toEqual(['1 of 6', '2 of 6', '3 of 6']);
    expect(await page.locator('#explainers button:has-text("Slide 1 of")').count()).toBe(0);
    // Slides out of view are inert: out of the tab order and the accessibility tree.
    const hiddenInert = await page
      .locator('#explainers [aria-roledescription="slide"][aria-hidden="true"]')
      .evaluateAll((els) => els.map((el) => (el as HTMLElement).inert));
    expect(hiddenInert).toEqual([true, true, true]);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect.poll(() => visibleSlides(page)).toEqual(['1 of 6', '2 of 6']);
    expect(await gridColumns()).toBe(2);
    await expect(page.locator('#explainers button:has-text("Next slide")').count()).resolves.toBe(
      0,
    );
    // Below 1024 px, dots show there are more videos.
    await expect
      .poll(() => page.locator('#explainers button:has-text("Slide 1 of")').count())
      .toBe(1);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => visibleSlides(page)).toEqual(['1 of 6']);
    expect(await gridColumns()).toBe(1);
  });

  it('drags by at least 80 px to move, snaps back from shorter drags, and loops', async () => {
    const { page, errors } = await openDemo(1440);
    const viewport = page.locator('#explainers .spartan-carousel__viewport');
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    // Settled: the slides' container has the same transform over two animation frames.
    const container = page.locator('#explainers .spartan-carousel__container');
    const settled = () =>
      container.evaluate(
        (el) =>
          new Promise<boolean>((resolve) => {
            const x = () => new DOMMatrix(getComputedStyle(el).transform).e;
            const before = x();
            requestAnimationFrame(() => requestAnimationFrame(() => resolve(x() === before)));
          }),
      );
    const drag = async (dx: number, holdMs = 0) => {
      await expect.poll(settled).toBe(true);
      const x = box.x + box.width / 2;
      await page.mouse.move(x, y);
      await page.mouse.down();
      for (let i = 1; i <= 10; i += 1) await page.mouse.move(x + (dx * i) / 10, y);
      if (holdMs) await page.waitForTimeout(holdMs);
      await page.mouse.up();
    };
    const offset = () =>
      container.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).e);
    const start = await offset();
    await drag(-50);
    // Snapped back: the container returns to where it started (within a pixel) and stays there.
    await expect
      .poll(async () => ((await settled()) ? Math.abs((await offset()) - start) < 1 : false))
      .toBe(true);
    expect(await visibleSlides(page)).toEqual(['1 of 6', '2 of 6', '3 of 6']);

    await drag(-200);
    await expect.poll(() => visibleSlides(page)).toEqual(['2 of 6', '3 of 6', '4 of 6']);

    // Dragging right from the start wraps to the end (infinite loop).
    await drag(200);
    await expect.poll(() => visibleSlides(page)).toEqual(['1 of 6', '2 of 6', '3 of 6']);
    await drag(200);
    await expect.poll(() => visibleSlides(page)).toEqual(['1 of 6', '2 of 6', '6 of 6']);

    // The next arrow loops forward too.
    const next = page.locator('#explainers button:has-text("Next slide")');
    await next.click();
    await expect.poll(() => visibleSlides(page)).toEqual(['1 of 6', '2 of 6', '3 of 6']);

    // A slow drag (held still before release, so no fling) of the minimum still moves one step.
    await drag(-100, 400);
    await expect.poll(() => visibleSlides(page)).toEqual(['2 of 6', '3 of 6', '4 of 6']);
    expect(errors).toEqual([]);
  });

  it('is usable by keyboard alone: arrows move, Enter opens the player, focus stays inside, Escape returns', async () => {
    const { page, errors } = await openDemo(1440);
    await page.evaluate(() => {
      const w = window as unknown as { opened: string[] };
      w.opened = [];
      document
        .getElementById('explainers')!
        .addEventListener('spartan-video-open', (e) =>
          w.opened.push((e as CustomEvent<{ url: string }>).detail.url),
        );
    });
    const focusedTitle = () =>
      page.evaluate(() => {
        const host = document.activeElement;
        return host?.shadowRoot?.activeElement?.textContent ?? host?.textContent ?? '';
      });
    // In tab order as on screen: the slides in view, then the one arrow, next (none before them).
    await page.keyboard.press('Tab');
    await expect.poll(focusedTitle).toContain('What Is the Spartan Company?');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => visibleSlides(page)).toEqual(['2 of 6', '3 of 6', '4 of 6']);
    await expect.poll(focusedTitle).toContain('What Is the Private Spartan Wealth Fund?');
    for (const next of ['Our Purpose and Goals', '', 'Next slide']) {
      await page.keyboard.press('Tab');
      if (next) await expect.poll(focusedTitle).toContain(next);
    }
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    await expect.poll(focusedTitle).toContain('What Is the Private Spartan Wealth Fund?');

    await page.keyboard.press('Enter');
    const dialog = page.locator('#explainers dialog');
    await expect(dialog.evaluate((d) => (d as HTMLDialogElement).open)).resolves.toBe(true);
    await expect(dialog.evaluate((d) => d.matches(':modal'))).resolves.toBe(true);
    expect(await page.evaluate(() => (window as unknown as { opened: string[] }).opened)).toEqual([
      `${mainUrl()}/media/videos/what-is-the-fund.mp4`,
    ]);
    const activeInDialog = () =>
      page.evaluate(() => {
        const root = document.getElementById('explainers')!.shadowRoot!;
        return root.querySelector('dialog')!.contains(root.activeElement);
      });
    for (let i = 0; i < 7; i += 1) {
      await page.keyboard.press('Tab');
      expect(await activeInDialog()).toBe(true);
    }
    // The player autoplays the clip from our server.
    await expect
      .poll(() => dialog.locator('video').evaluate((v) => (v as HTMLVideoElement).currentTime > 0))
      .toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog.count()).resolves.toBe(0);
    await expect.poll(focusedTitle).toContain('What Is the Private Spartan Wealth Fund?');
    expect(errors).toEqual([]);
  });

  it('copies the video link with an accessible confirmation and offers an email share', async () => {
    const { page, errors } = await openDemo(1440);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: demoUrl(),
    });
    await page.locator('#explainers button[part="tile"]').first().click();
    const dialog = page.locator('#explainers dialog');
    await dialog.locator('button:has-text("Copy Link")').click();
    await expect
      .poll(() => dialog.locator('[role="status"]').textContent())
      .toBe('Video URL copied to clipboard! Choose a sharing option below.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${mainUrl()}/media/videos/what-is-the-company.mp4`,
    );
    // "Below" is true: the message sits above both sharing buttons.
    const placed = await dialog.evaluate((el) => {
      const status = el.querySelector('[role="status"]')!.getBoundingClientRect();
      const share = el.querySelector('[part="share"]')!.getBoundingClientRect();
      return status.bottom <= share.top;
    });
    expect(placed).toBe(true);
    const href = await dialog.locator('a:has-text("Share via Email")').getAttribute('href');
    expect(href).toContain('subject=Check%20out%20this%20video!');
    expect(decodeURIComponent(href!)).toContain(
      `${mainUrl()}/media/videos/what-is-the-company.mp4`,
    );
    expect(await axeViolations(page, '#explainers')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('passes axe in both layouts at desktop and phone widths', async () => {
    const { page } = await openDemo(1440);
    expect(await axeViolations(page, '#explainers')).toEqual([]);
    expect(await axeViolations(page, '#explainers-grid')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await axeViolations(page, '#explainers')).toEqual([]);
    expect(await axeViolations(page, '#explainers-grid')).toEqual([]);
  });
});
