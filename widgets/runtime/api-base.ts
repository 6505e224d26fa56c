/**
 * The origin a widget's script was loaded from: a partner page that loads
 * https://HOST/widgets/spartan-apply-form.js talks to https://HOST by default.
 * This module is bundled into the shared runtime chunk, which lives in the same
 * folder as every widget entry, so its own URL gives the right origin.
 */
export const scriptOrigin: string = (() => {
  try {
    return new URL(import.meta.url).origin;
  } catch {
    return typeof location !== 'undefined' ? location.origin : '';
  }
})();

/** Resolves the API base for a call: the attribute if given, else the script's origin. */
export function resolveApiBase(apiBase: string | undefined): string {
  const base = apiBase && apiBase.trim() ? apiBase.trim() : scriptOrigin;
  return base.replace(/\/+$/, '');
}
