/**
 * What the carousel's layout depends on, free of embla: how many slides show at the current
 * viewport width (breakpoints by min-width, followed live), and embla's duration for a
 * transition time. Positions, moves and which slides are in view are embla's (engine.tsx).
 */
import { useCallback, useState } from 'react';
import { useBrowserLayoutEffect } from '../runtime/styles.ts';

/** Slides per view from a viewport width up (`minWidth` in CSS px, inclusive). */
export interface CarouselBreakpoint {
  minWidth: number;
  slidesPerView: number;
}

/** A fixed count, or breakpoints (any order); below the smallest, 1. */
export type SlidesPerView = number | readonly CarouselBreakpoint[];

const whole = (n: number) => Math.max(1, Math.floor(Number.isFinite(n) ? n : 1));

/** The distinct min-widths a `SlidesPerView` depends on, ascending (for media queries). */
export function breakpointWidths(spec: SlidesPerView): number[] {
  if (typeof spec === 'number') return [];
  return [...new Set(spec.map((b) => b.minWidth))].sort((a, b) => a - b);
}

/** Slides per view given which of `breakpointWidths(spec)` currently match. */
export function perViewFor(spec: SlidesPerView, matches: (minWidth: number) => boolean): number {
  if (typeof spec === 'number') return whole(spec);
  let best: CarouselBreakpoint | undefined;
  for (const b of spec) if (matches(b.minWidth) && (!best || b.minWidth > best.minWidth)) best = b;
  return whole(best?.slidesPerView ?? 1);
}

/**
 * Embla animates with a spring integrated at 60 steps per second rather than a timed curve; its
 * `duration` is in those units. This picks the one under which a move covers 95 % of its
 * distance in `ms` (25, embla's default, is about 480 ms), so `transitionMs` keeps its meaning.
 * 0 means an instant jump.
 */
export function emblaDuration(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.max(1, Math.round((ms + 100) / 23.3));
}

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
