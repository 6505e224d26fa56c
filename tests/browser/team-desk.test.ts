/**
 * The desk for a team in Chromium against the real server and database: the Overview's charts
 * with the tables of their figures, with screenshots at 1280 and 375 px.
 */
import { afterEach, expect, it } from 'vitest';
import { axeViolations, eachDatabase, openPage, type TestPage } from './harness.ts';
import { applicant, createApplication, openLoggedIn, pdfBytes, shot } from './flows-support.ts';

let tp: TestPage | null = null;
afterEach(async () => {
  await tp?.close();
  tp = null;
});

/** Three applications sharing a tag, oldest first; their ids newest first (the list's order). */
async function tagged(tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    ids.unshift(await createApplication(applicant(`${tag} ${i}`), pdfBytes(tag)));
  }
  return ids;
}

eachDatabase('desk for a team', () => {
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
