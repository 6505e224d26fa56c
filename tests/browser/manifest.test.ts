/**
 * custom-elements.json against the running elements: every `part` each element renders (watched
 * from creation, through the interactions that bring out its late parts: the letter list, the
 * video dialog, a form's errors, upload and success) and every `--spartan-*` custom property its
 * adopted stylesheets and inline styles use are in the manifest, and the manifest lists nothing
 * else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/paths.ts';
import { applicant, fillApply, fillInvest, pdfBytes, staffCredentials } from './flows-support.ts';
import { mainUrl, openPage, type TestPage } from './harness.ts';

interface Declared {
  tagName?: string;
  cssParts?: Array<{ name: string }>;
  cssProperties?: Array<{ name: string }>;
}
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'custom-elements.json'), 'utf8')) as {
  modules: Array<{ declarations: Declared[] }>;
};
const declared = new Map(
  manifest.modules
    .flatMap((m) => m.declarations)
    .filter((d) => d.tagName)
    .map((d) => [
      d.tagName!,
      {
        parts: (d.cssParts ?? []).map((p) => p.name).sort(),
        properties: (d.cssProperties ?? []).map((p) => p.name).sort(),
      },
    ]),
);

const TAGS = [
  'spartan-counter',
  'spartan-banner',
  'spartan-explainers',
  'spartan-hub-map',
  'spartan-apply-form',
  'spartan-invest-form',
  'spartan-login',
];

let t: TestPage;

beforeAll(async () => {
  t = await openPage();
  // A page on the server's own origin that loads every element and watches their shadow roots.
  const url = `${mainUrl()}/manifest-probe.html`;
  await t.page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><title>probe</title><main></main>
        <script type="module" src="/widgets/all.js"></script></html>`,
    }),
  );
  await t.page.goto(url);
  await t.page.waitForFunction((tags) => tags.every((tag) => customElements.get(tag)), TAGS);
  await t.page.evaluate((tags) => {
    const seen: Record<string, { parts: Set<string>; inline: Set<string> }> = {};
    (window as unknown as { seen: typeof seen }).seen = seen;
    const record = (tag: string, node: Node) => {
      if (!(node instanceof Element)) return;
      for (const el of [node, ...node.querySelectorAll('*')]) {
        for (const p of el.part) seen[tag]!.parts.add(p);
        const style = el.getAttribute('style') ?? '';
        for (const m of style.matchAll(/--spartan-[a-z0-9-]+/g)) seen[tag]!.inline.add(m[0]);
      }
    };
    for (const tag of tags) {
      seen[tag] = { parts: new Set(), inline: new Set() };
      const el = document.createElement(tag);
      el.id = tag;
      // Observed from before the first render: every part that ever appears is counted.
      new MutationObserver((records) => {
        for (const r of records) {
          if (r.type === 'attributes') record(tag, r.target);
          r.addedNodes.forEach((n) => record(tag, n));
        }
      }).observe(el.shadowRoot!, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: ['part', 'style'],
      });
      document.querySelector('main')!.append(el);
    }
  }, TAGS);
}, 120_000);
afterAll(() => t.close());

const host = (tag: string) => t.page.locator(`#${tag}`);

async function exercise(tag: string): Promise<void> {
  const el = host(tag);
  await el.scrollIntoViewIfNeeded();
  switch (tag) {
    case 'spartan-banner':
      await el.locator('[part~="letters-button"]').click();
      await el.getByRole('option', { name: 'N', exact: true }).click();
      await el.locator('[part~="state-highlighted"]').first().waitFor();
      break;
    case 'spartan-explainers':
      await el.locator('[part~="tile"]').first().click();
      await el.locator('dialog[open] [part~="share"]').waitFor();
      await el.locator('[part~="close"]').click();
      break;
    case 'spartan-hub-map':
      await el.locator('[part~="map"][data-state="ready"]').waitFor();
      await el.locator('[part~="hub"]').nth(1).click();
      break;
    case 'spartan-apply-form':
      await el.locator('[part~="submit"]').click();
      await el.locator('[part~="error-summary"]').waitFor();
      await fillApply(el, applicant('Manifest'), pdfBytes('manifest', 64));
      await el.locator('[part~="submit"]').click();
      await el.locator('[part~="id-box"]').waitFor();
      break;
    case 'spartan-invest-form':
      await el.locator('[part~="submit"]').click();
      await el.locator('[part~="error-summary"]').waitFor();
      await fillInvest(el, applicant('Manifest'));
      await el.locator('[part~="submit"]').click();
      await el.locator('[part~="id-box"]').waitFor();
      break;
    case 'spartan-login':
      await el.locator('[part~="submit"]').click();
      await el.locator('[part~="field-error"]').first().waitFor();
      await el.getByLabel('Username').fill(staffCredentials().username);
      await el.getByLabel('Password').fill('not the password');
      await el.locator('[part~="submit"]').click();
      await el.locator('[part~="error"]').waitFor();
      // Logged in, the confirmation has its Log out button; logging out brings the form back.
      await el.getByLabel('Password').fill(staffCredentials().password);
      await el.locator('[part~="submit"]').click();
      await el.locator('[part~="logout"]').click();
      await el.locator('[part~="form"]').waitFor();
      break;
  }
}

/** What an element really uses: parts seen, and `--spartan-*` in its sheets and inline styles. */
function used(tag: string) {
  return t.page.evaluate((tag) => {
    const el = document.getElementById(tag)!;
    const { parts, inline } = (
      window as unknown as { seen: Record<string, { parts: Set<string>; inline: Set<string> }> }
    ).seen[tag]!;
    const properties = new Set(inline);
    const walk = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
        for (const m of rule.cssText.matchAll(/--spartan-[a-z0-9-]+/g)) properties.add(m[0]);
      }
    };
    for (const sheet of el.shadowRoot!.adoptedStyleSheets) walk(sheet.cssRules);
    return { parts: [...parts].sort(), properties: [...properties].sort() };
  }, tag);
}

describe('custom-elements.json matches the running elements', () => {
  it.each(TAGS)('%s: its parts and custom properties, both ways', async (tag) => {
    await exercise(tag);
    const actual = await used(tag);
    expect(actual.parts.length).toBeGreaterThan(0);
    expect({ tag, ...actual }).toEqual({ tag, ...declared.get(tag) });
  });

  it('as served at /custom-elements.json, names modules the server serves, each exporting its element', async () => {
    // A string, not a function: vitest would rewrite a function's import() for Node.
    const checks = await t.page.evaluate<string[][]>(`(async () => {
      const served = await (await fetch('/custom-elements.json')).json();
      return Promise.all(served.modules.map(async (m) => {
        const module = await import('/' + m.path);
        return m.exports.map((e) => e.kind === 'js'
          ? e.declaration.module + ' exports ' + e.name + ': ' + (typeof module[e.name] === 'function')
          : e.name + ' defined: ' + (customElements.get(e.name) !== undefined));
      }));
    })()`);
    const lines = checks.flat();
    expect(lines).toHaveLength(TAGS.length * 2);
    expect(lines.filter((line) => !line.endsWith(': true'))).toEqual([]);
  });

  it('left no error in the console', () => {
    // The login's refused password is an expected 401 response, logged by the browser.
    expect(t.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });
});
