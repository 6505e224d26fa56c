import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element comes within `rootMargin` of the viewport (and stays
 * true). Without IntersectionObserver it is true once mounted. False in the first render
 * everywhere, so a server render and the browser's hydration agree.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = '400px'): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    if (typeof IntersectionObserver === 'undefined') {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- once, after mount, where nothing can observe: the first render must match the server's
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, near, rootMargin]);
  return near;
}
