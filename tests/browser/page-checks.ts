/**
 * Checks of what a person sees, run inside the page (one evaluate per check): the focus
 * indicator's contrast, target sizes and spacing (WCAG 2.2 AA 1.4.11 and 2.5.8), and cards
 * clipped by their containers. Each walks the light DOM and every open shadow root, and
 * returns readable descriptions of what fails (empty when all holds).
 * The functions are self-contained: playwright serialises them into the page.
 */
import type { Page, Request } from 'playwright-core';
import { inflateSync } from 'node:zlib';

/** The public routes of the site (the staff area and the login have their own tests). */
export const SITE_ROUTES = [
  '/',
  '/explainers',
  '/innovation-hubs',
  '/founders',
  '/spartan-emp-benefits',
  '/join-spartan',
  '/employee-login',
  '/employee-forgot-pass',
  '/employee-forgot-spartan-id',
  '/employee-one-time-pass',
  '/employee-reset-pass',
  '/investors',
  '/accredited-investor',
  '/investor-benefits',
  '/investment-model',
  '/solon300',
  '/our-philosophy',
  '/our-purpose',
  '/faq',
  '/contact-us',
  '/coming-soon',
  '/spartan-wealth-fund',
  '/mission-statement',
  '/clear-statement',
  '/white-paper',
  '/open-letter',
  '/apply-spartan',
  '/apply-spartan-success',
  '/invest-apply',
  '/success-invest',
  '/embed',
];

export const WIDTHS = [320, 375, 768, 1024, 1280, 1366, 1440];

/**
 * Scrolls through the page so that parts loaded near the viewport (map, videos) are there, and
 * waits at each step for what that step started to finish loading. Playwright's 'networkidle'
 * cannot serve here: it is a load state, reached once per navigation, so waiting for it again
 * after a scroll returns at once. The page's requests are counted instead, from before the
 * first scroll.
 */
export async function loadEverything(page: Page): Promise<void> {
  const inFlight = new Set<Request>();
  let started = 0;
  const begin = (r: Request) => {
    inFlight.add(r);
    started += 1;
  };
  const end = (r: Request) => inFlight.delete(r);
  page.on('request', begin);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  try {
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 700) {
      const before = started;
      // Two frames: the scroll is drawn and intersection observers have run.
      await page.evaluate(
        (top) =>
          new Promise((resolve) => {
            window.scrollTo(0, top);
            requestAnimationFrame(() => requestAnimationFrame(resolve));
          }),
        y,
      );
      // Nothing started: the next step. Otherwise until nothing has been in flight for a
      // quarter second (a loaded chunk may start the next request: its styles, its data).
      if (started === before && inFlight.size === 0) continue;
      await settled(inFlight, 250);
    }
    // A request the last steps started may have been reported after their frames.
    if (started > 0) await settled(inFlight, 250);
    await page.evaluate(() => window.scrollTo(0, 0));
  } finally {
    page.off('request', begin);
    page.off('requestfinished', end);
    page.off('requestfailed', end);
  }
}

/**
 * Resolves once nothing has been in flight for `quietMs` on end (looked at every 25 ms); throws,
 * naming what is still loading, after 60 s (a limit against a hang, not a speed check).
 */
async function settled(inFlight: Set<Request>, quietMs: number): Promise<void> {
  const limit = Date.now() + 60_000;
  let quietSince = inFlight.size === 0 ? Date.now() : Infinity;
  while (Date.now() - quietSince < quietMs) {
    if (Date.now() > limit) {
      throw new Error(`Still loading after 60 s: ${[...inFlight].map((r) => r.url()).join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (inFlight.size > 0) quietSince = Infinity;
    else if (quietSince === Infinity) quietSince = Date.now();
  }
}

/**
 * Elements whose right edge passes the viewport and that no clipping or scrolling ancestor
 * holds in (so they widen the page), described for a readable failure; and the page's own
 * sideways scroll, if any.
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    if (document.documentElement.scrollWidth > width)
      wide.push(`page scrolls to ${document.documentElement.scrollWidth}px`);
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.right <= width + 1) continue;
      // A part inside a scroll container or a clipped box does not widen the page.
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX !== 'visible' && p.getBoundingClientRect().right <= width + 1) {
          clipped = true;
          break;
        }
      }
      if (!clipped) wide.push(`${el.tagName.toLowerCase()}.${el.className} → ${box.right}px`);
    }
    return wide.slice(0, 5);
  });
}

/** A colour as red, green, blue (0–255) and alpha (0–1). */
export type RGBA = [number, number, number, number];

/** The contrast ratio of two colours (WCAG 2.2's relative luminance); alpha is ignored. */
export function contrastRatio(a: RGBA, b: RGBA): number {
  const luminance = ([r, g, b2]: RGBA) => {
    const f = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b2);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Where focusIndicatorFailures looks. */
export interface RingScope {
  /**
   * Only the focusable elements inside the first visible element matching this selector (an open
   * menu or dialog, which focus elsewhere would close). Finding none there is a failure.
   */
  within?: string;
  /**
   * Only the element that has focus now (a focused error summary, say), measured as it is: no Tab
   * first, nothing else focused, and no :focus-visible required (script moved focus there).
   */
  current?: boolean;
}

/** What the page measured of one focused element's ring. */
interface Ring {
  label: string;
  ring: RGBA;
  ringCss: string;
  /** The solid colours the ring sits on or borders. */
  behind: RGBA[];
  /**
   * Set where an image or a gradient lies behind the ring: the band the ring is drawn in (from
   * `inner` to `outer` px outside the border box), and the element's data-ring-sample mark.
   */
  sample?: RingSample;
}

/**
 * Where a ring is measured from a photograph: the band from `inner` to `outer` px outside the
 * border box, or, for a ring drawn as an SVG stroke (`stroke`, its colour), the pixels that
 * stroke changes; `mark` is the element's data-ring-sample mark.
 */
interface RingSample {
  inner: number;
  outer: number;
  mark: string;
  stroke?: string;
}

/**
 * Focuses every visible focusable element (after one Tab, so that focus is keyboard focus and
 * :focus-visible applies) and measures its indicator: an outline or a box-shadow ring, whose
 * colour must reach 3:1 against what is behind it: a solid background, or, where an image or a
 * gradient lies behind, every pixel of the band the ring is drawn in (sampled from a screenshot
 * without the ring). Returns the failures.
 */
export async function focusIndicatorFailures(page: Page, scope: RingScope = {}): Promise<string[]> {
  if (!scope.current) await page.keyboard.press('Tab');
  const { failures, rings } = await page.evaluate(
    ({ within, current }) => {
      const parse = (value: string): RGBA | null => {
        const m = value.match(/rgba?\(([^)]+)\)/);
        if (!m?.[1]) return null;
        const parts = m[1]
          .split(/[ ,/]+/)
          .filter(Boolean)
          .map(Number);
        return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
      };
      const up = (el: Element): Element | null =>
        el.parentElement ?? ((el.parentNode as ShadowRoot | null)?.host || null);
      /** The first solid background at or above el; null where an image or gradient decides it. */
      const backdrop = (start: Element | null): RGBA | null => {
        for (let el = start; el; el = up(el)) {
          const style = getComputedStyle(el);
          const colour = parse(style.backgroundColor);
          if (colour && colour[3] >= 0.9) return colour;
          if (style.backgroundImage !== 'none') return null;
        }
        return [255, 255, 255, 1];
      };
      const describe = (el: Element) => {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40);
        const cls = typeof el.className === 'string' ? el.className.split(' ')[0] : '';
        return `${el.tagName.toLowerCase()}${cls ? '.' + cls : ''} "${name}"`;
      };
      const deepActive = () => {
        let active = document.activeElement;
        while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
        return active as HTMLElement | null;
      };
      const SELECTOR =
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
      const all: HTMLElement[] = [];
      const collect = (root: Document | ShadowRoot | Element) => {
        for (const el of root.querySelectorAll<HTMLElement>('*')) {
          if (el.matches(SELECTOR)) all.push(el);
          if (el.shadowRoot) collect(el.shadowRoot);
        }
      };
      const failures: string[] = [];
      if (current) {
        const active = deepActive();
        if (active && active !== document.body) all.push(active);
        else failures.push('nothing has focus');
      } else if (within) {
        const root = [...document.querySelectorAll(within)].find(
          (el) => el.getClientRects().length > 0,
        );
        if (root) collect(root);
        else failures.push(`nothing visible matches ${within}`);
      } else collect(document);
      const rings: Ring[] = [];
      let measured = 0;
      for (const [i, el] of all.entries()) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || el.closest('[inert]')) continue;
        if (getComputedStyle(el).visibility !== 'visible') continue;
        if (!current) {
          el.focus({ preventScroll: true });
          const active = (el.getRootNode() as Document | ShadowRoot).activeElement;
          if (active !== el) continue; // not focusable after all (e.g. a hidden part of a widget)
          if (!el.matches(':focus-visible')) {
            failures.push(`${describe(el)}: focused without :focus-visible`);
            continue;
          }
        }
        measured += 1;
        const label = describe(el);
        // An SVG control may draw its ring as a stroke of its own (a map marker's halo, marked
        // data-focus-ring): measured against every pixel that stroke covers.
        const stroked = el instanceof SVGElement ? el.querySelector('[data-focus-ring]') : null;
        if (stroked) {
          const strokeCss = getComputedStyle(stroked).stroke;
          const ring = parse(strokeCss);
          if (!ring || ring[3] < 0.9) failures.push(`${label}: no focus indicator`);
          else {
            const mark = String(i);
            el.setAttribute('data-ring-sample', mark);
            const sample = { inner: 0, outer: 0, mark, stroke: strokeCss };
            rings.push({ label, ring, ringCss: strokeCss, behind: [], sample });
          }
          continue;
        }
        const style = getComputedStyle(el);
        const width = parseFloat(style.outlineWidth);
        const outline = style.outlineStyle !== 'none' && width >= 2;
        let ring: RGBA | null = null;
        if (outline) ring = parse(style.outlineColor);
        else if (style.boxShadow !== 'none') ring = parse(style.boxShadow);
        if (!ring || ring[3] < 0.9) {
          failures.push(`${describe(el)}: no focus indicator`);
          continue;
        }
        // With an offset the ring sits on what surrounds the element; without, it also borders
        // the element itself: both must then be told apart from it.
        const offset = outline ? parseFloat(style.outlineOffset) : 0;
        const under = [backdrop(up(el))];
        if (offset <= 0 && outline) under.push(backdrop(el));
        const behind = under.filter((c): c is RGBA => c !== null);
        const ringCss = outline ? style.outlineColor : style.boxShadow;
        if (behind.length === under.length) rings.push({ label, ring, ringCss, behind });
        else {
          // Marked for the screenshot; a box-shadow ring is taken as 2 px outside the box.
          const mark = String(i);
          el.setAttribute('data-ring-sample', mark);
          const band = outline ? { inner: offset, outer: offset + width } : { inner: 0, outer: 2 };
          rings.push({ label, ring, ringCss, behind, sample: { ...band, mark } });
        }
      }
      if (measured === 0 && failures.length === 0) failures.push('no focusable element measured');
      if (!within && !current) deepActive()?.blur();
      return { failures, rings };
    },
    { within: scope.within ?? null, current: scope.current ?? false },
  );
  // What is behind a ring is photographed with nothing focused: first let the popups that focus
  // opened (a map marker's tooltip) close, as they do after a delay.
  if (rings.some((r) => r.sample))
    await page
      .locator('[role="tooltip"]')
      .first()
      .waitFor({ state: 'hidden', timeout: 5000 })
      .catch(() => {}); // one that stays is photographed and measured like the rest
  for (const { label, ring, ringCss, behind, sample } of rings) {
    for (const colour of behind) {
      const ratio = contrastRatio(ring, colour);
      if (ratio < 3)
        failures.push(
          `${label}: ring ${ringCss} on rgb(${colour.slice(0, 3).join(',')}) is ${ratio.toFixed(2)}:1`,
        );
    }
    if (sample) {
      const failure = await sampledRingFailure(page, ring, sample);
      if (failure) failures.push(`${label}: ring ${ringCss} ${failure}`);
    }
  }
  return failures;
}

/**
 * The pixels of a PNG as Chromium writes a screenshot (8 bits a channel, RGB or RGBA, not
 * interlaced), as RGBA.
 */
function decodePng(file: Buffer): { width: number; height: number; data: Uint8Array } {
  const width = file.readUInt32BE(16);
  const height = file.readUInt32BE(20);
  const [depth, type, , , interlace] = file.subarray(24, 29);
  const channels = type === 6 ? 4 : type === 2 ? 3 : 0;
  if (depth !== 8 || channels === 0 || interlace !== 0) throw new Error('unexpected PNG format');
  const idat: Buffer[] = [];
  for (let at = 8; at < file.length;) {
    const length = file.readUInt32BE(at);
    if (file.toString('latin1', at + 4, at + 8) === 'IDAT')
      idat.push(file.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x]!;
      const a = x >= channels ? rows[y * stride + x - channels]! : 0;
      const b = y > 0 ? rows[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels]! : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter!] ?? 0;
      rows[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    for (let k = 0; k < channels; k += 1) data[i * 4 + k] = rows[i * channels + k]!;
    if (channels === 3) data[i * 4 + 3] = 255;
  }
  return { width, height, data };
}

/**
 * The style that hides focus rings while the band behind one is photographed, where the page's
 * CSP lets a stylesheet in (the element measured is not focused then: this is for another that
 * keeps focus, such as an open menu's button).
 */
const NO_RING = ':focus { outline-color: transparent !important; box-shadow: none !important; }';

/**
 * Photographs the band a ring is drawn in (without the ring), and measures the ring's colour
 * against each of its pixels: returns how it fails, or null when every pixel is at 3:1 or more.
 */
async function sampledRingFailure(
  page: Page,
  ring: RGBA,
  sample: RingSample,
): Promise<string | null> {
  const el = page.locator(`[data-ring-sample="${sample.mark}"]`);
  await el.scrollIntoViewIfNeeded();
  const box = await el.boundingBox();
  if (!box) return 'could not be photographed';
  const pad = Math.ceil(Math.max(sample.outer, 0)) + 1;
  const clip = {
    x: Math.max(0, Math.floor(box.x) - pad),
    y: Math.max(0, Math.floor(box.y) - pad),
    width: Math.ceil(box.width) + 2 * pad,
    height: Math.ceil(box.height) + 2 * pad,
  };
  // Styles are set through the element's own style (CSSOM), which a page's CSP allows; a
  // stylesheet injected for the screenshot would be refused by one such as ours.
  const restyle = (selector: string | null, prop: string, value: string | null) =>
    el.evaluate(
      (node, [selector, prop, value]) => {
        const target = (selector ? node.querySelector(selector) : node) as HTMLElement | null;
        if (value === null) target?.style.removeProperty(prop);
        else target?.style.setProperty(prop, value, 'important');
      },
      [selector, prop, value] as const,
    );
  const shoot = async () =>
    decodePng(await page.screenshot({ clip, style: NO_RING, animations: 'disabled' }));
  if (sample.stroke) {
    // The stroke drawn, then not: the pixels it changes and paints in its own colour are the
    // ring's, measured against what they show without it.
    await restyle('[data-focus-ring]', 'stroke', sample.stroke);
    const drawn = await shoot();
    await restyle('[data-focus-ring]', 'stroke', 'transparent');
    const bare = await shoot();
    await restyle('[data-focus-ring]', 'stroke', null);
    await el.evaluate((node) => node.removeAttribute('data-ring-sample'));
    const covered: RGBA[] = [];
    for (let at = 0; at < bare.data.length; at += 4) {
      const moved = [0, 1, 2].reduce(
        (sum, k) => sum + Math.abs(drawn.data[at + k]! - bare.data[at + k]!),
        0,
      );
      // Only the pixels the stroke covers whole: at its edges, and where another shape is drawn
      // over it, a pixel blends the two, and the photograph without it shows that blend.
      const whole = [0, 1, 2].reduce((sum, k) => sum + Math.abs(drawn.data[at + k]! - ring[k]!), 0);
      if (moved >= 48 && whole <= 24)
        covered.push([bare.data[at]!, bare.data[at + 1]!, bare.data[at + 2]!, 1]);
    }
    return contrastVerdict(ring, covered, 'draws nothing to sample', 'it covers');
  }
  // A ring drawn clear of the element sits on what is behind it: the element is hidden for the
  // photograph (its own paint, such as a map pin's stroke, can spill past its box).
  if (sample.inner > 0) await restyle(null, 'visibility', 'hidden');
  const png = await shoot();
  if (sample.inner > 0) await restyle(null, 'visibility', null);
  await el.evaluate((node) => node.removeAttribute('data-ring-sample'));
  const scale = png.width / clip.width;
  const band: RGBA[] = [];
  for (let py = 0; py < png.height; py += 1) {
    for (let px = 0; px < png.width; px += 1) {
      // The pixel's distance outside the border box (negative inside it), in CSS px.
      const x = clip.x + (px + 0.5) / scale;
      const y = clip.y + (py + 0.5) / scale;
      const dx = Math.max(box.x - x, x - (box.x + box.width));
      const dy = Math.max(box.y - y, y - (box.y + box.height));
      const d = Math.max(dx, dy);
      if (d < sample.inner || d >= sample.outer) continue;
      const at = (py * png.width + px) * 4;
      band.push([png.data[at]!, png.data[at + 1]!, png.data[at + 2]!, 1]);
    }
  }
  return contrastVerdict(ring, band, 'has no band to sample', 'behind it');
}

/** How a ring fails 3:1 against the pixels it was measured on, or null when it does not. */
function contrastVerdict(ring: RGBA, pixels: RGBA[], none: string, where: string): string | null {
  if (pixels.length === 0) return none;
  const ratios = pixels.map((pixel) => contrastRatio(ring, pixel));
  const low = ratios.filter((ratio) => ratio < 3).length;
  return low === 0
    ? null
    : `is under 3:1 on ${low} of ${pixels.length} pixels ${where} (down to ${ratios.reduce((a, b) => Math.min(a, b)).toFixed(2)}:1)`;
}

/**
 * Targets smaller than 24×24 px whose 24 px circle meets another target (WCAG 2.5.8 allows
 * a small target only with that spacing). Links inside running text are exempt, as the rule says.
 * `within`: only the targets inside the first visible element matching it (an open modal dialog,
 * whose page behind is inert).
 */
export function targetSizeFailures(page: Page, within?: string): Promise<string[]> {
  return page.evaluate((within) => {
    const SELECTOR =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="option"], [role="combobox"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const targets: Element[] = [];
    const collect = (root: Document | ShadowRoot | Element) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.matches(SELECTOR)) targets.push(el);
        if (el.shadowRoot) collect(el.shadowRoot);
      }
    };
    const root = within
      ? [...document.querySelectorAll(within)].find((el) => el.getClientRects().length > 0)
      : document;
    if (!root) return [`nothing visible matches ${within}`];
    collect(root);
    const visible = targets.filter((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility !== 'visible') return false;
      // Not drawn, though laid out (the content of a closed <details>).
      if (!el.checkVisibility()) return false;
      // Visually hidden inputs whose label is the target (a styled file picker, radios).
      if (box.width <= 1 && box.height <= 1) return false;
      if (style.pointerEvents === 'none') return false;
      // Inline links in a sentence are exempt.
      if (style.display === 'inline' && el.closest('p, li, dd, td') && el.parentElement) {
        const text = el.parentElement.textContent ?? '';
        if (text.trim().length > (el.textContent ?? '').trim().length) return false;
      }
      return true;
    });
    const boxes = visible.map((el) => ({ el, box: el.getBoundingClientRect() }));
    const describe = (el: Element) => {
      const label = (el as HTMLInputElement).labels?.[0]?.textContent;
      const name = (el.getAttribute('aria-label') ?? (label || el.textContent) ?? '')
        .trim()
        .slice(0, 30);
      const type = el.getAttribute('type');
      return `${el.tagName.toLowerCase()}${type ? `[type=${type}]` : ''} "${name}"`;
    };
    const failures: string[] = [];
    for (const { el, box } of boxes) {
      if (box.width >= 24 && box.height >= 24) continue;
      const cx = box.left + box.width / 2;
      const cy = box.top + box.height / 2;
      const clash = boxes.find(({ el: other, box: b }) => {
        if (other === el || other.contains(el) || el.contains(other)) return false;
        // The distance from the circle's centre to the other target's box.
        const dx = Math.max(b.left - cx, 0, cx - b.right);
        const dy = Math.max(b.top - cy, 0, cy - b.bottom);
        if (Math.hypot(dx, dy) < 12) return true;
        if (b.width >= 24 && b.height >= 24) return false;
        // Two undersized targets: their circles must not meet.
        const ox = b.left + b.width / 2;
        const oy = b.top + b.height / 2;
        return Math.hypot(ox - cx, oy - cy) < 24;
      });
      if (clash)
        failures.push(
          `${describe(el)} is ${box.width.toFixed(1)}×${box.height.toFixed(1)} and too close to ${describe(clash.el)}`,
        );
    }
    return failures;
  }, within ?? null);
}

/** Cards (elements whose class names a card or tile) cut by an ancestor that clips overflow. */
export function clippedCards(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const failures: string[] = [];
    const cards = document.querySelectorAll('[class*="card"], [class*="tile"]');
    for (const card of cards) {
      const box = card.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      for (let p = card.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = p.getBoundingClientRect();
        // A strip (a carousel's viewport, a table) shows the rest of its parts by scrolling or
        // sliding: a part may peek out at its far end, but none may start cut at its near edge.
        if (['auto', 'scroll'].includes(style.overflowX) || p.scrollWidth > p.clientWidth + 1) {
          if (box.left < clip.left - 1 && box.right > clip.left + 1)
            failures.push(
              `${card.tagName.toLowerCase()}.${String(card.className).split(' ')[0]} starts ${Math.round(clip.left - box.left)} px before the edge of ${p.tagName.toLowerCase()}.${String(p.className).split(' ')[0]}`,
            );
          break;
        }
        if (
          box.left < clip.left - 1 ||
          box.right > clip.right + 1 ||
          (style.overflowY !== 'visible' &&
            (box.top < clip.top - 1 || box.bottom > clip.bottom + 1))
        ) {
          const cls = typeof card.className === 'string' ? card.className.split(' ')[0] : '';
          failures.push(
            `${card.tagName.toLowerCase()}.${cls} (${Math.round(box.left)}–${Math.round(box.right)}) is cut by ${p.tagName.toLowerCase()}.${String(p.className).split(' ')[0]} (${Math.round(clip.left)}–${Math.round(clip.right)})`,
          );
        }
        break;
      }
    }
    return failures;
  });
}

/**
 * How far the pointer reaches an element (the first matching `selector`): the width and height of
 * the area around its centre, in whole pixels, where the topmost element under the pointer is it
 * or inside it. A control may look smaller than the area it takes (a pseudo-element's padding).
 */
export function pointerArea(
  page: Page,
  selector: string,
): Promise<{ width: number; height: number }> {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel)!;
    const box = el.getBoundingClientRect();
    const cx = box.left + box.width / 2;
    const cy = box.top + box.height / 2;
    const hits = (x: number, y: number) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (top === el || el.contains(top));
    };
    const reach = (dx: number, dy: number) => {
      let n = 0;
      while (n < 200 && hits(cx + dx * (n + 1), cy + dy * (n + 1))) n += 1;
      return n;
    };
    return {
      width: reach(-1, 0) + reach(1, 0) + 1,
      height: reach(0, -1) + reach(0, 1) + 1,
    };
  }, selector);
}
