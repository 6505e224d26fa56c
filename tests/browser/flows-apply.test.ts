/**
 * The two application flows end to end in Chromium, against the real server
 * and database: on the site (same origin) and through the widgets embedded on
 * the partner demo (another origin, strict CSP).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  axeViolations,
  demoUrl,
  gotoHydrated,
  HYDRATED,
  mainUrl,
  openPage,
  type TestPage,
} from './harness.ts';
import {
  apiGet,
  applicant,
  fillApply,
  fillInvest,
  lateFiles,
  pdfBytes,
  recordEvents,
  recordSaid,
} from './flows-support.ts';
import { focusIndicatorFailures } from './page-checks.ts';
import { NOTHING_SENT, UPLOAD_CANCELLED } from '../../content/forms.ts';

let tp: TestPage | null = null;
afterEach(async () => {
  await tp?.close();
  tp = null;
});

interface Stored {
  data: Record<string, unknown> & { resume?: { filename: string; size: number } | null };
}

describe('applying as a Spartan', () => {
  it('on the site: a real PDF is uploaded, the success page shows the stored id, and a refresh keeps it', async () => {
    tp = await openPage();
    const { page, errors } = tp;
    const who = applicant('Site Spartan');
    const pdf = pdfBytes(who.fullname);
    await gotoHydrated(page, `${mainUrl()}/apply-spartan`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Ready to Become a Spartan?' }).isVisible(),
    ).resolves.toBe(true);
    await expect(page.getByText('Join the 300,000 Spartans Today!').isVisible()).resolves.toBe(
      true,
    );
    expect(
      await page.getByRole('link', { name: 'Spartan Employee Benefits' }).getAttribute('href'),
    ).toBe('/spartan-emp-benefits');
    expect(
      await page.getByRole('link', { name: 'Solon 300 Legal Team' }).getAttribute('href'),
    ).toBe('/solon300');

    // Empty submit: the summary takes focus, nothing is sent.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const summary = page.getByRole('alert', { name: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await focusIndicatorFailures(page, { current: true })).toEqual([]);
    expect(await axeViolations(page, 'main')).toEqual([]);

    await fillApply(page, who, pdf);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL(/\/apply-spartan-success\?id=/);
    const id = new URL(page.url()).searchParams.get('id');
    expect(id).toBeTruthy();
    // Waits for the id (a prerendered page shows the dash until it hydrates).
    const box = page.getByRole('button', { name: `Application ID Number ${id}`, exact: true });
    await box.waitFor();
    expect(await box.isDisabled()).toBe(true);
    await expect(page.getByText(/5 business days/).isVisible()).resolves.toBe(true);

    const stored = await apiGet(`/api/spartan_join/application/${id}/`);
    expect(stored.status).toBe(200);
    expect((stored.json as Stored).data).toMatchObject({
      id,
      fullname: who.fullname,
      email: who.email,
      job_title: 'Security Engineer',
      date_of_birth: '1988-04-02',
      gender: 'Other',
      // Sent from our own site.
      origin: null,
    });
    const file = await apiGet(`/api/spartan_join/application/${id}/resume/`);
    expect(file.bytes.equals(pdf)).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: `Application ID Number ${id}`, exact: true }).waitFor();
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(errors).toEqual([]);
  });

  for (const where of ['site', 'partner'] as const) {
    it(`${where === 'site' ? 'on the site' : 'through the widget on a partner origin'}: given its code failing to load while offline, then back online the next submit loads it and sends, nothing typed lost`, async () => {
      tp = await openPage();
      const { page, context } = tp;
      const who = applicant('Offline Spartan');
      let form: Page | Locator = page;
      if (where === 'site') await gotoHydrated(page, `${mainUrl()}/apply-spartan`);
      else {
        await page.goto(`${demoUrl()}/forms.html`);
        form = page.locator('#apply');
        await form.getByLabel('Full Name').waitFor();
      }
      // Offline before the first interaction: the form's code (loaded on first focus) fails.
      await context.setOffline(true);
      await fillApply(form, who, pdfBytes(who.fullname));
      await form.getByRole('button', { name: 'Submit Application' }).click();
      await form.getByText('Join Spartan failed').waitFor();
      const alert = form.getByRole('alert').filter({ hasText: 'Join Spartan failed' });
      expect(await alert.textContent()).toContain(NOTHING_SENT);
      await context.setOffline(false);
      // The browser keeps a failed module's failure: without a new address, this try would fail
      // again at once, with no request.
      await form.getByRole('button', { name: 'Submit Application' }).click();
      let id: string | null;
      if (where === 'site') {
        await page.waitForURL(/\/apply-spartan-success\?id=/);
        id = new URL(page.url()).searchParams.get('id');
      } else {
        const box = form.getByRole('button', { name: /^Application ID Number / });
        await box.waitFor();
        id = (await box.textContent())!.replace(/^Application ID Number\s*/, '');
      }
      const stored = await apiGet(`/api/spartan_join/application/${id}/`);
      expect((stored.json as Stored).data).toMatchObject({
        fullname: who.fullname,
        email: who.email,
      });
    });
  }

  /**
   * The application page on a phone, filled in with a 400 KB resume, and a way to limit its
   * uploads to so many bytes a second (-1: no limit).
   */
  async function filledOnPhone(tag: string) {
    tp = await openPage({ viewport: { width: 375, height: 800 } });
    const { page, errors } = tp;
    const who = applicant(tag);
    const pdf = pdfBytes(who.fullname, 400);
    await gotoHydrated(page, `${mainUrl()}/apply-spartan`);
    await fillApply(page, who, pdf);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const throttle = (uploadThroughput: number) =>
      cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput,
      });
    return { page, errors, who, pdf, throttle };
  }

  it('on a slow connection: the resume upload shows a labelled progress bar that advances, then the success page', async () => {
    const { page, errors, pdf, throttle } = await filledOnPhone('Slow Spartan');
    // About 4 s for the 400 KB resume.
    await throttle(100 * 1024);
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/')) posts.push(r.url());
    });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const button = page.getByRole('button', { name: 'Submitting...' });
    await button.waitFor();
    // Busy, and still where the keyboard is (a disabled button would drop focus to the page):
    // pressing it again sends nothing more.
    expect(await button.getAttribute('aria-disabled')).toBe('true');
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    const bar = page.getByRole('progressbar', { name: /Uploading resume/ });
    await bar.waitFor();
    const seen = new Set<number>();
    while (!page.url().includes('/apply-spartan-success')) {
      const value = await bar.getAttribute('value', { timeout: 1000 }).catch(() => null);
      if (value !== null) seen.add(Number(value));
      await page.waitForTimeout(200);
    }
    // Several distinct values between the start and the end: the bar moved as bytes went out.
    expect([...seen].filter((v) => v > 0 && v < 100).length).toBeGreaterThan(1);
    await throttle(-1);
    const id = new URL(page.url()).searchParams.get('id');
    await page.getByRole('button', { name: `Application ID Number ${id}`, exact: true }).waitFor();
    expect((await apiGet(`/api/spartan_join/application/${id}/resume/`)).bytes.equals(pdf)).toBe(
      true,
    );
    expect(posts).toEqual([`${mainUrl()}/api/spartan_join/apply-spartan/`]);
    expect(errors).toEqual([]);
  });

  it('on a slow connection, Cancel upload stops the resume mid-way: nothing is stored, the form keeps everything and says so, and sends it whole later', async () => {
    const { page, errors, who, throttle } = await filledOnPhone('Cancelling Spartan');
    // About 8 s for the 400 KB resume.
    await throttle(50 * 1024);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const bar = page.getByRole('progressbar', { name: /Uploading resume/ });
    await expect
      .poll(async () => Number((await bar.getAttribute('value').catch(() => null)) ?? 0))
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Cancel upload' }).click();
    await page.locator('.spartan-form__cancelled', { hasText: UPLOAD_CANCELLED }).waitFor();
    const send = page.getByRole('button', { name: 'Submit Application' });
    expect(await send.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByLabel('Full Name').inputValue()).toBe(who.fullname);
    const search = `/api/spartan_join/applications/?q=${encodeURIComponent(who.email)}`;
    expect((await apiGet(search)).json).toMatchObject({ total: 0 });

    await throttle(-1);
    await send.click();
    await page.waitForURL(/\/apply-spartan-success\?id=/);
    const id = new URL(page.url()).searchParams.get('id');
    expect((await apiGet(search)).json).toMatchObject({ total: 1, data: [{ id }] });
    expect(errors).toEqual([]);
  });

  it('through the widget on a partner origin: no axios before interaction, spartan-applied with the stored id, success in place', async () => {
    tp = await openPage();
    const { page, errors } = tp;
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const who = applicant('Widget Spartan');
    const pdf = pdfBytes(who.fullname);
    await page.goto(`${demoUrl()}/forms.html`);
    const form = page.locator('#apply');
    await form.getByLabel('Full Name').waitFor();
    // Validation (zod), the HTTP client (axios) and the feedback UI wait for the first interaction.
    const late = lateFiles('widgets/apply-form/element.ts');
    expect(late.some((f) => f.startsWith('axios-'))).toBe(true);
    expect(requests.filter((u) => late.some((f) => u.endsWith(`/widgets/${f}`)))).toEqual([]);
    const events = await recordEvents(page, ['spartan-applied']);

    // Everything the status region says, from here on.
    const said = await recordSaid(form.getByRole('status'));
    // In the shadow root, under the partner's CSP: the summary is styled and takes focus, with a
    // visible ring; its links are targets of at least 24 px.
    await form.getByRole('button', { name: 'Submit Application' }).click();
    const summary = form.getByRole('alert', { name: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe(
      'rgb(176, 0, 32)',
    );
    expect(
      await summary.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el),
    ).toBe(true);
    // Its ring, measured against what is behind it (page-checks.ts): at least 3:1.
    expect(await focusIndicatorFailures(page, { current: true })).toEqual([]);
    const linkHeights = await summary
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
    expect(linkHeights.length).toBeGreaterThan(3);
    for (const height of linkHeights) expect(height).toBeGreaterThanOrEqual(24);
    // Refused by validation, so it never said it was submitting.
    expect(await said()).not.toContain('Submitting...');

    await fillApply(form, who, pdf);
    expect(late.every((f) => requests.some((u) => u.endsWith(`/widgets/${f}`)))).toBe(true);
    await form.getByRole('button', { name: 'Submit Application' }).click();
    const heading = form.getByRole('heading', { name: 'Thank you for applying' });
    await heading.waitFor();
    const [event] = await events();
    const id = (event?.detail as { applicationId: string }).applicationId;
    expect(event?.type).toBe('spartan-applied');
    expect(await form.getByRole('button', { name: /Application ID Number/ }).textContent()).toBe(
      `Application ID Number ${id}`,
    );
    const stored = await apiGet(`/api/spartan_join/application/${id}/`);
    expect((stored.json as Stored).data).toMatchObject({
      fullname: who.fullname,
      email: who.email,
      // The partner page it was sent from, for the staff to see.
      origin: demoUrl(),
    });
    expect((await apiGet(`/api/spartan_join/application/${id}/resume/`)).bytes.equals(pdf)).toBe(
      true,
    );
    // Every request the widget made went to the main origin, cross-origin, and CSP let all of it run.
    expect(requests.some((u) => u.startsWith(`${mainUrl()}/api/spartan_join/apply-spartan/`))).toBe(
      true,
    );
    expect(await axeViolations(page, '#apply')).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('applying to invest', () => {
  it('on the site: the success page shows the stored investor id', async () => {
    tp = await openPage({ viewport: { width: 375, height: 800 } });
    const { page, errors } = tp;
    const who = applicant('Site Investor');
    await gotoHydrated(page, `${mainUrl()}/invest-apply`);
    await fillInvest(page, who);
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL(/\/success-invest\?id=/);
    const id = new URL(page.url()).searchParams.get('id');
    await page.getByRole('button', { name: `Investor ID Number ${id}`, exact: true }).waitFor();
    await expect(page.getByText(/reach out to you shortly/).isVisible()).resolves.toBe(true);
    const stored = await apiGet(`/api/investors/get_investor_application_detail/${id}/`);
    expect((stored.json as Stored).data).toMatchObject({
      id,
      fullname: who.fullname,
      email: who.email,
      accreditation: 'license',
      investment_range: '$250,000',
    });
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('through the widget on a partner origin: spartan-invested with the stored id', async () => {
    tp = await openPage();
    const { page, errors } = tp;
    const who = applicant('Widget Investor');
    await page.goto(`${demoUrl()}/forms.html`);
    const form = page.locator('#invest');
    await form.getByLabel('Full Name').waitFor();
    const events = await recordEvents(page, ['spartan-invested']);
    await fillInvest(form, who);
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await form.getByRole('heading', { name: 'Thank you for your interest' }).waitFor();
    const [event] = await events();
    const id = (event?.detail as { investorId: string }).investorId;
    expect(await form.getByRole('button', { name: /Investor ID Number/ }).textContent()).toBe(
      `Investor ID Number ${id}`,
    );
    const stored = await apiGet(`/api/investors/get_investor_application_detail/${id}/`);
    expect((stored.json as Stored).data).toMatchObject({
      fullname: who.fullname,
      email: who.email,
    });
    expect(await axeViolations(page, '#invest')).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('filling a form before the page has loaded its code (a slow connection)', () => {
  /** Opens `path` with its scripts held, runs `fill`, then lets the page load its code. */
  async function fillBeforeHydration(page: Page, path: string, fill: () => Promise<void>) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && posts.push(new URL(r.url()).pathname));
    await page.goto(`${mainUrl()}${path}`, { waitUntil: 'commit' });
    await fill();
    // Sent now, before the form's code has come, the form would leave the page (a POST to its
    // own address): a click on Submit and Enter in a field wait for the code instead.
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByLabel('Full Name').press('Enter');
    expect(await page.locator(HYDRATED).count()).toBe(0);
    release();
    await page.locator(HYDRATED).waitFor({ state: 'attached' });
    expect(new URL(page.url()).pathname).toBe(path);
    expect(posts).toEqual([]);
  }

  it('given everything filled in before hydration, then it is all kept and sent: texts, choices and the resume', async () => {
    tp = await openPage();
    const { page, errors } = tp;
    const who = applicant('Early Spartan');
    const pdf = pdfBytes(who.fullname);
    await fillBeforeHydration(page, '/apply-spartan', () => fillApply(page, who, pdf));
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL(/\/apply-spartan-success\?id=/);
    const id = new URL(page.url()).searchParams.get('id');
    const stored = await apiGet(`/api/spartan_join/application/${id}/`);
    expect((stored.json as Stored).data).toMatchObject({
      fullname: who.fullname,
      email: who.email,
      job_title: 'Security Engineer',
      date_of_birth: '1988-04-02',
      location: 'Boston',
      gender: 'Other',
    });
    const file = await apiGet(`/api/spartan_join/application/${id}/resume/`);
    expect(file.bytes.equals(pdf)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('given the investor form filled in before hydration, then its message, choices and texts are sent', async () => {
    tp = await openPage();
    const { page, errors } = tp;
    const who = applicant('Early Investor');
    await fillBeforeHydration(page, '/invest-apply', async () => {
      await fillInvest(page, who);
      await page.getByLabel('Message (optional)').fill('Typed while the page loaded.');
    });
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL(/\/success-invest\?id=/);
    const id = new URL(page.url()).searchParams.get('id');
    const stored = await apiGet(`/api/investors/get_investor_application_detail/${id}/`);
    expect((stored.json as Stored).data).toMatchObject({
      fullname: who.fullname,
      email: who.email,
      location: 'New York',
      accreditation: 'license',
      investment_range: '$250,000',
      message: 'Typed while the page loaded.',
    });
    expect(errors).toEqual([]);
  });
});
