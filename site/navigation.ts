/** Client-side navigation helpers shared by pages (preact-router under the hood). */
import { route } from 'preact-router';

/** The URL whose page places focus itself (see navigate); only that route change is left alone. */
let pageMovesFocus: string | null = null;

/**
 * Goes to a path of the site without reloading; a full load where no router is mounted.
 * `ownFocus`: the page itself keeps or moves focus and sets the title (a search that
 * keeps focus in its box, a record opened in place), so the route change leaves them alone.
 */
export function navigate(path: string, replace = false, ownFocus = false): void {
  pageMovesFocus = ownFocus ? path : null;
  if (!route(path, replace)) window.location.assign(path);
}

export const SITE_NAME = 'The Spartans';

/** The document title of a route. */
export const documentTitle = (title: string): string =>
  title === SITE_NAME ? SITE_NAME : `${title} · ${SITE_NAME}`;

/**
 * After a client-side route change: top of the page, the new title, and focus on
 * the page's main heading (or what the page marks `data-autofocus`) so screen readers announce where they are.
 */
export function afterRouteChange(title: string): void {
  // Read by goBack (site/go-back.ts): a previous step in history is a page of the site.
  document.documentElement.dataset.inSite = '';
  const own = pageMovesFocus === `${location.pathname}${location.search}`;
  pageMovesFocus = null;
  if (own) return;
  document.title = documentTitle(title);
  window.scrollTo(0, 0);
  const target =
    document.querySelector<HTMLElement>('main [data-autofocus]') ??
    document.querySelector<HTMLElement>('main h1') ??
    document.querySelector<HTMLElement>('main');
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
