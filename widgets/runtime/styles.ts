/**
 * Constructable stylesheets, shared by every widget on a page.
 *
 * Widget CSS is adopted (not injected as <style>), so a partner CSP without
 * 'unsafe-inline' never blocks it. One CSSStyleSheet per distinct CSS text is
 * created per page and reused by every shadow root that needs it.
 */
import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { LIBRARY } from '#spartan-server';

/**
 * useLayoutEffect in a browser (it runs before the first paint, so state read from the browser
 * shows at once), useEffect on a server, where neither runs and React 18 warns about the former.
 */
export const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

const sheets = new Map<string, CSSStyleSheet>();

/** True where the browser can adopt constructed stylesheets (all current engines; not jsdom). */
export function canAdoptStyles(): boolean {
  return typeof Document !== 'undefined' && 'adoptedStyleSheets' in Document.prototype;
}

export function sheetFor(cssText: string): CSSStyleSheet {
  let sheet = sheets.get(cssText);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(cssText);
    sheets.set(cssText, sheet);
  }
  return sheet;
}

/** Adds the sheets for `cssTexts` to a document or shadow root, once each. */
export function adoptStyles(root: Document | ShadowRoot, cssTexts: readonly string[]): void {
  if (!canAdoptStyles()) return;
  const current = root.adoptedStyleSheets;
  const missing = cssTexts.map(sheetFor).filter((s) => !current.includes(s));
  if (missing.length) root.adoptedStyleSheets = [...current, ...missing];
}

/** The custom property the npm package's styles.css sets on the root element (build-lib.ts). */
const LINKED_PROPERTY = '--spartan-stylesheet';

/**
 * Whether the page links the npm package's styles.css (or a copy of it in its own CSS): it holds
 * every widget's CSS, late parts too. Adopted sheets come after every `<link>` in the cascade, so
 * adopting them as well would put the library's rules after the host's and undo the host's
 * overrides at hydration; the components adopt nothing then, and the page has its CSS once.
 */
const linksStylesheet = (doc: Document) =>
  getComputedStyle(doc.documentElement).getPropertyValue(LINKED_PROPERTY).trim() === 'linked';

/**
 * Lets a widget's React component style itself wherever it is rendered: in a
 * custom element's shadow root (already adopted by the element, so a no-op), or
 * in the light DOM of a React app using the npm library, unless that page links the
 * package's styles.css. A page that ships the widget CSS in its own stylesheet (the site)
 * marks <html data-spartan-styles="static">.
 *
 * `late`: a part rendered only after an interaction (a popup, a dialog) from its own chunk.
 * A static page's stylesheet carries what its first paint needs, not these parts, so their
 * sheets are adopted even there; otherwise the part would appear with browser defaults.
 */
export function useWidgetStyles(
  ref: RefObject<Element | null>,
  cssTexts: readonly string[],
  late = false,
): void {
  useBrowserLayoutEffect(() => {
    const root = ref.current?.getRootNode();
    if (!root) return;
    if (root instanceof ShadowRoot) adoptStyles(root, cssTexts);
    else if (
      root instanceof Document &&
      (late || root.documentElement.dataset.spartanStyles !== 'static') &&
      !(LIBRARY && linksStylesheet(root))
    )
      adoptStyles(root, cssTexts);
    // cssTexts are module constants: adopting once per mount is enough.
  }, []);
}
