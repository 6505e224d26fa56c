/** Carousel timings and defaults (docs/CAROUSEL.md). */
export const HERO_AUTOPLAY_MS = 7000;
export const CAROUSEL_DEFAULTS = {
  step: 1,
  autoplayMs: 3000,
  minDragPx: 80,
  transitionMs: 400,
  keyboard: true,
  dots: false,
  arrows: true,
} as const;
