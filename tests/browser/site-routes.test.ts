/**
 * Every public route of the site, as built (prerendered HTML, hydrated in Chromium):
 * its heading and text, its title, no page errors, no axe violations, no sideways
 * scrolling at four widths, and its content readable with JavaScript off.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, mainUrl, openPage, openTab, type TestPage } from './harness.ts';
import { fetchFresh } from '../fetch.ts';

/** Path, main heading, and text the page must show (compared case-insensitively: some labels are uppercased by CSS). */
const ROUTES: Array<[string, string, string[]]> = [
  [
    '/',
    'The Spartans',
    [
      'Our Spartan Network Company Partners',
      'View Employee Benefits',
      'Join The Spartans',
      'Explainer Videos',
    ],
  ],
  [
    '/explainers',
    'Explainer Videos',
    ['What Is the Private Spartan Wealth Fund?', 'Investors and Their Benefits'],
  ],
  [
    '/innovation-hubs',
    'Our Innovation Hubs',
    ['Our Headquarters', 'Palo Alto HQ', 'Future Sub-Headquarters', 'Denver Future Hub'],
  ],
  ['/founders', 'The Founders', ['CEO', 'Co-Founder']],
  [
    '/spartan-emp-benefits',
    'Spartan Employee Benefits',
    [
      'Become a Spartan',
      'The Curve Contract',
      'Stock Plans',
      'PSWF Access',
      'The Spartan Employee Lottery',
      'Coming Soon 1',
      '36.6 trillion',
      'Join Solon 300',
    ],
  ],
  ['/join-spartan', 'Join the Spartans', ['The Curve Contract', 'Join Solon 300']],
  [
    '/employee-login',
    'Employee Login',
    [
      'Spartan Number',
      'Password',
      'Forgot Spartan Number?',
      'Forgot Password?',
      'Become a Spartan',
      'Investors',
    ],
  ],
  ['/employee-forgot-pass', 'Forgot Password', ['one-time passcode', 'Back', 'Next']],
  ['/employee-forgot-spartan-id', 'Forgot Spartan Number', ['Spartan Number', 'Next']],
  ['/employee-one-time-pass', 'One-Time Passcode', ['6-digit passcode', 'Next']],
  ['/employee-reset-pass', 'Reset Password', ['New password', 'Confirm new password']],
  [
    '/investors',
    'Invest',
    [
      'Accredited Investors only',
      'Investor Benefit 1',
      'Investor Benefit 4',
      'Investment Model',
      'Explainer Videos',
    ],
  ],
  [
    '/accredited-investor',
    'Accredited Investors',
    ['Individual income over $200,000', '$300,000', '$1.0 million', 'general partner', 'Series 82'],
  ],
  ['/investor-benefits', 'Investor Benefits', ['Coming Soon 1', 'Coming Soon 4']],
  ['/investment-model', 'Investment Model', ['Coming Soon']],
  [
    '/solon300',
    'Solon 300',
    ['Our In-House Legal Team', 'Privacy law', 'Social Media law', 'careers@spartans.example'],
  ],
  ['/our-philosophy', 'Our Philosophy', ['Coming Soon', 'The Private Spartan Wealth Fund']],
  ['/our-purpose', 'Our Purpose', ['Coming Soon', 'The Private Spartan Wealth Fund']],
  ['/faq', 'FAQs', ['Coming Soon']],
  ['/contact-us', 'Contact Us', ['Phone', 'Email', 'Address', 'Social media', 'Contact form']],
  ['/coming-soon', 'Coming Soon', ['Coming Soon']],
  [
    '/spartan-wealth-fund',
    'The Private Spartan Wealth Fund',
    ['The Fund and Its Purpose', 'Pie Chart Breakdowns', 'Next'],
  ],
  ['/mission-statement', 'Mission Statements', ['Mission Statement 1', 'Mission Statement 4']],
  ['/clear-statement', 'Clear Statements', ['We Build Companies']],
  [
    '/white-paper',
    'The White Paper',
    [
      // It opens on its excerpt about the fund, at page 1.
      'The Private Spartan Wealth Fund exists so that',
      'Page 1 / 10',
      'Go to Page / Chapter',
      'About the White Paper',
      'A note from the author',
    ],
  ],
  ['/open-letter', 'Open Letter From Our CEO', ['Page 1 / 10']],
  ['/embed', 'Embed Our Widgets', ['Preview', 'Your snippets']],
  // The application, login and staff routes, assembled by the site's router and prerenderer.
  ['/apply-spartan', 'Ready to Become a Spartan?', ['Join the 300,000 Spartans Today!']],
  [
    '/apply-spartan-success',
    'Thank you for applying!',
    ['5 business days', 'Application ID Number'],
  ],
  ['/invest-apply', 'Apply to Invest', []],
  ['/success-invest', 'Thank you for your interest!', ['Investor ID Number']],
];

/** Chrome every main-layout page carries. */
const CHROME = [
  'Relentlessly Innovate and Repair Everything',
  'Important States, please help the group to Mirror and Reduce',
  'Company',
  'Legal',
  'Advertise with Us',
  'Follow Us',
  'EN (US)',
  '© 2025',
];

/** The widest width the layout is checked at: the width `openPage` gives a page. */
const WIDEST = 1440;

/** Whether the page is wider than its window (a sideways scroll bar). */
const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/**
 * Tabs kept for the routes' tests and handed from one test to the next. The tests run side by
 * side (vitest's maxConcurrency at a time), each loading its route in a tab of its own: Chromium's
 * work for one page is partly waiting (the network going idle, the server), which the others fill.
 * A tab is reused rather than opened for each route: a new tab costs Chromium more CPU than the
 * page loaded in it (0.6 CPU-s against 0.33 for /faq, measured), and each test's goto replaces the
 * whole document. (No route here writes session storage, the one state a tab keeps of its own.)
 */
function tabPool(context: () => BrowserContext) {
  const opened: TestPage[] = [];
  const idle: TestPage[] = [];
  return {
    async use<T>(body: (tab: TestPage) => Promise<T>): Promise<T> {
      let tab = idle.pop();
      if (!tab) {
        tab = await openTab(context());
        opened.push(tab);
      }
      tab.errors.length = 0;
      try {
        return await body(tab);
      } finally {
        idle.push(tab);
      }
    },
    close: () => Promise.all(opened.map((tab) => tab.close())),
  };
}

let t: TestPage;
const hydrated = tabPool(() => t.context);
beforeAll(async () => {
  t = await openPage();
});
afterAll(async () => {
  await hydrated.close();
  await t.close();
});

describe('site routes', () => {
  it.concurrent.for(ROUTES)(
    '%s shows "%s", its text and the chrome, hydrated without errors or axe violations',
    ([path, heading, texts], { expect }) =>
      hydrated.use(async ({ page, errors }) => {
        const response = await page.goto(mainUrl() + path, { waitUntil: 'networkidle' });
        expect(response?.status()).toBe(200);
        await expect.poll(() => page.locator('h1').first().textContent()).toContain(heading);
        const body = (await page.locator('body').innerText()).replace(/\s+/g, ' ').toLowerCase();
        for (const text of [...texts, ...CHROME]) expect(body, text).toContain(text.toLowerCase());
        expect(await page.title()).toMatch(/The Spartans/);
        expect(await axeViolations(page)).toEqual([]);
        // The widest of the responsive widths (below) is this page's: its first render there.
        expect(page.viewportSize()?.width).toBe(WIDEST);
        expect(await scrollsSideways(page), 'scrolls sideways').toBe(false);
        expect(errors).toEqual([]);
      }),
  );

  it('answers an unknown path with 404 and the not-found page', async () => {
    t.errors.length = 0;
    const response = await t.page.goto(`${mainUrl()}/no-such-page`, { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(404);
    await expect.poll(() => t.page.locator('h1').textContent()).toBe('Page Not Found');
    await expect.poll(() => t.page.title()).toBe('Page Not Found · The Spartans');
    expect(await axeViolations(t.page)).toEqual([]);
    // The only error: the 404 response itself.
    expect(t.errors.filter((e) => !e.includes('404'))).toEqual([]);
  });

  it('serves /security-login outside the main layout', async () => {
    t.errors.length = 0;
    await t.page.goto(`${mainUrl()}/security-login`, { waitUntil: 'networkidle' });
    await expect.poll(() => t.page.locator('h1').textContent()).toBe('Staff Login');
    expect(await t.page.locator('.site-header').count()).toBe(0);
    expect(await axeViolations(t.page)).toEqual([]);
    expect(t.errors).toEqual([]);
  });

  it('serves each route with its own title and description in the HTML', async () => {
    const html = await (await fetchFresh(`${mainUrl()}/founders`)).text();
    expect(html).toContain('<title>The Founders · The Spartans</title>');
    expect(html).toMatch(/<meta name="description" content="The three founders/);
  });
});

describe('with JavaScript off', () => {
  let off: TestPage;
  const tabs = tabPool(() => off.context);
  beforeAll(async () => {
    off = await openPage({ javaScriptEnabled: false });
  });
  afterAll(async () => {
    await tabs.close();
    await off.close();
  });

  it.concurrent.for(ROUTES)(
    '%s has its content in the prerendered HTML',
    ([path, heading, texts], { expect }) =>
      tabs.use(async ({ page }) => {
        await page.goto(mainUrl() + path);
        expect(await page.locator('h1').first().textContent()).toContain(heading);
        const body = (await page.locator('body').innerText()).replace(/\s+/g, ' ').toLowerCase();
        for (const text of texts.filter((s) => !['Back', 'Next'].includes(s)))
          expect(body, text).toContain(text.toLowerCase());
      }),
  );
});

describe('forms before their code arrives', () => {
  it.concurrent.for([
    ['/security-login', 'password', 'Login'],
    ['/apply-spartan', 'email', 'Submit Application'],
  ] as const)(
    'given %s with JavaScript off, then its button does not send the form, and the form would post, never put what was typed into the address',
    async ([path, field, button], { expect }) => {
      const off = await openPage({ javaScriptEnabled: false });
      try {
        await off.page.goto(mainUrl() + path);
        await off.page.locator(`input[name="${field}"]`).fill('secret-typed-value');
        // Until the form's code runs, its button is a plain button (docs/FORMS.md): a submit then
        // would leave the page for an answer meant for scripts.
        const submit = off.page.getByRole('button', { name: button, exact: true }).first();
        expect(await submit.getAttribute('type')).toBe('button');
        expect(await submit.evaluate((el) => (el as HTMLButtonElement).form?.method)).toBe('post');
        expect(off.page.url()).not.toContain('secret-typed-value');
      } finally {
        await off.close();
      }
    },
  );
});

describe('responsive layout', () => {
  // Each width loads every route afresh at that width (first render, not a resize: the resized
  // layouts are visual.test.ts's); the widths run side by side. The widest, 1440 px, is the
  // width of every page above: the routes' own tests check it, on the load they already make.
  it.concurrent.for([375, 768, 1024])(
    'no route scrolls sideways at %i px',
    // Some 31 loads each, beside the others: a busy machine can take more than a minute.
    { timeout: 180_000 },
    async (width, { expect }) => {
      const page = await openPage({ viewport: { width, height: 800 } });
      try {
        const overflowing: string[] = [];
        for (const [path] of ROUTES) {
          await page.page.goto(mainUrl() + path, { waitUntil: 'load' });
          if (await scrollsSideways(page.page)) overflowing.push(path);
        }
        expect(overflowing).toEqual([]);
        expect(page.errors).toEqual([]);
      } finally {
        await page.close();
      }
    },
  );
});
