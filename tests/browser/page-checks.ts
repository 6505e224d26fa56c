/**
 * Checks of what a person sees, run inside the page (one evaluate per check): the focus
 * indicator's contrast, target sizes and spacing (WCAG 2.2 AA 1.4.11 and 2.5.8), and cards
 * clipped by their containers. Each walks the light DOM and every open shadow root, and
 * returns readable descriptions of what fails (empty when all holds).
 * The functions are self-contained: playwright serialises them into the page.
 */
import type { Page } from 'playwright-core';

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

/** Scrolls through the page so that parts loaded near the viewport (map, videos) are there. */
export async function loadEverything(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 700) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForLoadState('networkidle');
  }
  await page.evaluate(() => window.scrollTo(0, 0));
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

/**
 * Focuses every visible focusable element (after one Tab, so that focus is keyboard focus and
 * :focus-visible applies) and measures its indicator: an outline or a box-shadow ring, whose
 * colour must reach 3:1 against the solid background behind it. Returns the failures.
 */
export async function focusIndicatorFailures(page: Page): Promise<string[]> {
  await page.keyboard.press('Tab');
  return page.evaluate(() => {
    type RGBA = [number, number, number, number];
    const parse = (value: string): RGBA | null => {
      const m = value.match(/rgba?\(([^)]+)\)/);
      if (!m?.[1]) return null;
      const parts = m[1]
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const luminance = ([r, g, b]: RGBA) => {
      const f = (c: number) => {
        const s = c / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const contrast = (a: RGBA, b: RGBA) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
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
    const SELECTOR =
      'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const all: HTMLElement[] = [];
    const collect = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        if (el.matches(SELECTOR)) all.push(el);
        if (el.shadowRoot) collect(el.shadowRoot);
      }
    };
    collect(document);
    const failures: string[] = [];
    for (const el of all) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || el.closest('[inert]')) continue;
      if (getComputedStyle(el).visibility !== 'visible') continue;
      el.focus({ preventScroll: true });
      const active = (el.getRootNode() as Document | ShadowRoot).activeElement;
      if (active !== el) continue; // not focusable after all (e.g. a hidden part of a widget)
      if (!el.matches(':focus-visible')) {
        failures.push(`${describe(el)}: focused without :focus-visible`);
        continue;
      }
      const style = getComputedStyle(el);
      const width = parseFloat(style.outlineWidth);
      let ring: RGBA | null = null;
      if (style.outlineStyle !== 'none' && width >= 2) ring = parse(style.outlineColor);
      else if (style.boxShadow !== 'none') ring = parse(style.boxShadow);
      if (!ring || ring[3] < 0.9) {
        failures.push(`${describe(el)}: no focus indicator`);
        continue;
      }
      // With an offset the ring sits on what surrounds the element; without, it also borders
      // the element itself: both must then be told apart from it.
      const behind = [backdrop(up(el))];
      if (parseFloat(style.outlineOffset) <= 0 && style.outlineStyle !== 'none')
        behind.push(backdrop(el));
      for (const colour of behind) {
        if (!colour) continue;
        const ratio = contrast(ring, colour);
        if (ratio < 3)
          failures.push(
            `${describe(el)}: ring ${style.outlineColor} on rgb(${colour.slice(0, 3).join(',')}) is ${ratio.toFixed(2)}:1`,
          );
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return failures;
  });
}

/**
 * Targets smaller than 24×24 px whose 24 px circle meets another target (WCAG 2.5.8 allows
 * a small target only with that spacing). Links inside running text are exempt, as the rule says.
 */
export function targetSizeFailures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SELECTOR =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="option"], [role="combobox"], [role="link"], [tabindex]:not([tabindex="-1"])';
    const targets: Element[] = [];
    const collect = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        if (el.matches(SELECTOR)) targets.push(el);
        if (el.shadowRoot) collect(el.shadowRoot);
      }
    };
    collect(document);
    const visible = targets.filter((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility !== 'visible') return false;
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
      if (clash) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        failures.push(
          `${el.tagName.toLowerCase()} "${name}" is ${box.width.toFixed(1)}×${box.height.toFixed(1)} and too close to another target`,
        );
      }
    }
    return failures;
  });
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
