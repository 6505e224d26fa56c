/** Sharing for the explainer videos: no React here. */
import { SHARE_EMAIL_SUBJECT } from '../../content/videos.ts';
import { activeIn } from '../runtime/focus.ts';

/** A mailto: link with the spec's subject, a greeting and the video's link in the body. */
export function shareMailto(title: string, url: string): string {
  const body = `Hi,\n\nI thought you would like this Spartans video, "${title}":\n${url}\n`;
  return `mailto:?subject=${encodeURIComponent(SHARE_EMAIL_SUBJECT)}&body=${encodeURIComponent(body)}`;
}

/**
 * Writes text to the clipboard; false when the browser refuses or has no clipboard.
 * Where the Clipboard API is missing or refused (a partner page on plain HTTP is not a
 * secure context), it falls back to copying a selected, off-screen text field placed in
 * `host` (inside the dialog, so focus stays in it), then puts focus back.
 */
export async function copyText(text: string, host?: Element | null): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall through to the selection fallback
  }
  return host ? copyBySelection(text, host) : false;
}

function copyBySelection(text: string, host: Element): boolean {
  const doc = host.ownerDocument;
  if (typeof doc.execCommand !== 'function') return false;
  const previous = activeIn(host) as HTMLElement | null;
  const field = doc.createElement('textarea');
  field.value = text;
  field.readOnly = true;
  field.setAttribute('aria-hidden', 'true');
  field.tabIndex = -1;
  // Set through the CSSOM, which a page's CSP does not restrict.
  Object.assign(field.style, { position: 'fixed', top: '0', left: '-9999px', opacity: '0' });
  host.append(field);
  try {
    field.select();
    return doc.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    previous?.focus();
  }
}
