/**
 * A staff session that ends behind the page's back (a logout elsewhere, a revocation, its time
 * running out), against the real server in Chromium: every staff action then shows the login
 * form with "Your session ended", focused, and the login returns to where the user was. Two
 * minutes before the end a warning offers to extend the session.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  eachDatabase,
  mainUrl,
  openLogin,
  openPage,
  type TestPage,
} from './harness.ts';
import { applicant, createApplication, pdfBytes, staffCredentials } from './flows-support.ts';
import { fetchFresh } from '../fetch.ts';

let tp: TestPage | null = null;
afterEach(async () => {
  await tp?.close();
  tp = null;
});

let target: { id: string; fullname: string };

export async function logIn(page: Page) {
  await page.getByLabel('Username').fill(staffCredentials().username);
  await page.getByLabel('Password').fill(staffCredentials().password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function apiLogin(): Promise<string> {
  const res = await fetchFresh(`${mainUrl()}/api/security-login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(staffCredentials()),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

/** The staff account's id (asked with a token of its own: the page's has ended). */
async function ownId(): Promise<string> {
  const res = await fetchFresh(`${mainUrl()}/api/security-session/`, {
    headers: { Authorization: `Bearer ${await apiLogin()}` },
  });
  return ((await res.json()) as { user: { id: string } }).user.id;
}

/** Ends the page's session on the server, as a logout in another tab would. */
async function endSessionElsewhere(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
  const res = await fetchFresh(`${mainUrl()}/api/security-logout/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(res.status).toBe(200);
}

/**
 * Counts, in the page, the session reads whose answer the page has acted on. The page maps the
 * server's times onto its own clock when the answer arrives: moving the clock before then would
 * move the session's end with it. Each count is taken in a task queued by the request's last
 * event, so the page's own handlers and their promise chains have run.
 */
async function countSessionReads(page: Page) {
  await page.addInitScript(() => {
    const counted = window as unknown as { sessionReads: number };
    counted.sessionReads = 0;
    // Called below with apply(this, …): its `this` is the request.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const open = XMLHttpRequest.prototype.open;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      if (String(args[1]).endsWith('/api/security-session/')) {
        this.addEventListener('loadend', () => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => (counted.sessionReads += 1);
          channel.port2.postMessage(0);
        });
      }
      return (open as (...a: unknown[]) => void).apply(this, args);
    };
  });
  return () =>
    expect
      .poll(() => page.evaluate(() => (window as unknown as { sessionReads: number }).sessionReads))
      .toBeGreaterThan(0);
}

/** The login with its notice, focused and in view, the form ready; then back to `next`. */
export async function expectSessionEnded(page: Page, next: string) {
  await page.waitForURL(`${mainUrl()}/security-login?next=${encodeURIComponent(next)}`);
  const notice = page.getByText('Your session ended. Log in again to continue where you were.');
  await notice.waitFor();
  await expect.poll(() => notice.evaluate((el) => el === document.activeElement)).toBe(true);
  // The ring shows (a click, not a key, led here: :focus-visible would not match).
  expect(await notice.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
  await page.getByLabel('Username').waitFor();
  expect(await page.getByText('Loading…').count()).toBe(0);
  expect(await page.evaluate(() => sessionStorage.getItem('authToken'))).toBeNull();
  expect(await axeViolations(page)).toEqual([]);
  await logIn(page);
  await page.waitForURL(`${mainUrl()}${next}`);
}

type Action = {
  name: string;
  /** Where the action starts (after a full load, so that the login page's code is not loaded). */
  start: string;
  act: (page: Page) => Promise<void>;
  /** Where the login returns to. */
  next: string;
  /** Also run on PostgreSQL (a list call and a write: the session check is the same for all). */
  postgres?: boolean;
};

const actions: Action[] = [
  {
    name: 'a search',
    start: '/staff?list=investors',
    act: async (page) => {
      await page.getByRole('searchbox').fill('nobody');
      await page.getByRole('button', { name: 'Search' }).click();
    },
    next: '/staff?list=investors&q=nobody',
    postgres: true,
  },
  {
    name: 'a tab link',
    start: '/staff?list=investors',
    act: (page) => page.getByRole('link', { name: 'Spartan applications' }).click(),
    next: '/staff',
  },
  {
    name: 'opening an application',
    start: '/staff?q=QUERY',
    act: (page) => page.getByRole('link', { name: target.fullname }).click(),
    next: '/staff?id=TARGET&q=QUERY',
  },
  {
    name: 'a resume download',
    start: '/staff?id=TARGET',
    act: (page) => page.getByRole('button', { name: 'Download resume' }).click(),
    next: '/staff?id=TARGET',
  },
  {
    name: 'a delete',
    start: '/staff?id=TARGET',
    act: async (page) => {
      await page.getByRole('button', { name: 'Delete application' }).click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: 'Delete application' })
        .click();
    },
    next: '/staff?id=TARGET',
    postgres: true,
  },
  {
    name: 'a password change on My account',
    start: '/staff?section=account',
    act: async (page) => {
      await page.getByRole('textbox', { name: 'Current password' }).fill('whatever it was');
      await page.getByRole('textbox', { name: 'New password' }).fill('a much longer new phrase');
      await page.getByRole('button', { name: 'Change password' }).click();
    },
    next: '/staff?section=account',
  },
  {
    name: 'opening a staff account',
    start: '/staff?section=staff',
    act: (page) => page.getByRole('link', { name: staffCredentials().username }).click(),
    next: '/staff?section=staff&user=USER',
  },
  {
    name: 'an audit trail filter',
    start: '/staff?section=audit',
    act: async (page) => {
      await page.getByLabel('Event').selectOption('logout');
      await page.getByRole('button', { name: 'Filter' }).click();
    },
    next: '/staff?section=audit&event=logout',
  },
];

eachDatabase('a staff session that ends behind the page', ({ embeddedOnly }) => {
  beforeAll(async () => {
    const who = applicant('Ended');
    target = { id: await createApplication(who, pdfBytes(who.fullname)), fullname: who.fullname };
  });

  for (const action of actions) {
    (action.postgres ? it : embeddedOnly)(
      `given the session ended elsewhere, when ${action.name} runs, then the login says so, focused, and returns there`,
      async () => {
        tp = await openPage();
        const { page } = tp;
        const start = action.start
          .replace('TARGET', target.id)
          .replace('QUERY', encodeURIComponent(target.fullname));
        // Opened directly in a tab that holds a session: only the staff area's code is loaded.
        const token = await apiLogin();
        await page.addInitScript((value) => {
          if (!sessionStorage.getItem('seeded')) {
            sessionStorage.setItem('seeded', '1');
            sessionStorage.setItem('authToken', value);
          }
        }, token);
        // The page's timers on a clock the test can stop: between the session's end and the
        // action, the page's own polls (every 10 s) must not find the end first, however long a
        // busy machine takes to get there.
        await page.clock.install();
        // The page reads its session's times once when it opens: end the session after that.
        const watching = page.waitForResponse((r) => r.url().endsWith('/api/security-session/'));
        await page.goto(`${mainUrl()}${start}`);
        await watching;
        await page.getByRole('button', { name: 'Log out', exact: true }).waitFor();
        await page.locator('main h2').first().waitFor();
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
        await endSessionElsewhere(page);
        const user = action.next.includes('USER') ? await ownId() : '';
        await action.act(page);
        await page.clock.resume();
        await expectSessionEnded(
          page,
          action.next
            .replace('TARGET', target.id)
            .replace('USER', user)
            .replace('QUERY', new URLSearchParams({ q: target.fullname }).toString().slice(2)),
        );
      },
    );
  }
});

/**
 * A page logged in to the staff list, on a clock the test moves (installed before the page
 * loads), once the list, the session's times and the live list's first poll (which learns the
 * newest application; later ones look for newer) have all arrived.
 */
async function staffOnFakeClock(): Promise<TestPage> {
  tp = await openPage();
  const { page } = tp;
  await page.clock.install();
  const sessionRead = await countSessionReads(page);
  const firstPoll = page.waitForResponse((r) => r.url().endsWith('/latest/'));
  await openLogin(page, '/staff');
  await logIn(page);
  await page.waitForURL(`${mainUrl()}/staff`);
  // The list has loaded (the New view may hold no application), and so has the session.
  await page.getByText(/\d+ applications? \(New\)\./).waitFor();
  await sessionRead();
  await firstPoll;
  return tp;
}

const warning = (page: Page) =>
  page.getByRole('alertdialog', { name: 'Your session is about to end' });

// On the embedded database only: the browser's clock moves here, the server's does not.
describe('the warning before the session ends', () => {
  it('given two minutes left, then a dialog says so with focus on Stay logged in; extending gives a new token and closes it', async () => {
    const { page, errors } = await staffOnFakeClock();
    const dialog = warning(page);
    expect(await dialog.count()).toBe(0);
    // 30 idle minutes end the session; nothing has happened for 28 of them.
    await page.clock.fastForward('28:00');
    await dialog.waitFor();
    const stay = dialog.getByRole('button', { name: 'Stay logged in' });
    await expect.poll(() => stay.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    const before = await page.evaluate(() => sessionStorage.getItem('authToken'));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    const after = await page.evaluate(() => sessionStorage.getItem('authToken'));
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const call = (token: string | null) =>
      fetchFresh(`${mainUrl()}/api/security-session/`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    expect((await call(before)).status).toBe(401);
    expect((await call(after)).status).toBe(200);
    // The staff area keeps working with the new token.
    await page.getByRole('link', { name: 'Investor applications' }).click();
    await page.getByRole('heading', { level: 2, name: 'Investor applications' }).waitFor();
    expect(page.url()).toBe(`${mainUrl()}/staff?list=investors`);
    expect(errors).toEqual([]);
  });

  it('given new applications arriving at a list left alone, then the list shows them and the warning still comes: the refresh is not activity', async () => {
    const { page, errors } = await staffOnFakeClock();
    const who = applicant('Arriving');
    await createApplication(who, pdfBytes(who.fullname));
    // 28 idle minutes, in which the poll (every 10 s) finds the new application.
    await page.clock.fastForward('28:00');
    // The list has refreshed itself, in place.
    await page.getByRole('row').filter({ hasText: who.fullname }).waitFor();
    // The warning came when the clock passed its moment, before the poll's answer: counted as
    // activity, the refresh would have taken it away again.
    const dialog = warning(page);
    expect(await dialog.isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('given the warning ignored, when the time runs out and the server has ended the session, then the login says so', async () => {
    const { page } = await staffOnFakeClock();
    await page.clock.fastForward('28:00');
    const dialog = warning(page);
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The server's clock has not moved: end the session there, as its idle limit would.
    await endSessionElsewhere(page);
    await page.clock.fastForward('02:00');
    await expectSessionEnded(page, '/staff');
  });
});
