/** Client-side navigation helpers shared by pages (preact-router under the hood). */
import { route } from 'preact-router';

/** Goes to a path of the site without reloading; a full load where no router is mounted. */
export function navigate(path: string, replace = false): void {
  if (!route(path, replace)) window.location.assign(path);
}

/** Client-side route changes made in this page's lifetime (see afterRouteChange). */
let inSiteSteps = 0;

/** True when the visitor came to this document from another page of the site. */
function cameFromSite(): boolean {
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * Goes back one step in history when that step is a page of the site; otherwise (a page
 * opened directly, or reached from another site) home, so the visitor never leaves the site.
 */
export function goBack(): void {
  if (inSiteSteps > 0 || cameFromSite()) window.history.back();
  else navigate('/');
}

export const SITE_NAME = 'The Spartans';

/** The document title of a route. */
export const documentTitle = (title: string): string =>
  title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;

/**
 * After a client-side route change: top of the page, the new title, and focus on
 * the page's main heading so screen readers announce where they are.
 */
export function afterRouteChange(title: string): void {
  inSiteSteps += 1;
  document.title = documentTitle(title);
  window.scrollTo(0, 0);
  const target =
    document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
