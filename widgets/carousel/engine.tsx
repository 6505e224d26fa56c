/**
 * The carousel's engine, loaded after first render (its own chunk): embla through
 * embla-carousel-react's hook, with embla's autoplay plugin. It renders nothing; it binds embla
 * to the viewport the carousel rendered and hands the carousel embla's API, from which the
 * carousel reads positions, moves and the slides in view.
 */
import { useEffect, useLayoutEffect, useMemo } from 'react';
import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';

export interface CarouselEngineProps {
  viewport: HTMLElement;
  options: EmblaOptionsType;
  /** Rotation, or null for none (the carousel leaves it out while stopped). */
  autoplay: { delay: number; pauseOnHover: boolean } | null;
  onApi: (api: EmblaCarouselType | null) => void;
}

export function CarouselEngine({ viewport, options, autoplay, onApi }: CarouselEngineProps) {
  const delay = autoplay?.delay;
  const pauseOnHover = autoplay?.pauseOnHover ?? false;
  const plugins = useMemo(
    () =>
      delay === undefined
        ? []
        : [
            // Stopping for good on interaction and focus is the carousel's (it removes the
            // plugin); the plugin only pauses while the pointer is over the carousel.
            Autoplay({
              delay,
              stopOnInteraction: false,
              stopOnFocusIn: false,
              stopOnMouseEnter: pauseOnHover,
            }),
          ],
    [delay, pauseOnHover],
  );
  const [setViewport, api] = useEmblaCarousel(options, plugins);
  useLayoutEffect(() => setViewport(viewport), [setViewport, viewport]);
  useEffect(() => {
    onApi(api ?? null);
    return () => onApi(null);
  }, [api, onApi]);
  return null;
}
