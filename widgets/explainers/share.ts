/** Media URLs and sharing for the explainer videos: no React here. */
import { SHARE_EMAIL_SUBJECT } from '../../content/videos.ts';

/** An absolute URL for a media path (`/media/…`) on `base`; absolute URLs pass through. */
export function mediaUrl(base: string, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A mailto: link with the spec's subject, a greeting and the video's link in the body. */
export function shareMailto(title: string, url: string): string {
  const body = `Hi,\n\nI thought you would like this Spartans video, "${title}":\n${url}\n`;
  return `mailto:?subject=${encodeURIComponent(SHARE_EMAIL_SUBJECT)}&body=${encodeURIComponent(body)}`;
}

/** Writes text to the clipboard; false when the browser refuses or has no clipboard. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (typeof navigator === 'undefined' || !navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
