/** Shared by the flows browser tests: real PDFs, and calls to the real API as staff. */
import fs from 'node:fs';
import path from 'node:path';
import { DIST } from '../../scripts/paths.ts';
import type { Locator, Page } from 'playwright-core';
import { database, mainUrl, openLogin } from './harness.ts';
import { fetchFresh } from '../fetch.ts';

/** A small but real PDF (one page, text `label`), unique per call; `padKB` adds comment lines to make it bigger. */
export function pdfBytes(label: string, padKB = 0): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (${label.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  for (let i = 0; i < padKB * 16; i += 1) body += `%${'-'.repeat(62)}\n`;
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * A full-page screenshot `name`.png in SPARTAN_SHOTS, when set (looked at by hand; not compared):
 * `SPARTAN_SHOTS=/tmp/shots npx vitest run --config vitest.browser.config.ts <file>`.
 */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.SPARTAN_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** The staff account of the server under test (each database has its own). */
export const staffCredentials = () => database().staff;

const tokens = new Map<string, string>();

/** A bearer token for the staff account (one login per test file and server). */
export async function staffToken(): Promise<string> {
  const known = tokens.get(mainUrl());
  if (known) return known;
  const token = await newStaffSession();
  tokens.set(mainUrl(), token);
  return token;
}

/** Logs the staff account in through the API: the bearer token of a new session. */
async function newStaffSession(): Promise<string> {
  const res = await fetchFresh(`${mainUrl()}/api/security-login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(staffCredentials()),
  });
  if (!res.ok) throw new Error(`staff login: ${res.status}`);
  return ((await res.json()) as { access: string }).access;
}

/** The status of a session check with `token`: 200 while the session lives, 401 once ended. */
export const sessionStatus = async (token: string) =>
  (
    await fetchFresh(`${mainUrl()}/api/security-session/`, {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).status;

/** Fills and sends the login page's first step (going on to `next` once logged in). */
export async function logIn(page: Page, username: string, password: string, next = '/staff') {
  await openLogin(page, next);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Opens `next` already logged in as the staff account, with a session of its own made through the
 * API (no login page): for tests of what comes after the login, not of the login itself.
 */
export async function openLoggedIn(page: Page, next: string): Promise<void> {
  const access = await newStaffSession();
  // The tab's session storage takes the token on a blank page of the origin (served here, not by
  // the server: it runs none of the site's code, and asks for no icon), as a login leaves it.
  const blank = `${mainUrl()}/__session-seed`;
  await page.route(blank, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<link rel="icon" href="data:,">' }),
  );
  await page.goto(blank);
  await page.evaluate((token) => sessionStorage.setItem('authToken', token), access);
  await page.unroute(blank);
  await page.goto(`${mainUrl()}${next}`);
}

/** GET an API path as staff: status and body (JSON, or bytes for files). */
export async function apiGet(
  path: string,
): Promise<{ status: number; json: unknown; bytes: Buffer }> {
  const res = await fetchFresh(`${mainUrl()}${path}`, {
    headers: { Authorization: `Bearer ${await staffToken()}` },
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: unknown = null;
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(bytes.toString());
  return { status: res.status, json, bytes };
}

export interface Applicant {
  fullname: string;
  email: string;
}

/** Fills the Spartan application (the site's page or a widget's shadow root: locators pierce it). */
export async function fillApply(scope: Page | Locator, who: Applicant, pdf: Buffer) {
  await scope.getByLabel('Job role').selectOption('Security Engineer');
  await scope.getByLabel('Full Name').fill(who.fullname);
  await scope.getByLabel('Date of Birth').fill('1988-04-02');
  await scope.getByLabel('Location').fill('Boston');
  await scope.getByLabel('Gender').selectOption('Other');
  await scope.getByLabel('Email').fill(who.email);
  await scope.getByLabel('Phone Number').fill('+1 617 555 0199');
  await scope
    .getByLabel('Resume')
    .setInputFiles({ name: 'resume.pdf', mimeType: 'application/pdf', buffer: pdf });
}

export async function fillInvest(scope: Page | Locator, who: Applicant) {
  await scope.getByLabel('Full Name').fill(who.fullname);
  await scope.getByLabel('Email').fill(who.email);
  await scope.getByLabel('Phone Number').fill('212 555 0142');
  await scope.getByLabel('Location').fill('New York');
  await scope.getByRole('radio', { name: /Series 7, Series 82 or Series 65/ }).check();
  await scope.getByLabel('Intended investment (optional)').fill('$250,000');
  await scope.getByRole('checkbox', { name: /I certify/ }).check();
}

/** A unique applicant for one test. */
export function applicant(tag: string): Applicant {
  const n = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return {
    fullname: `${tag} ${n}`,
    email: `${tag.toLowerCase().replace(/\W+/g, '')}.${n}@example.com`,
  };
}

/**
 * Creates a Spartan application through the API, as a visitor would (multipart); its resume is
 * `pdf`, or another file named and typed as `file` says.
 */
export async function createApplication(
  who: Applicant,
  pdf: Buffer,
  file = { name: 'cv.pdf', type: 'application/pdf' },
): Promise<string> {
  const form = new FormData();
  const fields: Record<string, string> = {
    job_title: 'Data Engineer',
    fullname: who.fullname,
    date_of_birth: '1991-07-14',
    location: 'Denver',
    gender: 'Female',
    email: who.email,
    phone: '303 555 0123',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('resume', new Blob([new Uint8Array(pdf)], { type: file.type }), file.name);
  const res = await fetchFresh(`${mainUrl()}/api/spartan_join/apply-spartan/`, {
    method: 'POST',
    body: form,
  });
  if (res.status !== 201) throw new Error(`apply: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { application_id: string }).application_id;
}

/**
 * Records everything a live region says from now on, each time its text changes (installed
 * through the DevTools protocol, so CSP allows it); the function returned reads the record.
 */
export async function recordSaid(region: Locator): Promise<() => Promise<string[]>> {
  await region.evaluate((el) => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => said.push(el.textContent ?? '')).observe(el, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  return () => region.page().evaluate(() => (window as unknown as { said: string[] }).said);
}

/** Records `spartan-*` events on the page (installed through the DevTools protocol, so CSP allows it). */
export async function recordEvents(
  page: Page,
  names: string[],
): Promise<() => Promise<Array<{ type: string; detail: unknown }>>> {
  await page.evaluate((types) => {
    const w = window as unknown as { __spartanEvents: Array<{ type: string; detail: unknown }> };
    w.__spartanEvents = [];
    for (const type of types) {
      document.addEventListener(type, (e) =>
        w.__spartanEvents.push({ type, detail: (e as CustomEvent).detail }),
      );
    }
  }, names);
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { __spartanEvents: Array<{ type: string; detail: unknown }> })
          .__spartanEvents,
    );
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

/**
 * Files a widget entry loads only later (its dynamic imports and what they
 * import, minus what first render already loads), from the Vite manifest.
 */
export function lateFiles(entrySource: string): string[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(DIST, 'widgets', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const walk = (keys: string[], dynamic: boolean, seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      const chunk = manifest[key];
      walk(
        [...(chunk?.imports ?? []), ...(dynamic ? (chunk?.dynamicImports ?? []) : [])],
        dynamic,
        seen,
      );
    }
    return seen;
  };
  const first = walk([entrySource], false);
  const all = walk([entrySource], true);
  return [...all].filter((k) => !first.has(k)).map((k) => manifest[k]?.file ?? k);
}

/**
 * Saves a full-page screenshot as `<name>.png` in SPARTAN_SHOTS, when set (looked at by hand;
 * not compared).
 */
export async function screenshotTo(page: Page, name: string): Promise<void> {
  const dir = process.env.SPARTAN_SHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
