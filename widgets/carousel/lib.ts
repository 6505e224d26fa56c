/**
 * `spartan-platform/carousel`: the carousel as the npm package's React component, whose `ref` is its
 * root element (widgets/runtime/forward-root.ts). Also re-exported by the package's main entry.
 */
import { forwardRoot } from '../runtime/forward-root.ts';
import {
  Carousel as Component,
  type CarouselProps,
  type CarouselBreakpoint,
  type SlidesPerView,
} from './Carousel.tsx';

export type { CarouselProps, CarouselBreakpoint, SlidesPerView };
export const Carousel = forwardRoot<CarouselProps, HTMLElement>(Component, 'Carousel');
