/**
 * The detail of the desk for a team, in Chromium against the real server and database: the
 * assign control, "Also applied", Previous / Next and "Save and next" through a filtered list,
 * and a PDF resume read in place, with screenshots at 1280 and 375 px (SPARTAN_SHOTS).
 */
import { afterAll, afterEach, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';
import { eachDatabase, mainUrl, openPage, type TestPage } from './harness.ts';
import {
  apiGet,
  applicant,
  createApplication,
  openLoggedIn,
  pdfBytes,
  recordSaid,
  screenshotTo,
  staffCredentials,
} from './flows-support.ts';

let tp: TestPage | null = null;
afterEach(async () => {
  await tp?.close();
  tp = null;
});

/** At 375 px: the page scrolls down only, never sideways; then its screenshot. */
async function narrow(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await screenshotTo(page, name);
}

const heading = (page: Page) => page.locator('#staff-detail-title');
const said = (page: Page) =>
  recordSaid(page.locator('.page.staff > p.spartan-visually-hidden[role="status"]'));
const detailOf = async (id: string) =>
  (await apiGet(`/api/spartan_join/application/${id}/`)).json as {
    data: { status: string; assignee: { username: string; name: string } | null };
  };

eachDatabase('desk detail for a team', ({ embeddedOnly }) => {
  it('assigns in the detail, shows it in the history, and "Also applied" opens the other application', async () => {
    const first = applicant('Twice');
    // The same person again: the email in another case, with a +tag.
    const [local, domain] = first.email.split('@') as [string, string];
    const again = {
      fullname: `${first.fullname} again`,
      email: `${local.toUpperCase()}+jobs@${domain}`,
    };
    const older = await createApplication(first, pdfBytes('older'));
    const newer = await createApplication(again, pdfBytes('newer'));
    const me = staffCredentials().username;

    tp = await openPage({ viewport: { width: 1280, height: 900 } });
    const { page } = tp;
    await openLoggedIn(page, `/staff?id=${newer}`);
    await expect.poll(() => heading(page).textContent()).toBe(again.fullname);
    const panel = page.getByRole('region', { name: 'Assigned to' });
    await expect.poll(() => panel.locator('.staff-assignee').textContent()).toBe('Nobody');
    const assignTo = panel.getByLabel('Assign to');
    await expect.poll(() => assignTo.locator(`option[value="${me}"]`).count()).toBe(1);
    await assignTo.selectOption(me);
    await panel.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => panel.locator('.staff-assignee').textContent()).toContain(`(${me})`);
    await expect.poll(async () => (await detailOf(newer)).data.assignee?.username).toBe(me);
    // The history says it, beside the status change of the first open.
    const history = page.locator('.staff-timeline');
    await expect.poll(() => history.textContent()).toMatch(/Assigned to /);

    const also = page.getByRole('region', { name: 'Also applied' });
    // Its link names the kind and date; other tests' applicants share the phone number, so the
    // list may hold theirs too: this one is found by where it goes.
    const link = also.locator(`a[href*="id=${older}"]`);
    await expect.poll(() => link.count()).toBe(1);
    expect(await link.textContent()).toMatch(/^Spartan application, /);
    await screenshotTo(page, 'detail-assigned-1280');
    await narrow(page, 'detail-assigned-375');
    await link.click();
    await expect.poll(() => heading(page).textContent()).toBe(first.fullname);
    expect(new URL(page.url()).searchParams.get('id')).toBe(older);
    // Unassign it back to nobody there: the other application's own control.
    await expect.poll(() => panel.locator('.staff-assignee').textContent()).toBe('Nobody');
    expect(tp.errors).toEqual([]);
  });

  embeddedOnly(
    'walks a filtered list with "Save and next", keeping its filters, and says when it ends',
    async () => {
      const tag = `Walk${Date.now().toString(36)}`;
      const ids: string[] = [];
      // Oldest first; the list shows newest first.
      for (let i = 0; i < 3; i += 1) {
        ids.unshift(await createApplication(applicant(`${tag} ${i}`), pdfBytes(tag)));
      }
      tp = await openPage({ viewport: { width: 1280, height: 900 } });
      const { page } = tp;
      await openLoggedIn(page, `/staff?q=${tag}&status=all`);
      const rows = page.locator('.staff-table tbody tr');
      await expect.poll(() => rows.count()).toBe(3);
      await page.getByRole('link', { name: new RegExp(`${tag} 2`) }).click();
      await expect.poll(() => heading(page).textContent()).toMatch(new RegExp(`^${tag} 2 `));
      const nav = page.getByRole('navigation', { name: 'Applications of the list' });
      await expect.poll(() => nav.textContent()).toContain('1 of 3');
      await expect
        .poll(() => nav.textContent())
        .toContain('This is the first application of the list.');
      const record = await said(page);
      await screenshotTo(page, 'detail-walk-1280');

      for (let i = 0; i < 3; i += 1) {
        const id = ids[i]!;
        await expect.poll(() => new URL(page.url()).searchParams.get('id')).toBe(id);
        // The list's filters stay in the address.
        const params = new URL(page.url()).searchParams;
        expect(params.get('q')).toBe(tag);
        expect(params.get('status')).toBe('all');
        await page.getByLabel('Review status').selectOption('rejected');
        await page.getByRole('button', { name: 'Save and next' }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(async () => (await detailOf(id)).data.status).toBe('rejected');
      }
      // The last one: it stays, and says so.
      expect(new URL(page.url()).searchParams.get('id')).toBe(ids[2]);
      await expect
        .poll(async () => (await record()).join(' | '))
        .toContain('This is the last application of the list.');
      await expect
        .poll(() => nav.textContent())
        .toContain('This is the last application of the list.');
      expect((await record()).join(' | ')).toContain('Next application opened.');
      // Previous goes back by the keyboard too (k), and Back returns to the same filtered list.
      await page.locator('body').press('k');
      await expect.poll(() => new URL(page.url()).searchParams.get('id')).toBe(ids[1]);
      await page.getByRole('link', { name: /Back to Spartan applications/ }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(tag);
      expect(new URL(page.url()).searchParams.get('id')).toBeNull();
      await expect.poll(() => rows.count()).toBe(3);
      expect(tp.errors).toEqual([]);
    },
  );
});

// Debian's headless shell, which the other tests use, has no PDF viewer: this one drives the
// full browser, whose viewer is Chromium's own (the one staff use).
let full: Browser | null = null;
afterAll(async () => {
  await full?.close();
});

/** A Word file as far as the server's content check goes: the OLE compound-file header. */
function wordBytes(): Buffer {
  const ole = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
  return ole;
}

/** The number of pages Chromium's PDF viewer counts in the page's frame (0 until it has the file). */
const viewerPages = (page: Page): Promise<number> => {
  const viewer = page.frames().find((f) => f.url().startsWith('chrome-extension://'));
  return viewer
    ? viewer.evaluate(
        () =>
          (
            document.querySelector('pdf-viewer')?.shadowRoot?.querySelector('viewer-toolbar') as
              (Element & { docLength?: number }) | null
          )?.docLength ?? 0,
      )
    : Promise.resolve(0);
};

eachDatabase('resume read in place', () => {
  it('shows a PDF resume in a frame of the detail, with its download beside; a Word file keeps the download only', async () => {
    const who = applicant('Reader');
    const id = await createApplication(who, pdfBytes('Read in place'));
    const word = applicant('Wordy');
    const wordId = await createApplication(word, wordBytes(), {
      name: 'cv.doc',
      type: 'application/msword',
    });
    full ??= await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    for (const width of [1280, 375]) {
      const context = await full.newContext({ viewport: { width, height: 900 } });
      try {
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
        await openLoggedIn(page, `/staff?id=${id}`);
        await expect.poll(() => heading(page).textContent()).toBe(who.fullname);
        await page.getByRole('button', { name: 'Read the resume here' }).click();
        const hide = page.getByRole('button', { name: 'Hide the resume' });
        expect(await hide.getAttribute('aria-expanded')).toBe('true');
        const frame = page.locator('iframe.staff-resume__frame');
        expect(await frame.getAttribute('title')).toBe(`Resume of ${who.fullname}: cv.pdf`);
        expect(await frame.getAttribute('src')).toMatch(
          new RegExp(`^/api/spartan_join/application/${id}/resume/view/\\?ticket=`),
        );
        // Chromium's viewer has parsed the file: its toolbar counts the one page.
        await expect.poll(() => viewerPages(page), { timeout: 60_000 }).toBe(1);
        // Download stays beside it.
        expect(await page.getByRole('button', { name: 'Download resume' }).count()).toBe(1);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          width,
        );
        await screenshotTo(page, `detail-resume-${width}`);

        // A Word resume: the download only (its detail's Download button shows with the fields).
        await page.goto(`${mainUrl()}/staff?id=${wordId}`);
        await expect.poll(() => heading(page).textContent()).toBe(word.fullname);
        expect(await page.getByRole('button', { name: 'Download resume' }).count()).toBe(1);
        expect(
          await page.getByRole('button', { name: /resume here|Hide the resume/ }).count(),
        ).toBe(0);
        expect(await page.locator('iframe').count()).toBe(0);
        expect(errors).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });
});
