/** After a form's call succeeded: the id it answered with, and the way to the success page. */

/** `url` with `id` set in its query string; same-origin URLs come back as a path. */
export function withId(url: string, id: string | null): string {
  const target = new URL(url, location.href);
  if (id) target.searchParams.set('id', id);
  return target.origin === location.origin
    ? `${target.pathname}${target.search}${target.hash}`
    : target.href;
}

/** The id a create call answered with: at the top of the payload or inside `data` (docs/FORMS.md, Calls). */
export function idFrom(payload: unknown, key: string): string | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const record = payload as Record<string, unknown>;
  const data = record.data as Record<string, unknown> | undefined;
  const value = record[key] ?? data?.[key] ?? data?.id;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** After a successful submit: go to `successUrl` with the id, inside the app when it can. */
export function goToSuccess(
  successUrl: string,
  id: string | null,
  navigate?: (url: string) => void,
): void {
  const url = withId(successUrl, id);
  if (navigate && url.startsWith('/')) navigate(url);
  else location.assign(url);
}
