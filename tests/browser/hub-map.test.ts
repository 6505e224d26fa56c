/**
 * spartan-hub-map from the built bundle, on the partner demo (another origin,
 * strict CSP): the map's code and geometry wait until it nears the viewport,
 * then draw the states and five markers; list, card and markers work by
 * keyboard; the selected marker is maroon, the others black; axe is clean.
 */
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations, demoUrl, mainUrl, openPage, type TestPage } from './harness.ts';
import { GEO_FILE } from '../../widgets/hub-map/geo-file.ts';

let t: TestPage | null = null;
afterEach(async () => {
  await t?.close();
  t = null;
});

const isMapAsset = (url: string) =>
  /\/widgets\/(MapView-[\w-]+\.js|geo\/us-states-[\w-]+\.json)$/.test(url);

async function openDemo(width = 1440, height = 900) {
  t = await openPage({ viewport: { width, height } });
  const mapRequests: string[] = [];
  t.page.on('request', (r) => {
    if (isMapAsset(r.url())) mapRequests.push(r.url());
  });
  await t.page.goto(`${demoUrl()}/rich.html`);
  return { page: t.page, errors: t.errors, mapRequests };
}

const waitForMap = (page: Page) =>
  page
    .locator('#hub-map [part="map"][data-state="ready"] path.spartan-hub-map__state')
    .first()
    .waitFor();

const activeLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.getElementById('hub-map')?.shadowRoot?.activeElement;
    return active?.getAttribute('aria-label') ?? active?.textContent ?? '';
  });

describe('spartan-hub-map on a partner page', () => {
  it('loads the map chunk and geometry only near the viewport, from our server', async () => {
    const { page, errors, mapRequests } = await openDemo(1440, 500);
    await page.locator('#hub-map [part="list"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(mapRequests).toEqual([]);
    // The list and card are there before the map.
    await expect(page.locator('#hub-map [part="list"] button').count()).resolves.toBe(5);

    await page.locator('#hub-map').scrollIntoViewIfNeeded();
    await waitForMap(page);
    expect(mapRequests.some((u) => u.endsWith(`/widgets/${GEO_FILE}`))).toBe(true);
    expect(mapRequests.some((u) => /MapView-[\w-]+\.js$/.test(u))).toBe(true);
    for (const url of mapRequests) expect(url.startsWith(`${mainUrl()}/widgets/`)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('draws the 50 states and DC, which are not tab stops, and 5 markers, which are', async () => {
    const { page, errors } = await openDemo();
    await page.locator('#hub-map').scrollIntoViewIfNeeded();
    await waitForMap(page);
    const states = page.locator('#hub-map path.spartan-hub-map__state');
    await expect(states.count()).resolves.toBe(51);
    const focusable = await states.evaluateAll(
      (els) => els.filter((el) => (el as SVGElement).tabIndex >= 0).length,
    );
    expect(focusable).toBe(0);
    const markers = page.locator('#hub-map g.spartan-hub-map__marker');
    await expect(markers.count()).resolves.toBe(5);
    const box = await page.locator('#hub-map svg').boundingBox();
    expect(box!.width).toBeGreaterThan(600);
    // Every marker is drawn inside the map.
    for (let i = 0; i < 5; i += 1) {
      const m = (await markers.nth(i).boundingBox())!;
      expect(m.x).toBeGreaterThan(box!.x);
      expect(m.x + m.width).toBeLessThan(box!.x + box!.width);
      expect(m.y).toBeGreaterThan(box!.y - 10);
      expect(m.y + m.height).toBeLessThan(box!.y + box!.height);
    }
    expect(errors).toEqual([]);
  });

  it('is usable by keyboard alone: list, card, markers with tooltips, zoom', async () => {
    const { page, errors } = await openDemo();
    await page.evaluate(() => {
      const w = window as unknown as { chosen: string[] };
      w.chosen = [];
      document
        .getElementById('hub-map')!
        .addEventListener('spartan-hub-select', (e) =>
          w.chosen.push((e as CustomEvent<{ name: string }>).detail.name),
        );
    });
    await page.locator('#hub-map').scrollIntoViewIfNeeded();
    await waitForMap(page);
    // Focus the first hub in the list, then walk the list with Tab.
    await page.locator('#hub-map [part="list"] button').first().focus();
    expect(await activeLabel(page)).toBe('Palo Alto HQ');
    await page.keyboard.press('Tab');
    expect(await activeLabel(page)).toBe('Boston HQ');
    await page.keyboard.press('Enter');
    const card = page.locator('#hub-map [part="details"]');
    await expect.poll(() => card.locator('h3').textContent()).toBe('Boston HQ');
    expect(await page.evaluate(() => (window as unknown as { chosen: string[] }).chosen)).toEqual([
      'Boston HQ',
    ]);

    const fills = () =>
      page
        .locator('#hub-map g.spartan-hub-map__marker path.spartan-hub-map__pin')
        .evaluateAll((els) => els.map((el) => getComputedStyle(el).fill));
    const maroon = 'rgb(122, 31, 43)';
    const black = 'rgb(20, 20, 20)';
    await expect.poll(fills).toEqual([black, maroon, black, black, black]);

    // On to the map: past the remaining list buttons to the first marker.
    for (const name of ['Washington DC HQ', 'Austin HQ', 'Denver Future Hub', 'Palo Alto HQ']) {
      await page.keyboard.press('Tab');
      expect(await activeLabel(page)).toBe(name);
    }
    const onMarker = await page.evaluate(
      () =>
        document
          .getElementById('hub-map')!
          .shadowRoot!.activeElement?.classList.contains('spartan-hub-map__marker') ?? false,
    );
    expect(onMarker).toBe(true);
    const tooltip = page.locator('#hub-map [role="tooltip"]');
    await expect.poll(() => tooltip.textContent()).toContain('Palo Alto HQ');
    await page.keyboard.press('Tab');
    expect(await activeLabel(page)).toBe('Boston HQ');
    await expect.poll(() => tooltip.textContent()).toContain('Northeast');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await activeLabel(page)).toBe('Austin HQ');
    await page.keyboard.press(' ');
    await expect.poll(() => card.locator('h3').textContent()).toBe('Austin HQ');
    await expect.poll(fills).toEqual([black, black, black, maroon, black]);

    // Then the zoom buttons.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await activeLabel(page)).toContain('Zoom in');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.locator('#hub-map .rsm-zoomable-group').getAttribute('transform'))
      .toContain('scale(2)');
    expect(errors).toEqual([]);
  });

  it('zoomed in, a marker that takes focus, or a hub chosen in the list, comes into the frame', async () => {
    const { page, errors } = await openDemo();
    await page.locator('#hub-map').scrollIntoViewIfNeeded();
    await waitForMap(page);
    const zoomIn = page.locator('#hub-map button', { hasText: 'Zoom in' });
    for (let i = 0; i < 3; i++) await zoomIn.click();
    /** Whether a hub's marker lies inside the map's frame. */
    const inFrame = (name: string) =>
      page.evaluate((hub) => {
        const root = document.getElementById('hub-map')!.shadowRoot!;
        const frame = root.querySelector('.spartan-hub-map__frame')!.getBoundingClientRect();
        const pin = root
          .querySelector(`g.spartan-hub-map__marker[aria-label="${hub}"] circle`)!
          .getBoundingClientRect();
        const x = pin.left + pin.width / 2;
        const y = pin.top + pin.height / 2;
        return x > frame.left && x < frame.right && y > frame.top && y < frame.bottom;
      }, name);
    // At 8× around the middle, the coasts are out of the frame.
    await expect.poll(() => inFrame('Boston HQ')).toBe(false);
    await page.locator('#hub-map g.spartan-hub-map__marker[aria-label="Boston HQ"]').focus();
    await expect.poll(() => inFrame('Boston HQ')).toBe(true);
    expect(await inFrame('Palo Alto HQ')).toBe(false);
    await page.locator('#hub-map [part="list"] button', { hasText: 'Palo Alto HQ' }).click();
    await expect.poll(() => inFrame('Palo Alto HQ')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('groups the hub list under its name, with no navigation landmark', async () => {
    const { page } = await openDemo();
    const list = page
      .locator('#hub-map')
      .getByRole('group', { name: 'Innovation hubs', exact: true });
    await list.waitFor();
    expect(await list.getByRole('button').count()).toBe(5);
    expect(await page.locator('#hub-map').getByRole('navigation').count()).toBe(0);
  });

  it('shows a tooltip on hover', async () => {
    const { page } = await openDemo();
    await page.locator('#hub-map').scrollIntoViewIfNeeded();
    await waitForMap(page);
    await page.locator('#hub-map g.spartan-hub-map__marker').nth(2).hover();
    await expect
      .poll(() => page.locator('#hub-map [role="tooltip"]').textContent())
      .toContain('Washington DC HQ');
  });

  it('passes axe with the map drawn, at desktop and phone widths', async () => {
    const { page } = await openDemo();
    await page.locator('#hub-map').scrollIntoViewIfNeeded();
    await waitForMap(page);
    await page.locator('#hub-map [part="list"] button').nth(2).click();
    expect(await axeViolations(page, '#hub-map')).toEqual([]);
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await axeViolations(page, '#hub-map')).toEqual([]);
  });
});

describe('the hub map on /innovation-hubs', () => {
  it('at 320 px, the narrowest phone, fits the screen whole: it never draws under 320 px, and takes the page margins for it', async () => {
    t = await openPage({ viewport: { width: 320, height: 800 } });
    const { page } = t;
    await page.goto(`${mainUrl()}/innovation-hubs`);
    const map = page.locator('.spartan-hub-map__map');
    await map.scrollIntoViewIfNeeded();
    await page.locator('.spartan-hub-map__map path.spartan-hub-map__state').first().waitFor();
    const box = await map.evaluate((el) => {
      const frame = el.querySelector('.spartan-hub-map__frame')!.getBoundingClientRect();
      return { scrolls: el.scrollWidth - el.clientWidth, left: frame.left, right: frame.right };
    });
    expect(box).toEqual({ scrolls: 0, left: 0, right: 320 });
    // From edge to edge as a band (no side borders, no rounded corners cut by the screen), while
    // the list above and the zoom buttons keep the page's 16 px margins.
    const edges = await page.evaluate(() => {
      const frame = getComputedStyle(document.querySelector('.spartan-hub-map__frame')!);
      const buttons = [...document.querySelectorAll('.spartan-hub-map__zoom-button')].map((b) =>
        b.getBoundingClientRect(),
      );
      return {
        sides: [frame.borderLeftWidth, frame.borderRightWidth, frame.borderTopLeftRadius],
        list: Math.round(
          document.querySelector('.spartan-hub-map__hub')!.getBoundingClientRect().left,
        ),
        zoom: Math.round(Math.max(...buttons.map((b) => b.right))),
      };
    });
    expect(edges).toEqual({ sides: ['0px', '0px', '0px'], list: 16, zoom: 304 });
    expect(t.errors).toEqual([]);
  });

  it('at 320 px on a partner page, the map runs from edge to edge instead of being cut', async () => {
    const { page, errors } = await openDemo(320, 800);
    await page.locator('#hub-map').scrollIntoViewIfNeeded();
    await waitForMap(page);
    const box = await page.evaluate(() => {
      const root = document.getElementById('hub-map')!.shadowRoot!;
      const map = root.querySelector('.spartan-hub-map__map')!;
      const frame = root.querySelector('.spartan-hub-map__frame')!.getBoundingClientRect();
      return {
        scrolls: map.scrollWidth - map.clientWidth,
        left: Math.round(frame.left),
        right: Math.round(frame.right),
        page: document.documentElement.scrollWidth,
      };
    });
    expect(box).toEqual({ scrolls: 0, left: 0, right: 320, page: 320 });
    expect(errors).toEqual([]);
  });
});
