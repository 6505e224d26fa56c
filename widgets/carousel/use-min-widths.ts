import { useCallback, useEffect, useLayoutEffect, useState } from 'react';

// Before the first paint in a browser; a plain effect on a server (see runtime/styles.ts).
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

const queryFor = (px: number) => `(min-width: ${px}px)`;

function read(widths: readonly number[]): Set<number> {
  const out = new Set<number>();
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return out;
  for (const w of widths) if (window.matchMedia(queryFor(w)).matches) out.add(w);
  return out;
}

/**
 * Which viewport min-widths match, following resizes live. Returns a predicate;
 * a width of 0 or less always matches, widths not asked for never do.
 */
export function useMinWidths(widths: readonly number[]): (minWidth: number) => boolean {
  const key = widths.join(',');
  // None at first, as on a server (hydration matches); the browser's answer comes before paint.
  const [matched, setMatched] = useState<Set<number>>(() => new Set());
  useBrowserLayoutEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = key ? key.split(',').map(Number) : [];
    const queries = list.map((w) => window.matchMedia(queryFor(w)));
    const update = () => setMatched(read(list));
    update();
    queries.forEach((q) => q.addEventListener('change', update));
    return () => queries.forEach((q) => q.removeEventListener('change', update));
  }, [key]);
  return useCallback((minWidth: number) => minWidth <= 0 || matched.has(minWidth), [matched]);
}
