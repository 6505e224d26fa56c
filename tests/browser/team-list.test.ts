/**
 * The list of the desk for a team in Chromium against the real server and database: selecting
 * applications and changing their status together (checked through the API, history included),
 * the keyboard walk through the list, the shortcuts turned off, and a reviewer's bar without
 * Delete; with screenshots of a selection at 1280 and 375 px.
 */
import { afterEach, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations, eachDatabase, mainUrl, openPage, type TestPage } from './harness.ts';
import {
  apiGet,
  applicant,
  createApplication,
  openLoggedIn,
  pdfBytes,
  shot,
  staffToken,
} from './flows-support.ts';
import { overflowing } from './page-checks.ts';
import { fetchFresh } from '../fetch.ts';

let tp: TestPage | null = null;
afterEach(async () => {
  await tp?.close();
  tp = null;
});

/** `count` applications sharing a tag; their names and ids newest first (the list's order). */
async function tagged(tag: string, count = 3): Promise<Array<{ name: string; id: string }>> {
  const made: Array<{ name: string; id: string }> = [];
  for (let i = 0; i < count; i += 1) {
    const who = applicant(`${tag} ${i}`);
    made.unshift({ name: who.fullname, id: await createApplication(who, pdfBytes(tag)) });
  }
  return made;
}

/** Opens the list of the tag's applications (every status), logged in as the staff account. */
async function openTagList(page: Page, tag: string, rows: number): Promise<void> {
  await openLoggedIn(page, `/staff?q=${encodeURIComponent(tag)}&status=all`);
  await expect
    .poll(() => page.locator('.staff-table tbody tr').count(), { timeout: 60_000 })
    .toBe(rows);
}

/** The text of the focused element (the row links' names), or its tag when it has none. */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el && el !== document.body ? el.textContent?.trim() || el.tagName : 'body';
  });

interface Activity {
  status: string;
  history: Array<{ event: string; from: string | null; to: string | null; actor: string }>;
}

eachDatabase('the list of the desk for a team', ({ embeddedOnly }) => {
  it('selects applications and sets their status together: the statuses and their history change; screenshots at 1280 and 375', async () => {
    const tag = `Bulk${Date.now().toString(36)}`;
    const made = await tagged(tag);
    tp = await openPage({ viewport: { width: 1280, height: 900 } });
    const { page } = tp;
    await openTagList(page, tag, 3);
    await page.getByRole('checkbox', { name: `Select ${made[0]!.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${made[2]!.name}` }).check();
    const all = page.getByRole('checkbox', { name: 'Select all on this page' });
    expect(await all.evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    const bar = page.getByRole('region', { name: 'Selected applications' });
    await bar.getByText('2 applications selected').waitFor();
    await bar.getByLabel('New status').selectOption('rejected');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, 'list-selection-1280');

    // At 375 px: nothing wider than the screen, and the bar above the table, not over its rows.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => overflowing(page)).toEqual([]);
    // Nothing of the bar sticks out of it.
    expect(
      await bar.evaluate((el) => {
        const { left, right } = el.getBoundingClientRect();
        return [...el.querySelectorAll('*')]
          .map((child) => child.getBoundingClientRect())
          .filter((box) => box.width > 0 && (box.left < left - 1 || box.right > right + 1)).length;
      }),
    ).toBe(0);
    const barBox = (await bar.boundingBox())!;
    const tableBox = (await page.locator('.staff-table').boundingBox())!;
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(tableBox.y);
    await shot(page, 'list-selection-375');
    await page.setViewportSize({ width: 1280, height: 900 });

    await bar.getByRole('button', { name: 'Set status' }).click();
    await bar.getByText('2 applications set to Rejected.').waitFor();
    // The list fetched again: the rejected ones show it, and what was done left the selection.
    const rowOf = (name: string) => page.getByRole('row', { name: new RegExp(name) });
    await expect.poll(() => rowOf(made[0]!.name).textContent()).toContain('Rejected');
    expect(await rowOf(made[2]!.name).textContent()).toContain('Rejected');
    expect(await rowOf(made[1]!.name).textContent()).toContain('New');
    await bar.getByText('No application selected').waitFor();
    expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);

    for (const [i, status] of [
      [0, 'rejected'],
      [1, 'new'],
      [2, 'rejected'],
    ] as const) {
      const { json } = await apiGet(`/api/staff/applications/spartan/${made[i]!.id}/activity/`);
      const activity = json as Activity;
      expect(activity.status).toBe(status);
      const changes = activity.history.filter((h) => h.event === 'status');
      expect(changes.map((h) => [h.from, h.to])).toEqual(
        status === 'rejected' ? [['new', 'rejected']] : [],
      );
    }
    expect(tp.errors).toEqual([]);
  });

  embeddedOnly(
    'walks the list with j and k, selects with x, and opens the application in focus with o',
    async () => {
      const tag = `Walk${Date.now().toString(36)}`;
      const made = await tagged(tag);
      tp = await openPage({ viewport: { width: 1280, height: 900 } });
      const { page } = tp;
      await openTagList(page, tag, 3);
      await page.keyboard.press('j');
      expect(await focusedText(page)).toBe(made[0]!.name);
      await page.keyboard.press('j');
      await page.keyboard.press('j');
      expect(await focusedText(page)).toBe(made[2]!.name);
      await page.keyboard.press('k');
      expect(await focusedText(page)).toBe(made[1]!.name);
      await page.keyboard.press('ArrowUp');
      expect(await focusedText(page)).toBe(made[0]!.name);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('x');
      expect(
        await page.getByRole('checkbox', { name: `Select ${made[1]!.name}` }).isChecked(),
      ).toBe(true);
      // The current row is marked for the eye, not by focus alone on a small link.
      const row = page.getByRole('row', { name: new RegExp(made[1]!.name) });
      expect(await row.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
        'rgba(0, 0, 0, 0)',
      );
      await page.keyboard.press('?');
      const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await help.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await help.waitFor({ state: 'hidden' });
      expect(await focusedText(page)).toBe(made[1]!.name);
      await page.keyboard.press('o');
      await page.waitForURL((url) => url.searchParams.get('id') === made[1]!.id);
      await page.getByRole('heading', { level: 2, name: made[1]!.name }).waitFor();
      expect(new URL(page.url()).searchParams.get('q')).toBe(tag);
      expect(tp.errors).toEqual([]);
    },
  );

  embeddedOnly(
    'with the shortcuts turned off, the keys do nothing, also after a reload; typing in a field never triggers them',
    async () => {
      const tag = `Off${Date.now().toString(36)}`;
      const made = await tagged(tag, 2);
      tp = await openPage({ viewport: { width: 1280, height: 900 } });
      const { page } = tp;
      await openTagList(page, tag, 2);
      const search = page.getByRole('searchbox', { name: 'Search by name or email' });
      await search.fill('');
      await search.press('j');
      await search.press('x');
      expect(await search.inputValue()).toBe('jx');
      expect(await focusedText(page)).toBe('INPUT');
      expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);

      const button = page.getByRole('button', { name: 'Keyboard shortcuts' });
      await button.click();
      const toggle = page.getByRole('checkbox', { name: 'Use single-key shortcuts' });
      expect(await toggle.isChecked()).toBe(true);
      await toggle.uncheck();
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      expect(await focusedText(page)).toBe('Keyboard shortcuts');
      const dead = async () => {
        // Each key's handler runs as it is pressed: what it would change is looked at after.
        await page.keyboard.press('j');
        expect(await focusedText(page)).not.toBe(made[0]!.name);
        await page.getByRole('link', { name: made[0]!.name }).focus();
        for (const key of ['j', 'x', 'o', '?']) await page.keyboard.press(key);
        expect(await focusedText(page)).toBe(made[0]!.name);
        expect(await page.getByRole('checkbox', { checked: true }).count()).toBe(0);
        expect(await page.getByRole('dialog').count()).toBe(0);
        expect(new URL(page.url()).searchParams.get('id')).toBeNull();
      };
      await dead();
      await page.reload();
      await page.locator('.staff-table tbody tr').first().waitFor();
      await dead();
      // On again: the same key moves on (what `dead` looked for could change).
      await page.getByRole('button', { name: 'Keyboard shortcuts' }).click();
      await page.getByRole('checkbox', { name: 'Use single-key shortcuts' }).check();
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: made[0]!.name }).focus();
      await page.keyboard.press('j');
      expect(await focusedText(page)).toBe(made[1]!.name);
      expect(tp.errors).toEqual([]);
    },
  );

  embeddedOnly('shows a reviewer the bulk bar without Delete', async () => {
    const tag = `Rev${Date.now().toString(36)}`;
    const made = await tagged(tag, 1);
    const username = `bulkrev-${Date.now().toString(36)}`;
    const res = await fetchFresh(`${mainUrl()}/api/staff/users/`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await staffToken()}`,
      },
      body: JSON.stringify({ username, role: 'reviewer', setup: 'link' }),
    });
    expect(res.status).toBe(201);
    const { setup_url: link } = (await res.json()) as { setup_url: string };
    tp = await openPage({ viewport: { width: 1280, height: 900 } });
    const { page } = tp;
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password' }).fill(`Rv!${crypto.randomUUID()}`);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${mainUrl()}/staff`);
    await page.goto(`${mainUrl()}/staff?q=${encodeURIComponent(tag)}&status=all`);
    await page.getByRole('link', { name: made[0]!.name }).waitFor();
    await page.getByRole('checkbox', { name: `Select ${made[0]!.name}` }).check();
    const bar = page.getByRole('region', { name: 'Selected applications' });
    await bar.getByText('1 application selected').waitFor();
    expect(await bar.getByRole('button', { name: 'Set status' }).isVisible()).toBe(true);
    expect(await bar.getByRole('button', { name: 'Assign' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    expect(tp.errors).toEqual([]);
  });
});
