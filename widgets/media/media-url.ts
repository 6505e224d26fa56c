/**
 * The URL of a media file: `path` (`/media/videos/…`, or `images/…` under a base of `/media`)
 * on `base` (an origin or a URL prefix); an absolute URL passes through.
 */
export function mediaUrl(base: string, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path;
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
