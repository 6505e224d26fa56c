import { useState } from 'react';
import { useBrowserLayoutEffect } from './styles.ts';

const QUERY = '(prefers-reduced-motion: reduce)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : null;
}

/**
 * Whether the visitor asked for reduced motion; follows changes live. The first render says no,
 * as a server render must (so that hydration matches); the browser's answer replaces it before
 * the first paint.
 */
export function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useBrowserLayoutEffect(() => {
    const mq = query();
    if (!mq) return;
    const onChange = () => setReduced(mq.matches);
    onChange();
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, []);
  return reduced;
}
