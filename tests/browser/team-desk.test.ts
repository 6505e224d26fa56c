/**
 * The desk for a team in Chromium against the real server and database: selecting applications
 * and changing their status at once, the keyboard walk through the list and "save and next",
 * the shortcuts turned off (and never acting while typing), with screenshots of the list with a
 * selection and of the detail at 1280 and 375 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, eachDatabase, openPage, type TestPage } from './harness.ts';
import { apiGet, applicant, createApplication, openLoggedIn, pdfBytes } from './flows-support.ts';

let tp: TestPage | null = null;
afterEach(async () => {
  await tp?.close();
  tp = null;
});

/** Where the screenshots go (looked at by hand; not compared). */
const SHOTS = process.env.SPARTAN_SHOTS ?? '';
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

/** Three applications sharing a tag, oldest first; their ids newest first (the list's order). */
async function tagged(tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    ids.unshift(await createApplication(applicant(`${tag} ${i}`), pdfBytes(tag)));
  }
  return ids;
}

/** The status of each application of the list matching `tag` (the list: opening one moves it). */
async function statusesOf(tag: string): Promise<Record<string, string>> {
  const { json } = await apiGet(`/api/spartan_join/applications/?q=${tag}&status=all`);
  const rows = (json as { data: Array<{ id: string; status: string }> }).data;
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

/** Waits until the page's document listener has seen `key` (a listener added after ours). */
async function pressSeen(page: Page, key: string) {
  await page.evaluate(() => {
    (window as unknown as { seen: string[] }).seen = [];
    window.addEventListener('keydown', (e) =>
      (window as unknown as { seen: string[] }).seen.push(e.key),
    );
  });
  await page.keyboard.press(key);
  await page.waitForFunction(
    (k) => (window as unknown as { seen: string[] }).seen.includes(k),
    key,
  );
}

const focusedText = (page: Page) =>
  page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

eachDatabase('desk for a team', ({ embeddedOnly }) => {
  it('selects applications and sets their status at once, announced', async () => {
    const tag = `Bulk${Date.now().toString(36)}`;
    const ids = await tagged(tag);
    tp = await openPage({ viewport: { width: 1280, height: 900 } });
    const { page } = tp;
    await openLoggedIn(page, `/staff?q=${tag}&status=all`);
    const rows = page.locator('.staff-section .staff-table tbody tr');
    await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(3);
    await page
      .getByRole('checkbox', { name: `Select ${tag} 2`, exact: false })
      .first()
      .check();
    await page.getByRole('checkbox', { name: new RegExp(`^Select ${tag} 1`) }).check();
    const bar = page.getByRole('region', { name: 'Selected applications' });
    await expect.poll(() => bar.textContent()).toContain('2 applications selected');
    await shot(page, 'list-selection-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'list-selection-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await axeViolations(page)).toEqual([]);
    await bar.getByLabel('Status').selectOption('rejected');
    await bar.getByRole('button', { name: 'Set status' }).click();
    await expect
      .poll(() => page.locator('.staff-page-status, [role="status"]').allTextContents())
      .toContainEqual(expect.stringContaining('2 applications set to Rejected.'));
    expect(await statusesOf(tag)).toEqual({
      [ids[0]!]: 'rejected',
      [ids[1]!]: 'rejected',
      [ids[2]!]: 'new',
    });
    expect(tp.errors).toEqual([]);
  });

  embeddedOnly('walks the list by keyboard, opens, and saves and goes to the next', async () => {
    const tag = `Walk${Date.now().toString(36)}`;
    const ids = await tagged(tag);
    tp = await openPage({ viewport: { width: 1280, height: 900 } });
    const { page } = tp;
    await openLoggedIn(page, `/staff?q=${tag}&status=all`);
    await expect.poll(() => page.locator('.staff-section .staff-table tbody tr').count()).toBe(3);
    await page.locator('.staff-section__title').first().focus();
    await page.keyboard.press('j');
    await expect.poll(() => focusedText(page)).toMatch(new RegExp(`^${tag} 2`));
    await page.keyboard.press('j');
    await expect.poll(() => focusedText(page)).toMatch(new RegExp(`^${tag} 1`));
    await page.keyboard.press('k');
    await expect.poll(() => focusedText(page)).toMatch(new RegExp(`^${tag} 2`));
    await page.keyboard.press('x');
    await expect
      .poll(() => page.getByRole('region', { name: 'Selected applications' }).textContent())
      .toContain('1 application selected');
    await page.keyboard.press('o');
    await expect.poll(() => page.url()).toContain(`id=${ids[0]}`);
    await expect.poll(() => page.locator('#staff-detail-title').textContent()).toMatch(tag);
    await shot(page, 'detail-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'detail-375');
    await page.setViewportSize({ width: 1280, height: 900 });
    // Save and next: the status saved, the next application of the same list open, filters kept.
    await page.getByLabel('Review status').selectOption('shortlisted');
    await page.getByRole('button', { name: 'Save and next' }).click();
    await expect.poll(() => page.url()).toContain(`id=${ids[1]}`);
    expect(page.url()).toContain(`q=${tag}`);
    expect(page.url()).toContain('status=all');
    expect((await statusesOf(tag))[ids[0]!]).toBe('shortlisted');
    // j and k move between the list's applications from the detail too.
    await page.locator('#staff-detail-title').focus();
    await page.keyboard.press('j');
    await expect.poll(() => page.url()).toContain(`id=${ids[2]}`);
    await page.keyboard.press('k');
    await expect.poll(() => page.url()).toContain(`id=${ids[1]}`);
    expect(tp.errors).toEqual([]);
  });

  embeddedOnly('turns the shortcuts off, and never acts on keys typed in a field', async () => {
    const tag = `Keys${Date.now().toString(36)}`;
    await tagged(tag);
    tp = await openPage({ viewport: { width: 1280, height: 900 } });
    const { page } = tp;
    await openLoggedIn(page, `/staff?q=${tag}&status=all`);
    await expect.poll(() => page.locator('.staff-section .staff-table tbody tr').count()).toBe(3);
    // Typing: j goes into the search box.
    const search = page.getByLabel('Search by name or email');
    await search.fill('');
    await search.focus();
    await page.keyboard.type('jk');
    expect(await search.inputValue()).toBe('jk');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(
      await search.getAttribute('id'),
    );
    // The list of shortcuts, by ? and by its button; then off.
    await page.locator('.staff-section__title').first().focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByLabel('Use single-key shortcuts').uncheck();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await page.locator('.staff-section__title').first().focus();
    await pressSeen(page, 'j');
    expect(await page.evaluate(() => document.activeElement?.className)).toContain(
      'staff-section__title',
    );
    // Kept after a reload; on again from the button.
    await page.reload();
    await expect.poll(() => page.locator('.staff-section .staff-table tbody tr').count()).toBe(3);
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
    expect(await dialog.getByLabel('Use single-key shortcuts').isChecked()).toBe(false);
    await dialog.getByLabel('Use single-key shortcuts').check();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.locator('.staff-section__title').first().focus();
    await page.keyboard.press('j');
    await expect.poll(() => focusedText(page)).toMatch(new RegExp(`^${tag} 2`));
    expect(tp.errors).toEqual([]);
  });

  it('shows the Overview: charts, each with the table of its figures, axe clean', async () => {
    const tag = `Over${Date.now().toString(36)}`;
    await tagged(tag);
    tp = await openPage({ viewport: { width: 1280, height: 900 } });
    const { page } = tp;
    await openLoggedIn(page, '/staff?section=overview');
    const status = page.locator('.staff-section > p.staff-status[role="status"]');
    await expect
      .poll(() => status.textContent(), { timeout: 60_000 })
      .toMatch(/^[\d,]+ applications from/);
    const total = Number((await status.textContent())!.replace(/,/g, '').split(' ')[0]);
    expect(total).toBeGreaterThanOrEqual(3);
    // The three charts drawn (Chart.js loaded, canvases painted), each beside its table.
    for (const name of ['arrivals', 'funnel', 'roles']) {
      await expect
        .poll(() =>
          page.evaluate((n) => {
            const canvas = document.querySelector<HTMLCanvasElement>(`[data-chart="${n}"] canvas`);
            return canvas ? canvas.width > 0 && canvas.toDataURL().length > 2000 : false;
          }, name),
        )
        .toBe(true);
    }
    const funnel = page.getByRole('table', { name: 'Status funnel' });
    const counts = await funnel.locator('tbody td:nth-child(2)').allTextContents();
    expect(counts.reduce((n, c) => n + Number(c.replace(/,/g, '')), 0)).toBe(total);
    const today = new Date().toISOString().slice(0, 10);
    const arrivals = page.getByRole('table', { name: /Applications per (day|week), by source/ });
    expect(await arrivals.locator('tbody tr').count()).toBeGreaterThan(1);
    expect(await page.getByRole('table', { name: 'Top job roles' }).textContent()).toContain(
      'Data Engineer',
    );
    expect(today).toMatch(/^\d{4}/);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'overview-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    await shot(page, 'overview-375');
    expect(tp.errors).toEqual([]);
  });
});
