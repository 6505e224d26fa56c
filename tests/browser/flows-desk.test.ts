/**
 * The hiring desk in the staff area, in Chromium against the real server and database: where
 * focus goes and what is announced after a search, an open and a delete; status and notes on
 * the detail; filters kept in the URL; new applications appearing live; the CSV export.
 */
import { afterEach, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  demoUrl,
  eachDatabase,
  mainUrl,
  openPage,
  type TestPage,
} from './harness.ts';
import {
  apiGet,
  applicant,
  type Applicant,
  createApplication,
  pdfBytes,
  openLoggedIn,
  recordSaid,
  staffToken,
} from './flows-support.ts';
import { focusIndicatorFailures, overflowing } from './page-checks.ts';
import { SCROLL_HINT } from '../../site/staff/TableScroll.tsx';
import { fetchFresh } from '../fetch.ts';

let tp: TestPage | null = null;
afterEach(async () => {
  await tp?.close();
  tp = null;
});

/** The desk, logged in through the API (the login page is flows-staff's). */
const logIn = (page: Page, next = '/staff') => openLoggedIn(page, next);

/** Creates an investor application through the API, as a partner page would (its Origin). */
async function createInvestorApplication(who: Applicant, origin: string): Promise<string> {
  const res = await fetchFresh(`${mainUrl()}/api/investors/join_investor/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({
      fullname: who.fullname,
      email: who.email,
      phone: '212 555 0142',
      location: 'New York',
      accreditation: 'income',
    }),
  });
  if (res.status !== 201) throw new Error(`invest: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { investor_id: string }).investor_id;
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return el ? `${el.tagName.toLowerCase()}:${el.textContent?.trim() ?? ''}` : '';
  });
/** Every live region's text (role=status), joined. */
const statusText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[role="status"]')].map((el) => el.textContent).join(' | '),
  );

/** Starts recording everything the list's count (its live region) says, as it changes. */
const recordCount = (page: Page) =>
  recordSaid(page.locator('.staff-section > p.staff-status[role="status"]'));

// On PostgreSQL: status, notes, filters, the live list, the export and the erasure (focus and
// announcements after a search, an open and a delete are the browser's side only).
eachDatabase('hiring desk', ({ embeddedOnly }) => {
  embeddedOnly(
    'pages through a search with Next and Previous, by click and by Enter, one page at a time',
    async () => {
      const tag = `Pager${Date.now().toString(36)}`;
      // 21 matches: three pages of 10. Each is rejected as soon as it exists, so that the New
      // view other files' tests look at (side by side) never holds more than one of them.
      const token = await staffToken();
      for (let i = 0; i < 21; i += 1) {
        const who = applicant(`${tag} ${String.fromCharCode(65 + i)}`);
        const id = await createApplication(who, pdfBytes(who.fullname));
        const res = await fetchFresh(`${mainUrl()}/api/staff/applications/spartan/${id}/status/`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ status: 'rejected' }),
        });
        expect(res.status).toBe(200);
      }
      tp = await openPage();
      const { page, errors } = tp;
      await logIn(page, `/staff?status=rejected&q=${tag}`);
      const pager = page.getByRole('navigation', { name: /pages/i });
      const where = () =>
        pager
          .locator('span')
          .filter({ hasText: /^Page / })
          .textContent();
      const names = () => page.getByRole('table').locator('tbody tr th').allTextContents();
      await expect.poll(where).toBe('Page 1 of 3');
      const first = await names();

      await pager.getByRole('link', { name: 'Next page' }).click();
      await expect.poll(where).toBe('Page 2 of 3');
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      await expect.poll(async () => (await names()).some((n) => first.includes(n))).toBe(false);
      const second = await names();

      await pager.getByRole('link', { name: 'Next page' }).press('Enter');
      await expect.poll(where).toBe('Page 3 of 3');
      expect(new URL(page.url()).searchParams.get('page')).toBe('3');
      await expect.poll(async () => (await names()).length).toBe(1);

      await pager.getByRole('link', { name: 'Previous page' }).click();
      await expect.poll(where).toBe('Page 2 of 3');
      await expect.poll(names).toEqual(second);
      // One history entry per move: Back returns to page 3.
      await page.goBack();
      await expect.poll(where).toBe('Page 3 of 3');
      // Clearing the search by keyboard: the button goes, focus goes back to the box.
      await page.getByRole('button', { name: 'Clear search' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.has('q')).toBe(false);
      const box = page.getByRole('searchbox', { name: 'Search by name or email' });
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await box.inputValue()).toBe('');
      expect(errors).toEqual([]);
    },
  );

  embeddedOnly(
    'shows each filter the server refuses on its field, keeps an unknown status shown, and holds the exports until the filters are fixed',
    async () => {
      tp = await openPage();
      const { page, errors } = tp;
      await logIn(page, '/staff?status=bogus&role=Nope');
      const status = page.getByRole('combobox', { name: 'Status' });
      const role = page.getByRole('combobox', { name: 'Job role' });
      const from = page.getByLabel('Submitted from');
      const to = page.getByLabel('Submitted until');
      /** What a screen reader reads after a control's name: the texts it is described by. */
      const described = (control: typeof status) =>
        control.evaluate((el) =>
          (el.getAttribute('aria-describedby') ?? '')
            .split(' ')
            .map((id) => document.getElementById(id)?.textContent ?? '')
            .join(' ')
            .trim(),
        );
      const shown = (control: typeof status) =>
        control.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent);
      await expect.poll(() => status.getAttribute('aria-invalid')).toBe('true');
      expect(await described(status)).toBe('Error: Choose a status from the list');
      expect(await shown(status)).toBe('Unknown status “bogus”');
      expect(await role.getAttribute('aria-invalid')).toBe('true');
      expect(await described(role)).toBe('Error: Choose a job role from the list');
      expect(await shown(role)).toBe('Unknown job role “Nope”');
      expect(await from.getAttribute('aria-invalid')).toBeNull();
      await page.getByText('Please correct the highlighted fields').waitFor();
      const csv = page.getByRole('button', { name: 'Export CSV of this view' });
      expect(await csv.isDisabled()).toBe(true);
      expect(await axeViolations(page, 'main')).toEqual([]);
      // Every filter shows where the keyboard is, the dates too.
      expect(await focusIndicatorFailures(page, { within: '.staff-filters' })).toEqual([]);

      // A status and a role from the lists, and an end before the start: only the end is
      // refused now.
      await status.selectOption('all');
      await role.selectOption('');
      await from.fill('2026-05-02');
      await to.fill('2026-05-01');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL(/to=2026-05-01/);
      await expect.poll(() => to.getAttribute('aria-invalid')).toBe('true');
      expect(await described(to)).toBe('Error: This date must not be before “Submitted from”');
      expect(
        await page.getByRole('combobox', { name: 'Status' }).getAttribute('aria-invalid'),
      ).toBeNull();

      await page.getByLabel('Submitted until').fill('2026-05-03');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await page.waitForURL(/to=2026-05-03/);
      await expect.poll(() => csv.isDisabled()).toBe(false);
      expect(await page.getByLabel('Submitted until').getAttribute('aria-invalid')).toBeNull();
      expect(await page.getByText('Please correct the highlighted fields').count()).toBe(0);

      // A day that does not exist can only come from the address.
      await page.goto(`${mainUrl()}/staff?from=2026-02-30`);
      await expect
        .poll(() => page.getByLabel('Submitted from').getAttribute('aria-invalid'))
        .toBe('true');
      expect(await described(page.getByLabel('Submitted from'))).toBe('Error: Enter a real date');
      expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
    },
  );

  embeddedOnly(
    'keeps focus in the search box and announces the count; an opened application takes focus and names the title; a delete is announced with focus on the next row',
    async () => {
      const tag = `Focus${Date.now().toString(36)}`;
      const people = [applicant(`${tag} Ann`), applicant(`${tag} Ben`), applicant(`${tag} Cy`)];
      for (const who of people) await createApplication(who, pdfBytes(who.fullname));
      tp = await openPage();
      const { page, errors } = tp;
      await logIn(page);
      await page.getByRole('table').waitFor();

      const countSaid = await recordCount(page);
      const box = page.getByRole('searchbox', { name: 'Search by name or email' });
      await box.fill(tag);
      await box.press('Enter');
      await page.waitForURL(`${mainUrl()}/staff?q=${tag}`);
      await page.getByText(`3 applications (New) matching “${tag}”`).waitFor();
      // The last view's count is never said with this search's words: loading, then the count.
      const said = await countSaid();
      expect(said.filter((text) => text.includes(tag))).toEqual([
        `3 applications (New) matching “${tag}”.`,
      ]);
      expect(await box.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await axeViolations(page, 'main')).toEqual([]);

      // Open the oldest (last row) by keyboard.
      const link = page.getByRole('link', { name: people[0]!.fullname });
      await link.focus();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { level: 2, name: people[0]!.fullname });
      await heading.waitFor();
      await expect.poll(() => focused(page)).toBe(`h2:${people[0]!.fullname}`);
      expect(await page.title()).toBe(
        `${people[0]!.fullname} · Spartan applications · The Spartans`,
      );
      // Opened by staff: no longer new.
      await page.getByText('In review (was New)').waitFor();
      expect(await axeViolations(page, 'main')).toEqual([]);

      // Back to the search (the New view no longer holds the opened one), delete the first row.
      await page.getByRole('link', { name: /Back to Spartan applications/ }).click();
      await page.getByText(`2 applications (New) matching “${tag}”`).waitFor();
      await expect.poll(() => focused(page)).toBe('h2:Spartan applications');
      expect(await page.title()).toBe('Spartan applications · Staff Area · The Spartans');
      await page
        .getByRole('button', { name: `Delete the application of ${people[2]!.fullname}` })
        .click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: 'Delete application' })
        .click();
      await expect.poll(() => statusText(page)).toContain('Application deleted');
      await expect.poll(() => focused(page)).toBe(`a:${people[1]!.fullname}`);

      // Delete from the detail: back on the list, its heading focused, the deletion announced.
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 2, name: people[1]!.fullname }).waitFor();
      await page.getByRole('button', { name: 'Delete application' }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: 'Delete application' })
        .click();
      await page.waitForURL(`${mainUrl()}/staff?q=${tag}`);
      await expect.poll(() => focused(page)).toBe('h2:Spartan applications');
      await expect.poll(() => statusText(page)).toContain('Application deleted');
      expect(errors).toEqual([]);
    },
  );

  it('sets a status and adds notes (shown newest first, as text), and keeps filters in the URL across a reload', async () => {
    const who = applicant('Desk Notes');
    const id = await createApplication(who, pdfBytes(who.fullname));
    tp = await openPage({ viewport: { width: 375, height: 800 } });
    const { page, errors } = tp;
    await logIn(page, `/staff?id=${id}`);
    await page.getByRole('heading', { level: 2, name: who.fullname }).waitFor();
    await page.getByLabel('Review status').selectOption('shortlisted');
    await page.getByRole('button', { name: 'Set status' }).click();
    await page.getByText('Shortlisted (was In review)').waitFor();
    await expect.poll(() => statusText(page)).toContain('Status set to Shortlisted');

    const notes = ['First call booked.', '<b onmouseover="window.__pwned=1">bold?</b>'];
    for (const note of notes) {
      await page.getByLabel('Add a note for colleagues').fill(note);
      await page.getByRole('button', { name: 'Add note' }).click();
      await page.getByText(note, { exact: true }).waitFor();
    }
    const shown = await page
      .getByRole('list', { name: 'Notes, newest first' })
      .locator('.staff-note__body')
      .allTextContents();
    expect(shown).toEqual([...notes].reverse());
    expect(await page.locator('main b').count()).toBe(0);
    // An empty note is refused in place.
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByRole('alert').getByText('Write the note first').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(await overflowing(page)).toEqual([]);

    // Filters: shortlisted Data Engineers, oldest first, in the URL; a reload keeps them.
    await page.goto(`${mainUrl()}/staff`);
    await page.getByLabel('Status', { exact: true }).selectOption('shortlisted');
    await page.getByLabel('Job role').selectOption('Data Engineer');
    await page.getByLabel('Order').selectOption('oldest');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const filtered = `${mainUrl()}/staff?status=shortlisted&role=Data+Engineer&sort=oldest`;
    await page.waitForURL(filtered);
    await page.getByRole('link', { name: who.fullname }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: who.fullname }).waitFor();
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('shortlisted');
    expect(await page.getByLabel('Order').inputValue()).toBe('oldest');
    expect(await axeViolations(page, 'main')).toEqual([]);
    // With rows, the list is no wider than the phone: the table scrolls inside its own box,
    // and a line above it says so.
    expect(await overflowing(page)).toEqual([]);
    const table = page.getByRole('region', { name: 'Spartan applications table' });
    await page.getByText(SCROLL_HINT).waitFor();
    expect(
      await table.evaluate(
        (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).toBe(SCROLL_HINT);
    // Wide enough for every column: no such line.
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => page.getByText(SCROLL_HINT).count()).toBe(0);
    expect(await table.getAttribute('aria-describedby')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('on the investor desk, sets a status and adds a note by keyboard, and keeps the source and date filters in the URL across a reload', async () => {
    const who = applicant('Investor Desk');
    const partner = new URL(demoUrl()).origin;
    const id = await createInvestorApplication(who, partner);
    tp = await openPage();
    const { page, errors } = tp;
    await logIn(page, `/staff?list=investors&id=${id}`);
    await page.getByRole('heading', { level: 2, name: who.fullname }).waitFor();

    // The status: typed into the focused select, then the button next to it.
    await page.getByLabel('Review status').focus();
    await page.keyboard.type('Qualified');
    expect(await page.getByLabel('Review status').inputValue()).toBe('qualified');
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('button:Set status');
    await page.keyboard.press('Enter');
    await page.getByText('Qualified (was New)').waitFor();
    await expect.poll(() => statusText(page)).toContain('Status set to Qualified');

    // A note: typed, then the button after the box.
    const note = 'Asked for the fund deck.';
    await page.getByLabel('Add a note for colleagues').focus();
    await page.keyboard.type(note);
    await page.keyboard.press('Tab');
    await expect.poll(() => focused(page)).toBe('button:Add note');
    await page.keyboard.press('Enter');
    await page
      .getByRole('list', { name: 'Notes, newest first' })
      .getByText(note, { exact: true })
      .waitFor();
    // Focus stayed on the button through the save (the box is empty again, for the next note).
    expect(await focused(page)).toBe('button:Add note');
    expect(await axeViolations(page, 'main')).toEqual([]);

    // Filters: qualified, submitted today; then the partner's source, offered once listed.
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`${mainUrl()}/staff?list=investors`);
    await page.getByLabel('Status', { exact: true }).selectOption('qualified');
    await page.getByLabel('Submitted from').fill(today);
    await page.getByLabel('Submitted until').fill(today);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const query = (extra: Record<string, string>) =>
      new URLSearchParams({
        list: 'investors',
        status: 'qualified',
        ...extra,
        from: today,
        to: today,
      });
    await page.waitForURL(`${mainUrl()}/staff?${query({})}`);
    await page.getByRole('link', { name: who.fullname }).waitFor();
    await page.getByLabel('Source').selectOption(partner);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(`${mainUrl()}/staff?${query({ source: partner })}`);
    await page.getByRole('link', { name: who.fullname }).waitFor();
    await page.reload();
    await page.getByRole('link', { name: who.fullname }).waitFor();
    expect(await page.getByLabel('Status', { exact: true }).inputValue()).toBe('qualified');
    expect(await page.getByLabel('Source').inputValue()).toBe(partner);
    expect(await page.getByLabel('Submitted from').inputValue()).toBe(today);
    expect(await page.getByLabel('Submitted until').inputValue()).toBe(today);
    // Our own site as the source: the partner's application is not in that view.
    await page.getByLabel('Source').selectOption('site');
    const siteList = page.waitForResponse(
      (r) => r.url().includes('/get_investor_applications/') && r.url().includes('origin=site'),
    );
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(`${mainUrl()}/staff?${query({ source: 'site' })}`);
    expect((await siteList).status()).toBe(200);
    await expect.poll(() => statusText(page)).toMatch(/\d+ applications? \(Qualified\)\./);
    expect(await page.getByRole('link', { name: who.fullname }).count()).toBe(0);
    // The partner is still offered as a source, though no row of this view came from it.
    await expect
      .poll(() => page.getByLabel('Source').locator(`option[value="${partner}"]`).count())
      .toBe(1);
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows a new application without a reload and announces it politely; exports the view as CSV', async () => {
    const earlier = applicant('Live Earlier');
    await createApplication(earlier, pdfBytes(earlier.fullname));
    tp = await openPage({ acceptDownloads: true });
    const { page, errors } = tp;
    // The list's first poll only learns the newest application; a visitor applies after it.
    const firstPoll = page.waitForResponse((r) => r.url().endsWith('/latest/'));
    await logIn(page);
    await page.getByRole('table').waitFor();
    await firstPoll;
    const who = applicant('Live Arrival');
    expect(await page.getByRole('link', { name: who.fullname }).count()).toBe(0);
    const countSaid = await recordCount(page);
    await createApplication(who, pdfBytes(who.fullname));
    // Coming back to the tab asks at once (the timer would within 10 s).
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.dispatchEvent(new Event('focus')));
          return page.getByRole('link', { name: who.fullname }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await expect
      .poll(() => statusText(page))
      .toMatch(/\d+ new applications? at the top of the list/);
    // The refresh changed the count in place: no "Loading applications…" between, which a
    // screen reader would read out each time an application arrived.
    const said = await countSaid();
    expect(said.length).toBeGreaterThan(0);
    for (const text of said) expect(text).toMatch(/^[\d,]+\+? applications? \(New\)\.$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV of this view' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^spartan-applications-\d{4}-\d{2}-\d{2}\.csv$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(csv.split('\r\n')[0]).toContain('"fullname"');
    expect(csv).toContain(who.email);
    expect(errors).toEqual([]);
  });

  it('chooses new-application mail and erases an applicant by email, by keyboard, axe clean', async () => {
    const who = applicant('Erase Me');
    const id = await createApplication(who, pdfBytes(who.fullname));
    tp = await openPage();
    const { page, errors } = tp;
    await logIn(page);
    await page.getByText(/\d+ applications? \(New\)\./).waitFor();

    const mail = page.locator('summary', { hasText: 'New-application mail' });
    await mail.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('radio', { name: 'One daily digest' }).check();
    await page.getByLabel('Send to').fill('desk.digest@example.com');
    await page.getByLabel('Send to').press('Enter');
    await page
      .getByText('Confirmation sent to desk.digest@example.com; check your mail.')
      .waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);

    const erase = page.locator('summary', { hasText: 'Erase an applicant’s data' });
    await erase.focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Applicant’s email').fill(who.email.toUpperCase());
    await page.getByLabel('Applicant’s email').press('Enter');
    const confirm = page.getByRole('button', {
      name: `Erase every application of ${who.email.toUpperCase()}`,
    });
    await confirm.waitFor();
    // The button takes the place of "Erase…" and its colours fade to the danger ones: axe looks
    // once they have (it would measure a contrast halfway).
    await confirm.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
    expect(await axeViolations(page, 'main')).toEqual([]);
    await confirm.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Erased 1 application (1 Spartan, 0 investor).').first().waitFor();
    await expect.poll(() => statusText(page)).toContain('Erased 1 application');
    expect((await apiGet(`/api/spartan_join/application/${id}/`)).status).toBe(404);
    expect(errors).toEqual([]);
  });
});
