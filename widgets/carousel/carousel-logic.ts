/**
 * The carousel's arithmetic, free of React and of embla: how many slides show
 * at a viewport width, how many positions (snaps) there are, which slides a
 * position shows, and where the previous / next / autoplay step lands.
 * It mirrors embla's own snap model (align start, slidesToScroll = step,
 * trimmed snaps when not looping) so the component's state and embla agree.
 */

/** Slides per view from a viewport width up (`minWidth` in CSS px, inclusive). */
export interface CarouselBreakpoint {
  minWidth: number;
  slidesPerView: number;
}

/** A fixed count, or breakpoints (any order); below the smallest, 1. */
export type SlidesPerView = number | readonly CarouselBreakpoint[];

const whole = (n: number, min = 1) => Math.max(min, Math.floor(Number.isFinite(n) ? n : min));

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

export interface CarouselGeometry {
  /** Number of slides. */
  count: number;
  /** Slides visible at once (already clamped to at least 1). */
  perView: number;
  /** Slides advanced by one step. */
  step: number;
  /** Whether the carousel wraps around (only possible when there is more than a view). */
  loop: boolean;
}

export function geometry(
  count: number,
  perView: number,
  step: number,
  loop: boolean,
): CarouselGeometry {
  const n = whole(count, 0);
  const view = Math.min(whole(perView), Math.max(n, 1));
  return { count: n, perView: view, step: Math.min(whole(step), view), loop: loop && n > view };
}

/** First slide shown at each snap position. */
export function snapStarts(g: CarouselGeometry): number[] {
  if (g.count === 0) return [0];
  const starts: number[] = [];
  if (g.loop) {
    for (let i = 0; i < g.count; i += g.step) starts.push(i);
    return starts;
  }
  const last = Math.max(0, g.count - g.perView);
  for (let i = 0; i < last; i += g.step) starts.push(i);
  starts.push(last);
  return starts;
}

export const snapCount = (g: CarouselGeometry): number => snapStarts(g).length;

/** The snap a move by `delta` steps lands on: wraps when looping, clamps otherwise. */
export function moveBy(g: CarouselGeometry, snap: number, delta: number): number {
  const total = snapCount(g);
  const target = snap + delta;
  if (g.loop) return ((target % total) + total) % total;
  return Math.min(total - 1, Math.max(0, target));
}

/** Indices of the slides visible at a snap. */
export function visibleSlides(g: CarouselGeometry, snap: number): Set<number> {
  const start = snapStarts(g)[snap] ?? 0;
  const out = new Set<number>();
  for (let i = 0; i < g.perView && i < g.count; i += 1)
    out.add(g.loop ? (start + i) % g.count : start + i);
  return out;
}

/** Whether a previous / next move exists from `snap`. */
export function canMove(g: CarouselGeometry, snap: number, delta: -1 | 1): boolean {
  const total = snapCount(g);
  if (total <= 1) return false;
  return g.loop || (delta < 0 ? snap > 0 : snap < total - 1);
}

/**
 * Embla animates with a spring integrated at 60 steps per second rather than a
 * timed curve; its `duration` is in those units. This picks the one under which a
 * move covers 95 % of its distance in `ms` (25, embla's default, is about 480 ms),
 * so `transitionMs` keeps its meaning. 0 means an instant jump.
 */
export function emblaDuration(ms: number): number {
  if (!(ms > 0)) return 0;
  return Math.max(1, Math.round((ms + 100) / 23.3));
}

/** A drag shorter than the minimum snaps back instead of changing slide. */
export const isShortDrag = (dx: number, minDragPx: number): boolean => Math.abs(dx) < minDragPx;

export interface EmblaSettings {
  loop: boolean;
  align: 'start';
  slidesToScroll: number;
  containScroll: 'trimSnaps';
  duration: number;
  dragThreshold: number;
}

/** Embla's options for a geometry and duration (embla mirrors the snap model above). */
export function emblaOptions(loop: boolean, step: number, duration: number): EmblaSettings {
  // Embla's own drag threshold only decides when a drag swallows the click that ends it;
  // the minimum drag that changes slide is enforced by the carousel (isShortDrag).
  return {
    loop,
    align: 'start',
    slidesToScroll: step,
    containScroll: 'trimSnaps',
    duration,
    dragThreshold: 10,
  };
}

export const sameOptions = (a: EmblaSettings, b: EmblaSettings): boolean =>
  a.loop === b.loop && a.slidesToScroll === b.slidesToScroll && a.duration === b.duration;
