/**
 * The general carousel (SPEC section 2 "Carousels", defaults of section 9), built
 * on embla: one slide per child; arrows, keyboard left/right, drag and swipe (a
 * drag shorter than `minDragPx` snaps back), optional dots and autoplay, infinite
 * loop. Not a custom element: the explainers widget and the site's hero use it.
 *
 * Accessible as the WAI-ARIA carousel pattern: a region named by `label`
 * (`aria-roledescription="carousel"`), slides as groups labelled "n of m", the
 * rotation control first, autoplay paused while hovered (unless
 * `pauseOnHover={false}`) and stopped by keyboard focus or any interaction until
 * the visitor starts it again, never started under `prefers-reduced-motion`.
 * Slides out of view are inert and hidden from assistive technology.
 *
 * Styling: classes `spartan-carousel*`, state in `data-state` (`playing` |
 * `paused` | `static`); `--spartan-carousel-gap` sets the gap between slides.
 *
 * The hero (SPEC section 4: 7000 ms, 500 ms, loops, no pause on hover), for example:
 * `<Carousel label="Highlights" dots arrows={false} autoplay autoplayMs={7000}
 *   transitionMs={500} pauseOnHover={false}>{slides}</Carousel>`
 * Embla is loaded after first render (its own chunk); until then the slides move by CSS.
 * In a page that ships the CSS statically, import carousel.css (and tokens.css).
 */
import {
  Children,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { CAROUSEL_DEFAULTS } from '../../content/constants.ts';
import { usePrefersReducedMotion } from '../runtime/motion.ts';
import { useWidgetStyles } from '../runtime/styles.ts';
import tokensCss from '../runtime/tokens.css?inline';
import carouselCss from './carousel.css?inline';
import {
  breakpointWidths,
  canMove,
  emblaDuration,
  emblaOptions,
  geometry,
  isShortDrag,
  moveBy,
  perViewFor,
  sameOptions,
  snapCount,
  snapStarts,
  visibleSlides,
  type SlidesPerView,
} from './carousel-logic.ts';
import { useMinWidths } from './use-min-widths.ts';

export type { CarouselBreakpoint, SlidesPerView } from './carousel-logic.ts';

export interface CarouselProps {
  /** The slides: each child is one slide. */
  children: ReactNode;
  /** Accessible name of the carousel region (required: a page may hold several). */
  label: string;
  /** Slides shown at once: a number, or breakpoints by viewport min-width (default 1). */
  slidesPerView?: SlidesPerView;
  /** Previous and next buttons; `'next'` shows only the next one (default true). */
  arrows?: boolean | 'next';
  /** Viewport width in px from which the arrows show (default 0: always). */
  arrowsMinWidth?: number;
  /** One button per position below the slides (default false). */
  dots?: boolean;
  /** Advance on a timer (default false); never starts under reduced motion. */
  autoplay?: boolean;
  /** Autoplay interval in ms (default 3000). */
  autoplayMs?: number;
  /** Pause autoplay while the pointer is over the carousel (default true). */
  pauseOnHover?: boolean;
  /** Wrap from the last position to the first and back (default true). */
  loop?: boolean;
  /** Slide transition in ms (default 400; 0 under reduced motion). */
  transitionMs?: number;
  /** Slides moved per step (default 1). */
  step?: number;
  /** Left / right arrow keys move while focus is inside (default true). */
  keyboard?: boolean;
  /** Shortest drag or swipe in px that changes slide (default 80). */
  minDragPx?: number;
  /** Accessible label of slide `n` of `m` (default "n of m"). */
  slideLabel?: (n: number, m: number) => string;
  /** Called with the new position after it changes. */
  onSlideChange?: (position: number) => void;
  /** Extra class on the root, for the embedding page's layout. */
  className?: string;
}

const STYLES = [tokensCss, carouselCss];
const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select,textarea,video[controls],[tabindex]:not([tabindex="-1"])';

const defaultSlideLabel = (n: number, m: number) => `${n} of ${m}`;

/** The fallbacks of the custom properties in carousel.css (`var(--name, fallback)`). */
export const CSS_FALLBACKS = {
  '--spartan-carousel-per-view': '1',
  '--spartan-carousel-duration': '400ms',
  '--spartan-carousel-offset': '0',
} as const;

export function Carousel({
  children,
  label,
  slidesPerView = 1,
  arrows = CAROUSEL_DEFAULTS.arrows,
  arrowsMinWidth = 0,
  dots = CAROUSEL_DEFAULTS.dots,
  autoplay = false,
  autoplayMs = CAROUSEL_DEFAULTS.autoplayMs,
  pauseOnHover = true,
  loop = true,
  transitionMs = CAROUSEL_DEFAULTS.transitionMs,
  step = CAROUSEL_DEFAULTS.step,
  keyboard = CAROUSEL_DEFAULTS.keyboard,
  minDragPx = CAROUSEL_DEFAULTS.minDragPx,
  slideLabel = defaultSlideLabel,
  onSlideChange,
  className,
}: CarouselProps) {
  const rootRef = useRef<HTMLElement>(null);
  useWidgetStyles(rootRef, STYLES);
  const id = useId();
  const slides = Children.toArray(children);
  const reducedMotion = usePrefersReducedMotion();

  const widths = useMemo(
    () => [...breakpointWidths(slidesPerView), ...(arrowsMinWidth > 0 ? [arrowsMinWidth] : [])],
    [slidesPerView, arrowsMinWidth],
  );
  const matchesMinWidth = useMinWidths(widths);
  const perView = perViewFor(slidesPerView, matchesMinWidth);
  const g = geometry(slides.length, perView, step, loop);
  const positions = snapCount(g);
  const showArrows = arrows !== false && positions > 1 && matchesMinWidth(arrowsMinWidth);

  const [selected, setSelected] = useState(0);
  const current = Math.min(selected, positions - 1);
  const visible = visibleSlides(g, current);

  // Embla (drag, swipe, smooth moves) loads after first render; until then, and where there is no
  // layout to measure (jsdom), the state alone moves the slides with a CSS transform.
  const canMeasure =
    typeof ResizeObserver !== 'undefined' && typeof IntersectionObserver !== 'undefined';
  const viewportRef = useRef<HTMLDivElement>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const duration = emblaDuration(reducedMotion ? 0 : transitionMs);
  const looping = g.loop;
  const slidesToScroll = g.step;
  const latest = useRef({ options: emblaOptions(looping, slidesToScroll, duration), current: 0 });
  useEffect(() => {
    const node = viewportRef.current;
    if (!node || !canMeasure) return;
    let live = true;
    let api: EmblaCarouselType | undefined;
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (!live) return;
      api = EmblaCarousel(node, { ...latest.current.options, startIndex: latest.current.current });
      setEmbla(api);
    });
    return () => {
      live = false;
      api?.destroy();
    };
  }, [canMeasure]);
  useEffect(() => {
    const options = emblaOptions(looping, slidesToScroll, duration);
    if (sameOptions(latest.current.options, options)) return;
    latest.current.options = options;
    embla?.reInit({ ...options, startIndex: latest.current.current });
  }, [embla, looping, slidesToScroll, duration]);

  // null follows the motion preference; true / false is the visitor's own choice.
  const [userStopped, setUserStopped] = useState<boolean | null>(null);
  const stopped = userStopped ?? reducedMotion;
  const [hovered, setHovered] = useState(false);
  const playing = autoplay && !stopped && !(pauseOnHover && hovered) && positions > 1;

  const focusAfterMove = useRef(false);
  const onChangeRef = useRef(onSlideChange);
  useEffect(() => {
    onChangeRef.current = onSlideChange;
  });
  const lastReported = useRef(current);
  useEffect(() => {
    latest.current.current = current;
  }, [current]);

  const goTo = useCallback(
    (target: number, direction: -1 | 0 | 1 = 0) => {
      if (embla && embla.scrollSnapList().length === positions) {
        if (direction > 0 && target === moveBy(g, current, 1)) embla.scrollNext();
        else if (direction < 0 && target === moveBy(g, current, -1)) embla.scrollPrev();
        else embla.scrollTo(target);
      }
      setSelected(target);
    },
    // g is derived from these values
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [embla, positions, current, g.loop, g.step, g.perView, g.count],
  );
  const interact = () => {
    if (autoplay) setUserStopped(true);
  };
  const move = (delta: -1 | 1) => {
    if (canMove(g, current, delta)) goTo(moveBy(g, current, delta), delta);
  };

  // Drags, swipes and embla's focus handling move embla first: follow it.
  useEffect(() => {
    if (!embla) return;
    const viewport = embla.rootNode();
    let startX = 0;
    let lastX = 0;
    let startSnap = 0;
    const onPointerDown = (e: PointerEvent) => {
      startX = lastX = e.clientX;
    };
    const onPointerMove = (e: PointerEvent) => {
      lastX = e.clientX;
    };
    const onEmblaDown = () => {
      startSnap = embla.selectedScrollSnap();
    };
    const onEmblaUp = () => {
      const dx = lastX - startX;
      if (isShortDrag(dx, minDragPx)) {
        if (embla.selectedScrollSnap() !== startSnap) embla.scrollTo(startSnap);
        return;
      }
      // Embla snaps a slow drag (no fling) back when it covers less than half a slide; a drag
      // of the minimum or more always moves at least one step.
      if (embla.selectedScrollSnap() === startSnap) {
        if (dx < 0) embla.scrollNext();
        else embla.scrollPrev();
      }
      if (autoplay) setUserStopped(true);
    };
    const onSelect = () => {
      if (embla.scrollSnapList().length === positions) setSelected(embla.selectedScrollSnap());
    };
    viewport.addEventListener('pointerdown', onPointerDown);
    viewport.addEventListener('pointermove', onPointerMove);
    embla.on('pointerDown', onEmblaDown).on('pointerUp', onEmblaUp).on('select', onSelect);
    embla.on('reInit', onSelect);
    return () => {
      viewport.removeEventListener('pointerdown', onPointerDown);
      viewport.removeEventListener('pointermove', onPointerMove);
      embla.off('pointerDown', onEmblaDown).off('pointerUp', onEmblaUp).off('select', onSelect);
      embla.off('reInit', onSelect);
    };
  }, [embla, minDragPx, positions, autoplay]);

  // Report changes, and keep keyboard focus on a visible slide when the old one moved out.
  useEffect(() => {
    if (lastReported.current !== current) {
      lastReported.current = current;
      onChangeRef.current?.(current);
    }
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    const root = rootRef.current;
    const doc = root?.getRootNode() as Document | ShadowRoot | undefined;
    const active = doc?.activeElement;
    const slide = active?.closest?.('[data-carousel-slide]');
    if (!root || (slide && slide.getAttribute('aria-hidden') !== 'true')) return;
    if (slide || !active || !root.contains(active)) {
      const first = root.querySelector<HTMLElement>('[data-carousel-slide]:not([aria-hidden])');
      const target = first?.querySelector<HTMLElement>(FOCUSABLE);
      if (target) target.focus();
      else if (slide) root.querySelector<HTMLElement>('.spartan-carousel__viewport')?.focus();
    }
  }, [current]);

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => goTo(moveBy(g, current, 1), 1), autoplayMs);
    return () => clearTimeout(timer);
    // g is derived from the dependencies listed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playing, current, autoplayMs, goTo]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!keyboard || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const target = e.target as HTMLElement;
    if (target.closest?.('input,textarea,select,[contenteditable],video[controls]')) return;
    e.preventDefault();
    interact();
    focusAfterMove.current = Boolean(target.closest?.('[data-carousel-slide]'));
    move(e.key === 'ArrowLeft' ? -1 : 1);
  };

  const state = !autoplay || positions <= 1 ? 'static' : playing ? 'playing' : 'paused';
  const viewportId = `${id}-slides`;
  // Only values that differ from carousel.css's fallbacks, so the prerendered site carries no
  // style attribute and its CSP needs no 'unsafe-inline'; changes after hydration are applied
  // through the CSSOM, which a CSP does not restrict.
  const customProperties: Record<keyof typeof CSS_FALLBACKS, string> = {
    '--spartan-carousel-per-view': String(g.perView),
    '--spartan-carousel-duration': `${reducedMotion ? 0 : transitionMs}ms`,
    // Where the CSS fallback puts the first visible slide (a wrapped view shows from the end).
    '--spartan-carousel-offset': String(
      Math.min(snapStarts(g)[current] ?? 0, Math.max(0, g.count - g.perView)),
    ),
  };
  const styleEntries = Object.entries(customProperties).filter(
    ([name, value]) => value !== CSS_FALLBACKS[name as keyof typeof CSS_FALLBACKS],
  );
  const rootStyle = styleEntries.length ? Object.fromEntries(styleEntries) : undefined;

  return (
    // Keyboard left / right belong to the whole carousel, wherever focus is inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={rootRef}
      className={`spartan-root spartan-carousel${className ? ` ${className}` : ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      data-state={state}
      data-engine={embla ? 'embla' : 'css'}
      style={rootStyle}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocusCapture={(e) => {
        // Keyboard focus entering stops rotation until the visitor starts it again (APG).
        if (autoplay && userStopped === null && !e.currentTarget.contains(e.relatedTarget as Node))
          setUserStopped(true);
      }}
    >
      {autoplay && positions > 1 && (
        <button
          type="button"
          className="spartan-carousel__rotation"
          aria-controls={viewportId}
          onClick={() => setUserStopped(!stopped)}
        >
          <span aria-hidden="true">{stopped ? '▶' : '❚❚'}</span>
          <span className="spartan-visually-hidden">
            {stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
          </span>
        </button>
      )}
      {showArrows && arrows !== 'next' && (
        <button
          type="button"
          className="spartan-carousel__arrow spartan-carousel__arrow--prev"
          aria-controls={viewportId}
          disabled={!canMove(g, current, -1)}
          onClick={() => {
            interact();
            move(-1);
          }}
        >
          <span aria-hidden="true">‹</span>
          <span className="spartan-visually-hidden">Previous slide</span>
        </button>
      )}
      {showArrows && (
        <button
          type="button"
          className="spartan-carousel__arrow spartan-carousel__arrow--next"
          aria-controls={viewportId}
          disabled={!canMove(g, current, 1)}
          onClick={() => {
            interact();
            move(1);
          }}
        >
          <span aria-hidden="true">›</span>
          <span className="spartan-visually-hidden">Next slide</span>
        </button>
      )}
      <div
        ref={viewportRef}
        id={viewportId}
        className="spartan-carousel__viewport"
        aria-live={playing ? 'off' : 'polite'}
        tabIndex={-1}
      >
        <div className="spartan-carousel__container">
          {slides.map((slide, i) => {
            const hidden = !visible.has(i);
            return (
              <div
                key={i}
                className="spartan-carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={slideLabel(i + 1, slides.length)}
                aria-hidden={hidden ? 'true' : undefined}
                inert={hidden}
                data-carousel-slide=""
                data-state={hidden ? 'hidden' : 'visible'}
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      {dots && positions > 1 && (
        <div className="spartan-carousel__dots" role="group" aria-label="Choose slide">
          {Array.from({ length: positions }, (_, i) => (
            <button
              key={i}
              type="button"
              className="spartan-carousel__dot"
              aria-controls={viewportId}
              aria-current={i === current ? 'true' : undefined}
              onClick={() => {
                interact();
                goTo(i);
              }}
            >
              <span className="spartan-visually-hidden">{`Slide ${i + 1} of ${positions}`}</span>
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

export default Carousel;
