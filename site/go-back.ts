/**
 * Back buttons (not found, the employee area). Its own module, so only the lazily loaded
 * pages that use it carry it, not the first load.
 */
import { navigate } from './navigation.ts';

/** True when the visitor came to this document from another page of the site. */
function cameFromSite(): boolean {
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === location.origin;
  } catch {
    return false;
  }
}

/**
 * Goes back one step in history when that step is a page of the site (a client-side route
 * change happened, marked by afterRouteChange, or the page was reached by a link of the site);
 * otherwise (a page opened directly, or reached from another site) home, so the visitor
 * never leaves the site.
 */
export function goBack(): void {
  if ('inSite' in document.documentElement.dataset || cameFromSite()) window.history.back();
  else navigate('/');
}
