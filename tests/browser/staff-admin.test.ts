/**
 * The staff area's account screens in Chromium against the real server: an admin adds accounts
 * (a setup link, opened by the new colleague; an initial password, changed at first login),
 * changes a role, resets a password, ends sessions and removes an account; filters the audit
 * trail; a reviewer sees none of the admin screens; everyone ends their own sessions and changes
 * their password. Axe-clean and driven by the keyboard where it matters.
 */
import crypto from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  axeViolations,
  eachDatabase,
  focusOf,
  mainUrl,
  openPage,
  type TestPage,
} from './harness.ts';
import { logIn, openLoggedIn, sessionStatus, staffCredentials } from './flows-support.ts';
import { fetchFresh } from '../fetch.ts';
import { strongPassword } from '../passwords.ts';

const pages: TestPage[] = [];
afterEach(async () => {
  for (const tp of pages.splice(0)) await tp.close();
});
async function open(width = 1440): Promise<TestPage> {
  const tp = await openPage({ viewport: { width, height: 900 } });
  pages.push(tp);
  return tp;
}

const isActive = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

const strong = () => strongPassword('lantern harbour');

/** The admin's screens, logged in through the API (the login page is flows-staff's). */
const asAdmin = openLoggedIn;

async function apiLogin(username: string, password: string): Promise<string> {
  const res = await fetchFresh(`${mainUrl()}/api/security-login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access: string }).access;
}

/** Adds an account on the Staff accounts screen; answers the setup link if one was made. */
async function addAccount(
  page: Page,
  username: string,
  options: { role?: 'Admin' | 'Reviewer'; password?: string } = {},
): Promise<string | null> {
  const form = page.getByRole('region', { name: 'Add an account' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Full name (optional)').fill(`Test ${username}`);
  if (options.role) await form.getByLabel('Role').selectOption({ label: options.role });
  if (options.password) {
    await form.getByLabel(/An initial password/).check();
    await form.getByRole('textbox', { name: 'Initial password' }).fill(options.password);
  }
  await form.getByRole('button', { name: 'Add account' }).click();
  const done = page.getByText(`Account ${username} added as`);
  await done.waitFor();
  await expect.poll(() => done.evaluate((el) => el === document.activeElement)).toBe(true);
  if (options.password) return null;
  return page.getByLabel('Setup link', { exact: true }).inputValue();
}

// On PostgreSQL: every screen here; the reviewer's view and the focus ring (the browser's side,
// roles being enforced by the server and tested per call and role in tests/api) on PGlite only.
eachDatabase('staff accounts, as an admin', ({ embeddedOnly }) => {
  it('adds an account by setup link: the link sets the password once, then the colleague is in; a weak password is refused first', async () => {
    const { page, errors } = await open();
    await asAdmin(page, '/staff?section=staff');
    await page.getByRole('table').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    const username = `link-${crypto.randomUUID().slice(0, 6)}`;
    const link = await addAccount(page, username);
    expect(link).toMatch(new RegExp(`^${mainUrl()}/security-setup#[A-Za-z0-9_-]{20,}$`));
    expect(await axeViolations(page, 'main')).toEqual([]);
    await page.getByRole('row', { name: new RegExp(username) }).waitFor();

    const colleague = (await open(375)).page;
    await colleague.goto(link!);
    await colleague.getByText(`Your username is ${username}`).waitFor();
    const heading = colleague.getByRole('heading', { name: 'Choose a new password' });
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await axeViolations(colleague)).toEqual([]);
    await colleague.getByRole('textbox', { name: 'New password' }).fill('passwordpassword');
    await colleague.getByRole('button', { name: 'Continue' }).click();
    await colleague
      .getByRole('alert')
      .filter({ hasText: /common|predictable|guess/i })
      .waitFor();
    await colleague.getByRole('textbox', { name: 'New password' }).fill(strong());
    await colleague.getByRole('button', { name: 'Continue' }).click();
    await colleague.waitForURL(`${mainUrl()}/staff`);
    expect(colleague.url()).not.toContain('#');
    // Used up: the same link again says so.
    await colleague.goto(link!);
    await colleague.getByText(/This setup link is not valid or has expired/).waitFor();
    expect(errors).toEqual([]);
  });

  embeddedOnly(
    'adds a reviewer with an initial password: changed at first login; the reviewer sees no admin screen and the server refuses them',
    async () => {
      const { page } = await open();
      await asAdmin(page, '/staff?section=staff');
      const username = `rev-${crypto.randomUUID().slice(0, 6)}`;
      const initial = strong();
      await addAccount(page, username, { password: initial });

      const reviewer = (await open()).page;
      await logIn(reviewer, username, initial);
      await reviewer.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await reviewer.getByRole('textbox', { name: 'New password' }).fill(strong());
      await reviewer.getByRole('button', { name: 'Continue' }).click();
      await reviewer.waitForURL(`${mainUrl()}/staff`);
      const nav = reviewer.getByRole('navigation', { name: 'Staff area' });
      await nav.getByRole('link', { name: 'My account' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Staff accounts' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: 'Audit trail' }).count()).toBe(0);
      // Typed addresses of the admin sections: the refusal alone, none of their forms.
      for (const section of ['audit', 'staff']) {
        await reviewer.goto(`${mainUrl()}/staff?section=${section}`);
        await reviewer
          .getByRole('alert')
          .filter({ hasText: 'Your role does not allow this' })
          .waitFor();
        await expect.poll(() => reviewer.locator('main form').count()).toBe(0);
        expect(await reviewer.getByRole('table').count()).toBe(0);
      }
    },
  );

  it('changes a role, resets a password, ends sessions and removes the account, each confirmed by keyboard', async () => {
    const { page, errors } = await open();
    await asAdmin(page, '/staff?section=staff');
    const username = `man-${crypto.randomUUID().slice(0, 6)}`;
    const password = strong();
    await addAccount(page, username, { password });
    // Their first login, done through the API: a session the admin can see.
    const first = await fetchFresh(`${mainUrl()}/api/security-login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password }),
    });
    const { challenge } = (await first.json()) as { challenge: string };
    const chosen = strong();
    await fetchFresh(`${mainUrl()}/api/security-login/password/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ challenge, new_password: chosen }),
    });
    const theirs = await apiLogin(username, chosen);

    await page.getByRole('link', { name: username, exact: true }).click();
    await page.getByRole('heading', { name: `Account ${username}` }).waitFor();
    const sessions = page.getByRole('region', { name: `Active sessions of ${username}` });
    await sessions.waitFor();
    expect(await sessions.getByRole('row').count()).toBeGreaterThanOrEqual(2);
    expect(await axeViolations(page, 'main')).toEqual([]);

    // The role, by keyboard: the select, then the button.
    await page.getByRole('combobox', { name: 'Role' }).focus();
    await page.getByRole('combobox', { name: 'Role' }).selectOption('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // It ends their sessions: asked first (focus on Cancel), then Tab to confirm, Enter.
    const roleDialog = page.getByRole('alertdialog', { name: 'Change the role?' });
    await roleDialog.waitFor();
    expect(await roleDialog.textContent()).toContain(
      `${username} becomes admin, and every session of theirs ends now`,
    );
    expect(await isActive(roleDialog.getByRole('button', { name: 'Cancel' }))).toBe(true);
    expect(await sessionStatus(theirs)).toBe(200);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.getByText(`${username} is now admin; their sessions ended.`).waitFor();
    expect(await sessionStatus(theirs)).toBe(401);
    // Focus is back on the button, not on the page.
    await expect.poll(() => isActive(page.getByRole('button', { name: 'Change role' }))).toBe(true);

    // Reset the password: a dialog (focus on Cancel), Tab to confirm, Enter; a setup link.
    const again = await apiLogin(username, chosen);
    await page.getByRole('button', { name: 'Reset password' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Reset the password?' });
    await dialog.waitFor();
    expect(await isActive(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Setup link', { exact: true }).inputValue()).toContain(
      '/security-setup#',
    );
    expect(await sessionStatus(again)).toBe(401);
    const refused = await fetchFresh(`${mainUrl()}/api/security-login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: chosen }),
    });
    expect(refused.status).toBe(401);

    // Remove: Escape first (nothing happens, focus returns), then confirm.
    const remove = page.getByRole('button', { name: 'Remove account' });
    await remove.click();
    const removeDialog = page.getByRole('alertdialog', { name: 'Remove this account?' });
    await removeDialog.waitFor();
    await page.keyboard.press('Escape');
    await removeDialog.waitFor({ state: 'detached' });
    expect(await isActive(remove)).toBe(true);
    await remove.click();
    await removeDialog.getByRole('button', { name: 'Remove account' }).click();
    await page.waitForURL(`${mainUrl()}/staff?section=staff`);
    await page.getByRole('table').waitFor();
    expect(await page.getByRole('link', { name: username, exact: true }).count()).toBe(0);

    // One's own account: no reset of one's own password (it would end this very session before
    // its link could be seen), but the way to change it.
    await page.getByRole('link', { name: staffCredentials().username, exact: true }).click();
    await page.getByRole('link', { name: 'Change your password in My account' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reset password' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('filters the audit trail by event and staff member; the filters stay in the address', async () => {
    const { page, errors } = await open(375);
    await asAdmin(page, '/staff?section=audit');
    await page.getByRole('table').waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    // The target (a type and an id) keeps a readable width: two lines at most, not a letter
    // column.
    const target = page.getByRole('columnheader', { name: 'Target' });
    expect((await target.boundingBox())!.width).toBeGreaterThanOrEqual(13 * 16);
    await page.getByLabel('Event').selectOption('staff.created');
    await page.getByLabel('Staff member (username)').fill(staffCredentials().username);
    await page.getByLabel('Staff member (username)').press('Enter');
    await page.waitForURL(/section=audit&event=staff.created&actor=/);
    await page.getByText(/entr(y|ies) matching the filters/).waitFor();
    const rows = page.getByRole('table').locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const event of await rows.locator('td:nth-child(2)').allTextContents()) {
      expect(event).toBe('staff.created');
    }
    for (const actor of await rows.locator('td:nth-child(3)').allTextContents()) {
      expect(actor).toBe(staffCredentials().username);
    }
    await page.reload();
    await page.getByRole('table').waitFor();
    expect(await page.getByLabel('Event').inputValue()).toBe('staff.created');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL(`${mainUrl()}/staff?section=audit`);
    expect(errors).toEqual([]);
  });
});

eachDatabase('my account', ({ embeddedOnly }) => {
  it('lists my sessions, ends another, refuses a wrong current password, changes it, then logs out everywhere by keyboard; the login heading shows its ring', async () => {
    // An account of its own: the shared one must keep its password for the other files.
    const admin = await open();
    await asAdmin(admin.page, '/staff?section=staff');
    const username = `me-${crypto.randomUUID().slice(0, 6)}`;
    const link = await addAccount(admin.page, username);
    const token = link!.split('#')[1];
    let password = strong();
    // The link's last step logs in too (the second factor is optional here): a session elsewhere.
    const done = await fetchFresh(`${mainUrl()}/api/security-setup/complete/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, new_password: password }),
    });
    expect(done.status).toBe(200);
    const elsewhere = ((await done.json()) as { access: string }).access;

    const { page, errors } = await open();
    await logIn(page, username, password, '/staff?section=account');
    await page.waitForURL(`${mainUrl()}/staff?section=account`);
    const table = page.getByRole('region', { name: 'Your active sessions' });
    await table.waitFor();
    expect(await table.getByText('This browser').count()).toBe(1);
    expect(await axeViolations(page, 'main')).toEqual([]);
    await table.getByRole('button', { name: /^End/ }).click();
    await page.getByText('Session ended.').waitFor();
    expect(await sessionStatus(elsewhere)).toBe(401);

    const current = page.getByRole('textbox', { name: 'Current password' });
    await current.fill('not my password at all');
    await page.getByRole('textbox', { name: 'New password' }).fill(strong());
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').filter({ hasText: 'The current password is wrong' }).waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: 'The current password is wrong' })
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    expect(await current.getAttribute('aria-invalid')).toBe('true');
    const third = await apiLogin(username, password);
    await current.fill(password);
    password = strong();
    await page.getByRole('textbox', { name: 'New password' }).fill(password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. 1 other session ended.').waitFor();
    expect(await sessionStatus(third)).toBe(401);

    // Log out everywhere, by keyboard: focus the button, Enter, Tab past Cancel, Enter.
    await page.getByRole('button', { name: 'Log out everywhere' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Log out everywhere?' });
    await dialog.waitFor();
    expect(await isActive(dialog.getByRole('button', { name: 'Cancel' }))).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${mainUrl()}/security-login`);
    const heading = page.getByRole('heading', { level: 1, name: 'Staff Login' });
    await expect.poll(() => focusOf(page)).toBe('H1 "Staff Login" at /security-login');
    expect(await heading.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe('solid');
    expect(await apiLogin(username, password)).toBeTruthy();
    // Console errors: only the refused password's 400.
    expect(errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });

  embeddedOnly(
    'after Log out (a click), the focused Staff Login heading shows a focus ring of at least 3:1',
    async () => {
      const { page } = await open(375);
      await asAdmin(page, '/staff');
      await page.getByRole('button', { name: 'Log out' }).click();
      await page.waitForURL(`${mainUrl()}/security-login`);
      const heading = page.getByRole('heading', { level: 1, name: 'Staff Login' });
      await expect.poll(() => focusOf(page)).toBe('H1 "Staff Login" at /security-login');
      const ring = await heading.evaluate((el) => {
        const style = getComputedStyle(el);
        return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
      });
      expect(ring.style).toBe('solid');
      expect(parseFloat(ring.width)).toBeGreaterThanOrEqual(2);
      // The gold ring on the login's dark background (#141414).
      expect(contrast(ring.color, 'rgb(20, 20, 20)')).toBeGreaterThanOrEqual(3);
    },
  );
});

function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, b2] = (css.match(/\d+/g) ?? []).slice(0, 3).map((n) => {
      const c = Number(n) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b2!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}
