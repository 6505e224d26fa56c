/**
 * Keyboard and contrast, as a keyboard user meets them (WCAG 2.2 AA): hover content that Escape
 * dismisses without moving the pointer, header menus that follow the disclosure pattern, a focus
 * indicator of at least 3:1 on every focusable element (light and shadow DOM, computed from the
 * styles, or sampled from a screenshot where a gradient lies behind) of the partner demo pages,
 * inside the open header menus, mobile menu and video player, on the staff login and in the
 * staff area; targets of 24 px or the spacing 2.5.8 allows, map tooltips inside the map, focus
 * after a route change on something visible, and the investor radio group's required and
 * invalid states as Chromium exposes them. Every route's rings and targets are checked in
 * visual.test.ts, on the load its layout sweep makes.
 * One page per route; checks run inside the page (page-checks.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { demoUrl, mainUrl, openLogin, openPage, type TestPage } from './harness.ts';
import {
  applicant,
  createApplication,
  pdfBytes,
  staffCredentials,
  staffToken,
} from './flows-support.ts';
import {
  focusIndicatorFailures,
  loadEverything,
  targetSizeFailures,
  WIDTHS,
} from './page-checks.ts';
import { fetchFresh } from '../fetch.ts';

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

/** The focus indicator and target checks at 1440 and 375 px, each width named in a failure. */
async function expectRingsAndTargets(page: Page) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    expect({ width, rings: await focusIndicatorFailures(page) }).toEqual({ width, rings: [] });
    expect({ width, targets: await targetSizeFailures(page) }).toEqual({ width, targets: [] });
  }
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
    const combobox = page.getByRole('combobox', { name: 'A–Z: highlight states by letter' });
    await combobox.hover();
    await page.getByRole('listbox', { name: 'Letter' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => combobox.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('listbox', { name: 'Letter' }).count()).toBe(0);
  });

  it('a hub tooltip shown by keyboard focus on its marker, focus staying there', async () => {
    const page = await open('/innovation-hubs');
    const marker = page.locator('.spartan-hub-map__marker[aria-label="Austin HQ"]');
    await marker.scrollIntoViewIfNeeded();
    await marker.focus();
    const tooltip = page.getByRole('tooltip');
    await expect.poll(() => tooltip.textContent()).toContain('Austin HQ');
    expect(await marker.evaluate((el) => el.matches(':focus'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.count()).toBe(0);
    expect(await marker.evaluate((el) => el.matches(':focus'))).toBe(true);
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

/** The staff login and the setup page a new colleague's link opens (they have no header). */
const LOGIN_ROUTES = ['/security-login', '/security-setup'];

describe('the focus indicator check itself', () => {
  it('measures a ring on a gradient against the pixels behind it', async () => {
    // The hero's dots sit on a gradient: a ring of nearly its own colour must be reported.
    const page = await open('/');
    const dot = page.getByRole('button', { name: 'Slide 1 of 4' });
    await dot.evaluate((el) => el.style.setProperty('outline-color', '#1d1d1d', 'important'));
    const failures = await focusIndicatorFailures(page);
    expect(failures.filter((f) => f.includes('Slide 1 of 4'))).toEqual([
      expect.stringMatching(/ring rgb\(29, 29, 29\) is under 3:1 on \d+ of \d+ pixels behind it/),
    ]);
  });
});

describe('the focus indicator inside what opens', () => {
  // Each menu on a page of its own, so that its current page's link is highlighted too.
  it.each([
    ['About', '/our-purpose'],
    ['Our Statements', '/mission-statement'],
  ])('the header menu %s, open at 1440 px (on %s)', async (name, path) => {
    const page = await open(path);
    const button = page.locator('.site-header').getByRole('button', { name });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true');
    // The menu stays open while focus walks its links.
    expect(await focusIndicatorFailures(page, { within: '.nav-menu__list' })).toEqual([]);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await targetSizeFailures(page)).toEqual([]);
  });

  it('the mobile menu panel, open with both groups expanded, at 375 px', async () => {
    const page = await open('/our-purpose', 375);
    await page.getByRole('button', { name: 'Menu', exact: true }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Menu' });
    await dialog.waitFor();
    for (const name of ['About', 'Our Statements']) {
      const group = dialog.getByRole('button', { name });
      await group.press('Enter');
      await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
    }
    expect(await focusIndicatorFailures(page, { within: '.mobile-menu' })).toEqual([]);
    expect(await dialog.isVisible()).toBe(true);
    expect(await targetSizeFailures(page, '.mobile-menu')).toEqual([]);
  });

  it('the video player dialog', async () => {
    const page = await open('/spartan-wealth-fund');
    await page.getByRole('button', { name: /Play video: The Fund and Its Purpose/ }).press('Enter');
    const dialog = page.getByRole('dialog', { name: 'The Fund and Its Purpose' });
    await dialog.waitFor();
    expect(await focusIndicatorFailures(page, { within: 'dialog[open]' })).toEqual([]);
    expect(await dialog.isVisible()).toBe(true);
    expect(await targetSizeFailures(page, 'dialog[open]')).toEqual([]);
  });
});

describe('the focus indicator and targets on the staff login', () => {
  it.each(LOGIN_ROUTES)('%s at 1440 and 375 px', async (path) => {
    const page = await open(path);
    await page.locator('h1').first().waitFor();
    await expectRingsAndTargets(page);
  });

  it('/security-setup with a live setup link: the new password form', async () => {
    const res = await fetchFresh(`${mainUrl()}/api/staff/users/`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await staffToken()}`,
      },
      body: JSON.stringify({
        username: `rings-${Date.now().toString(36)}`,
        role: 'reviewer',
        setup: 'link',
      }),
    });
    expect(res.status).toBe(201);
    const { setup_url: link } = (await res.json()) as { setup_url: string };
    // A page of its own: from /security-setup, the link would change only the fragment.
    const colleague = await openPage();
    try {
      const { page } = colleague;
      await page.goto(link, { waitUntil: 'networkidle' });
      await page.getByRole('textbox', { name: 'New password' }).waitFor();
      await expectRingsAndTargets(page);
    } finally {
      await colleague.close();
    }
  });
});

describe('the focus indicator and targets in the staff area, logged in', () => {
  let staff: TestPage;
  let id: string;
  beforeAll(async () => {
    const who = applicant('Rings');
    id = await createApplication(who, pdfBytes(who.fullname));
    staff = await openPage();
    await openLogin(staff.page, '/staff');
    await staff.page.getByLabel('Username').fill(staffCredentials().username);
    await staff.page.getByLabel('Password').fill(staffCredentials().password);
    await staff.page.getByRole('button', { name: 'Login' }).click();
    await staff.page.waitForURL(`${mainUrl()}/staff`);
  });
  afterAll(async () => {
    await staff.close();
  });

  it.each([
    ['the list', '/staff', 'Applications'],
    ['an application', '/staff?id=ID', 'Rings'],
    ['My account', '/staff?section=account', 'My account'],
    ['Staff accounts', '/staff?section=staff', 'Staff accounts'],
    ['the audit trail', '/staff?section=audit', 'Audit trail'],
  ])('%s at 1440 and 375 px', async (_, path, heading) => {
    const { page } = staff;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(mainUrl() + path.replace('ID', id), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: heading }).first().waitFor();
    expect(page.url()).toContain('/staff');
    await expectRingsAndTargets(page);
  });

  it('the list with its tool panels open, at 1440 and 375 px', async () => {
    const { page } = staff;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${mainUrl()}/staff`, { waitUntil: 'networkidle' });
    const summaries = page.locator('details > summary');
    await summaries.first().waitFor();
    for (const summary of await summaries.all()) await summary.press('Enter');
    await expect
      .poll(() =>
        page.locator('details').evaluateAll((all) => all.every((d) => d.hasAttribute('open'))),
      )
      .toBe(true);
    // A mode that shows the address field.
    await page.getByRole('radio', { name: 'One daily digest' }).check();
    await expectRingsAndTargets(page);
  });
});

describe('the investor radio group, as Chromium exposes it', () => {
  it('says required, with required radios, and invalid after an empty submit', async () => {
    const page = await open('/invest-apply');
    const cdp = await page.context().newCDPSession(page);
    /** Chromium's accessibility nodes of a role: name, required and invalid. */
    const nodes = async (role: string) => {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'document' });
      const tree = await cdp.send('Accessibility.queryAXTree', {
        objectId: result.objectId!,
        role,
      });
      const property = (node: (typeof tree.nodes)[number], name: string) =>
        node.properties?.find((p) => p.name === name)?.value.value as unknown;
      return tree.nodes.map((node) => ({
        name: node.name?.value as string,
        required: property(node, 'required') ?? false,
        invalid: property(node, 'invalid') ?? 'false',
      }));
    };
    const group = {
      name: 'How do you qualify as an accredited investor? (required)',
      required: true,
    };
    expect(await nodes('radiogroup')).toEqual([{ ...group, invalid: 'false' }]);
    expect(await nodes('radio')).toHaveLength(5);
    // Chromium exposes no required state on a radio (ARIA gives it none): the radios' own.
    const radios = page.getByRole('radiogroup').locator('input[type="radio"]');
    expect(await radios.evaluateAll((all) => all.map((r) => r.matches(':required')))).toEqual(
      Array(5).fill(true),
    );

    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByRole('alert', { name: 'There is a problem' }).waitFor();
    await expect.poll(() => nodes('radiogroup')).toEqual([{ ...group, invalid: 'true' }]);
    expect((await nodes('radio')).map((radio) => radio.invalid)).toEqual(Array(5).fill('true'));
    await cdp.detach();
  });
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
  it('for every marker at every width, covering no marker and no zoom button', async () => {
    const page = await open('/innovation-hubs');
    const markers = page.locator('.spartan-hub-map__marker');
    await page.locator('.spartan-hub-map__frame').scrollIntoViewIfNeeded();
    await markers.first().waitFor();
    const count = await markers.count();
    const cut: string[] = [];
    const covering: string[] = [];
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (let i = 0; i < count; i++) {
        await markers.nth(i).focus();
        await page.getByRole('tooltip').waitFor();
        const place = await page.evaluate(() => {
          const tip = document.querySelector('[role="tooltip"]')!.getBoundingClientRect();
          const map = document.querySelector('.spartan-hub-map__frame')!.getBoundingClientRect();
          // The pins (their drawn heads and points) and zoom buttons that the tooltip overlaps.
          const overlaps = (el: Element) => {
            const box = el.getBoundingClientRect();
            return (
              box.left < tip.right &&
              box.right > tip.left &&
              box.top < tip.bottom &&
              box.bottom > tip.top
            );
          };
          const covered = [
            ...[...document.querySelectorAll('.spartan-hub-map__marker')]
              .filter((marker) => overlaps(marker.querySelector('.spartan-hub-map__pin')!))
              .map((marker) => marker.getAttribute('aria-label')),
            ...[...document.querySelectorAll('.spartan-hub-map__zoom-button')]
              .filter(overlaps)
              .map((button) => button.textContent),
          ];
          return {
            name: document.querySelector('[role="tooltip"] strong')?.textContent,
            inside:
              tip.left >= map.left &&
              tip.right <= map.right &&
              tip.top >= map.top &&
              tip.bottom <= map.bottom,
            covered,
          };
        });
        if (!place.inside) cut.push(`${place.name} at ${width}px`);
        if (place.covered.length)
          covering.push(`${place.name} at ${width}px covers ${place.covered.join(', ')}`);
      }
    }
    expect(cut).toEqual([]);
    expect(covering).toEqual([]);
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
