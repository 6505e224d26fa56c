/**
 * Two-factor login's screens in Chromium against servers with STAFF_MFA=required (both
 * databases; started in global-setup.ts): a new account's first login sets up TOTP from the QR
 * code or the key (typed here into otplib, as into an authenticator app), then shows its ten
 * recovery codes; a later login takes a recovery code. An admin, on the account's page, ends one
 * of its sessions, then every session, then resets its second factor.
 */
import crypto from 'node:crypto';
import { generateSync } from 'otplib';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  axeViolations,
  database,
  eachDatabase,
  mainUrl,
  openPage,
  type TestPage,
} from './harness.ts';
import { logIn, sessionStatus } from './flows-support.ts';
import { fetchFresh } from '../fetch.ts';
import { strongPassword } from '../passwords.ts';

const pages: TestPage[] = [];
afterEach(async () => {
  for (const tp of pages.splice(0)) await tp.close();
});
async function open(): Promise<TestPage> {
  const tp = await openPage();
  pages.push(tp);
  return tp;
}

const strong = () => strongPassword('beacon meadow');
const totp = (secret: string) => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) });

async function post(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetchFresh(`${mainUrl()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Logs in through the API with a password, then a code (TOTP or recovery code): the token. */
async function apiLogin(
  username: string,
  password: string,
  code: () => string,
  userAgent?: string,
): Promise<string> {
  const headers: Record<string, string> = userAgent ? { 'User-Agent': userAgent } : {};
  const first = await post('/api/security-login/', { username, password }, headers);
  expect(first.json).toMatchObject({ mfa_required: true });
  const done = await post(
    '/api/security-login/mfa/',
    { challenge: first.json.challenge, code: code() },
    headers,
  );
  expect(done.status).toBe(200);
  return done.json.access as string;
}

/**
 * A reviewer account added by the admin (by setup link, its password set through the API):
 * its username and password, TOTP not set up yet.
 */
async function newAccount(admin: string): Promise<{ username: string; password: string }> {
  const username = `tf-${crypto.randomUUID().slice(0, 6)}`;
  const created = await post(
    '/api/staff/users/',
    { username, name: `Test ${username}`, role: 'reviewer', setup: 'link' },
    { Authorization: `Bearer ${admin}` },
  );
  expect(created.status).toBe(201);
  const token = String(created.json.setup_url).split('#')[1];
  const password = strong();
  const set = await post('/api/security-setup/complete/', { token, new_password: password });
  // STAFF_MFA=required: the link's last step asks for the set-up, which the login will do.
  expect(set.json).toMatchObject({ mfa_setup_required: true });
  return { username, password };
}

const focused = (page: Page, name: string) =>
  expect
    .poll(() => page.getByRole('heading', { name }).evaluate((el) => el === document.activeElement))
    .toBe(true);

eachDatabase(
  'two-factor login required',
  () => {
    /** The admin's token: one login (one TOTP code) per server and run. */
    let admin = '';
    beforeAll(async () => {
      const { username, password, secret } = database().mfa;
      admin = await apiLogin(username, password, () => totp(secret));
    });

    it('a first login sets up TOTP (QR code with a name, the key to type, axe clean), shows ten recovery codes; a later login takes one', async () => {
      const { username, password } = await newAccount(admin);
      const { page, errors } = await open();
      const refused: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) refused.push(`${r.request().method()} ${r.url()} ${r.status()}`);
      });
      await logIn(page, username, password);
      await page.getByRole('heading', { name: 'Set up two-factor login' }).waitFor();
      await focused(page, 'Set up two-factor login');
      const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
      await expect
        .poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      const key = ((await page.getByText(/^Key:/).locator('code').textContent()) ?? '').replace(
        /\s/g,
        '',
      );
      expect(key).toMatch(/^[A-Z2-7]{16,}$/);
      expect(await axeViolations(page)).toEqual([]);
      const code = page.getByRole('textbox', { name: /Authentication code/ });
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      // By keyboard: the code, then Enter.
      await code.fill(totp(key));
      await code.press('Enter');

      await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
      await focused(page, 'Save your recovery codes');
      const saved = page.getByRole('region', { name: 'Save your recovery codes' });
      const codes = await saved.getByRole('listitem').allTextContents();
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'I have saved them: continue' }).click();
      await page.waitForURL(`${mainUrl()}/staff`);
      await page.getByText(/\d+ applications? \(New\)\./).waitFor();

      // Later, in another browser: the password, then a recovery code.
      const later = await open();
      await logIn(later.page, username, password);
      await later.page.getByRole('heading', { name: 'Enter your authentication code' }).waitFor();
      await later.page.getByRole('textbox', { name: /Authentication code/ }).fill(codes[3]!);
      await later.page.getByRole('button', { name: 'Continue' }).click();
      await later.page.waitForURL(`${mainUrl()}/staff`);
      await later.page.getByText(/\d+ applications? \(New\)\./).waitFor();
      expect(await later.page.evaluate(() => sessionStorage.getItem('authToken'))).toBeTruthy();
      // Spent: the same recovery code does not log in again.
      const again = await post('/api/security-login/', { username, password });
      const spent = await post('/api/security-login/mfa/', {
        challenge: again.json.challenge,
        code: codes[3],
      });
      expect(spent.status).toBe(401);
      expect([...errors, ...later.errors], refused.join('\n')).toEqual([]);
    });

    it('an admin ends one session of an account, then every session, then resets its two-factor login', async () => {
      const { username, password } = await newAccount(admin);
      // The account sets up TOTP through the API: its recovery codes log it in below.
      const first = await post('/api/security-login/', { username, password });
      const setup = await post('/api/security-login/mfa-setup/', {
        challenge: first.json.challenge,
        code: totp(String(first.json.secret)),
      });
      expect(setup.status).toBe(200);
      const recovery = setup.json.recovery_codes as string[];
      const kept = setup.json.access as string;
      const firefox = await apiLogin(
        username,
        password,
        () => recovery[0]!,
        'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      );

      const { page, errors } = await open();
      await page.addInitScript((token) => sessionStorage.setItem('authToken', token), admin);
      await page.goto(`${mainUrl()}/staff?section=staff`);
      await page.getByRole('link', { name: username, exact: true }).click();
      await page.getByRole('heading', { name: `Account ${username}` }).waitFor();
      await page.getByText('Two-factor on').waitFor();
      const sessions = page.getByRole('region', { name: `Active sessions of ${username}` });
      await expect.poll(() => sessions.getByRole('row').count()).toBe(3); // Header and two.

      await sessions.getByRole('button', { name: /^End the session: Firefox on Linux/ }).click();
      await page.getByText('Session ended.').waitFor();
      await expect.poll(() => sessions.getByRole('row').count()).toBe(2);
      // Its row went: focus is on the End of the row that took its place, not on the page.
      await expect
        .poll(() =>
          sessions
            .getByRole('button', { name: /^End the session/ })
            .evaluate((el) => el === document.activeElement),
        )
        .toBe(true);
      expect(await sessionStatus(firefox)).toBe(401);
      expect(await sessionStatus(kept)).toBe(200);

      await apiLogin(username, password, () => recovery[1]!);
      await page.reload();
      await expect.poll(() => sessions.getByRole('row').count()).toBe(3);
      await page.getByRole('button', { name: 'End every session' }).click();
      const endAll = page.getByRole('alertdialog', { name: 'End every session?' });
      await endAll.getByRole('button', { name: 'End every session' }).click();
      await page.getByText(`2 sessions of ${username} ended.`).waitFor();
      expect(await sessionStatus(kept)).toBe(401);

      await page.getByRole('button', { name: 'Reset two-factor' }).click();
      const reset = page.getByRole('alertdialog', { name: 'Reset two-factor login?' });
      expect(await axeViolations(page)).toEqual([]);
      await reset.getByRole('button', { name: 'Reset two-factor' }).click();
      await page
        .getByText(`Two-factor login reset for ${username}; their sessions ended.`)
        .waitFor();
      await page.getByText('Waiting for setup').waitFor();
      expect(await page.getByRole('button', { name: 'Reset two-factor' }).isDisabled()).toBe(true);
      // The password alone no longer sets up an authenticator: the link shown to hand over does.
      const url = await page.getByLabel('Setup link').inputValue();
      expect(url).toMatch(/\/security-setup#[A-Za-z0-9_-]{43}$/);
      await page.getByText(/set up two-factor login once, with their password/).waitFor();
      const alone = await post('/api/security-login/', { username, password });
      expect(alone.status).toBe(403);
      // The owner opens the link, logs in with their password, and sets up a new authenticator.
      const owner = (await open()).page;
      await owner.goto(url);
      await owner.getByText(/An admin reset your two-factor login/).waitFor();
      expect(await axeViolations(owner)).toEqual([]);
      await owner.getByLabel('Username').fill(username);
      await owner.getByLabel('Password').fill(password);
      await owner.getByRole('button', { name: 'Login' }).click();
      await owner.getByRole('heading', { name: 'Set up two-factor login' }).waitFor();
      const key = ((await owner.getByText(/^Key:/).locator('code').textContent()) ?? '').replace(
        /\s/g,
        '',
      );
      await owner.getByRole('textbox', { name: /Authentication code/ }).fill(totp(key));
      await owner.getByRole('textbox', { name: /Authentication code/ }).press('Enter');
      await owner.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
      // The link is used up.
      const token = url.split('#')[1];
      expect((await post('/api/security-setup/mfa/', { token, password })).status).toBe(404);
      expect(errors).toEqual([]);
    });
  },
  { mfaRequired: true },
);
