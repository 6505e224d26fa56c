/**
 * The general carousel, on embla (embla-carousel-react's hook and embla's autoplay plugin, in
 * engine.tsx): one slide per child; arrows, keyboard left/right, drag and swipe (a drag shorter
 * than `minDragPx` snaps back), optional dots and autoplay, infinite loop. Positions, moves and
 * the slides in view are embla's; this component keeps only what the visitor chose (rotation
 * stopped, pointer over it). Not a custom element: the explainers widget uses it.
 *
 * Accessible as the WAI-ARIA carousel pattern: a region named by `label`
 * (`aria-roledescription="carousel"`), slides as groups labelled "n of m", the rotation control
 * first, previous before the slides and next after them in tab order, autoplay paused while
 * hovered (unless `pauseOnHover={false}`) and stopped by keyboard focus or any interaction until
 * the visitor starts it again, never started under `prefers-reduced-motion`. Once embla has
 * measured, slides out of view are inert and hidden from assistive technology; before that
 * (server render, before the engine loads) every slide is exposed and can be used.
 *
 * Styling: classes `spartan-carousel*`, state in `data-state` (`playing` | `paused` | `static`)
 * and `data-engine` (`none` | `embla`); `--spartan-carousel-gap` sets the gap between slides.
 *
 * For example: `<Carousel label="Highlights" dots arrows={false} autoplay autoplayMs={7000}
 *   transitionMs={500} pauseOnHover={false}>{slides}</Carousel>`
 * Embla is loaded after first render (its own chunk). In a page that ships the CSS statically,
 * import carousel.css (and tokens.css).
 */
import {
  Children,
  useEffect,
  useMemo,
  useRef,
  useState,
  useId,
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import type { EmblaCarouselType } from 'embla-carousel';
import { CAROUSEL_DEFAULTS } from '../../content/constants.ts';
import { activeIn } from '../runtime/focus.ts';
import { usePrefersReducedMotion } from '../runtime/motion.ts';
import { PauseToggle, useMotionChoice } from '../runtime/PauseToggle.tsx';
import { useRoot, type RootProps, type RootRefProp } from '../runtime/root-props.ts';
import { useBrowserLayoutEffect, useWidgetStyles } from '../runtime/styles.ts';
import { STYLES } from './styles.ts';
import type { CarouselEngineProps } from './engine.tsx';
import {
  breakpointWidths,
  emblaDuration,
  perViewFor,
  useMinWidths,
  type SlidesPerView,
} from './layout.ts';

export type { CarouselBreakpoint, SlidesPerView } from './layout.ts';

export interface CarouselProps extends RootProps {
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
  /** One button per position below the slides; `'narrow'`: only below `arrowsMinWidth` (default false). */
  dots?: boolean | 'narrow';
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
  /**
   * The position shown, for a carousel the app controls: the carousel moves to it when it
   * changes, and back to it when the visitor moves and the app keeps it. Without it the
   * carousel keeps its own position.
   */
  index?: number | undefined;
  /** Called with the new position after it changes. */
  onIndexChange?: ((position: number) => void) | undefined;
}

/** What the carousel shows of embla's state. */
interface EmblaView {
  selected: number;
  positions: number;
  canPrev: boolean;
  canNext: boolean;
  /** Slides at least half in view; null until embla's first report. */
  inView: readonly number[] | null;
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select,textarea,video[controls],[tabindex]:not([tabindex="-1"])';

const defaultSlideLabel = (n: number, m: number) => `${n} of ${m}`;

/** The fallbacks of the custom properties in carousel.css (`var(--name, fallback)`). */
export const CSS_FALLBACKS = {
  '--spartan-carousel-per-view': '1',
  '--spartan-carousel-duration': '400ms',
} as const;

function readView(api: EmblaCarouselType): EmblaView {
  const inView = api.slidesInView();
  return {
    selected: api.selectedScrollSnap(),
    positions: api.scrollSnapList().length,
    canPrev: api.canScrollPrev(),
    canNext: api.canScrollNext(),
    inView: inView.length ? inView : null,
  };
}

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
  onIndexChange,
  index,
  className,
  ...rest
}: CarouselProps & RootRefProp) {
  const rootRef = useRef<HTMLElement>(null);
  useWidgetStyles(rootRef, STYLES);
  const root = useRoot(rootRef, 'spartan-root spartan-carousel', { className, ...rest });
  const id = useId();
  const slides = Children.toArray(children);
  const reducedMotion = usePrefersReducedMotion();

  const widths = useMemo(
    () => [...breakpointWidths(slidesPerView), ...(arrowsMinWidth > 0 ? [arrowsMinWidth] : [])],
    [slidesPerView, arrowsMinWidth],
  );
  const matchesMinWidth = useMinWidths(widths);
  const perView = perViewFor(slidesPerView, matchesMinWidth);

  // The engine loads after first render where there is layout to measure (not on a server,
  // not in jsdom); until then every slide shows where the CSS puts it.
  const [Engine, setEngine] = useState<ComponentType<CarouselEngineProps> | null>(null);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [api, setApi] = useState<EmblaCarouselType | null>(null);
  const [emblaView, setView] = useState<EmblaView | null>(null);
  const view = api ? emblaView : null;
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined' || typeof IntersectionObserver === 'undefined')
      return;
    let live = true;
    void import('./engine.tsx').then(({ CarouselEngine }) => {
      if (live) setEngine(() => CarouselEngine);
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!api) return;
    const read = () => setView(readView(api));
    read();
    api.on('select', read).on('reInit', read).on('slidesInView', read);
    return () => {
      api.off('select', read).off('reInit', read).off('slidesInView', read);
    };
  }, [api]);

  const positions = view?.positions ?? slides.length;
  // null follows the motion preference; true / false is the visitor's own choice.
  const [stopped, userStopped, setUserStopped] = useMotionChoice();
  const [hovered, setHovered] = useState(false);
  const rotating = autoplay && !stopped && positions > 1;
  const playing = rotating && !(pauseOnHover && hovered);
  const showArrows = arrows !== false && positions > 1 && matchesMinWidth(arrowsMinWidth);
  const showDots =
    (dots === true || (dots === 'narrow' && !matchesMinWidth(arrowsMinWidth))) && positions > 1;

  const options = useMemo(
    () => ({
      loop,
      align: 'start' as const,
      slidesToScroll: Math.max(1, Math.floor(step)),
      containScroll: 'trimSnaps' as const,
      duration: emblaDuration(reducedMotion ? 0 : transitionMs),
      inViewThreshold: 0.5,
      // Embla's own threshold only decides when a drag swallows the click that ends it; the
      // minimum drag that changes slide is the carousel's (minDragPx, below).
      dragThreshold: 10,
      // Tab walks the slides in view, then on to next; embla's own focus handling would instead
      // jump the carousel to each slide tabbed to (out-of-view slides are inert here anyway).
      watchFocus: false,
    }),
    [loop, step, reducedMotion, transitionMs],
  );
  const engineAutoplay = useMemo(
    () => (rotating ? { delay: autoplayMs, pauseOnHover } : null),
    [rotating, autoplayMs, pauseOnHover],
  );

  const pointerDown = useRef(false);
  // A keyboard move from inside a slide keeps focus on a slide in view (the old one turns inert).
  const focusAfterMove = useRef(false);
  // Rotation stops at once, in the engine too, not only at the render that removes its plugin: a
  // turn falling due before that render would otherwise move past the slide the visitor chose.
  const stopRotation = () => {
    api?.plugins().autoplay?.stop();
    setUserStopped(true);
  };
  const interact = () => {
    focusAfterMove.current = false;
    if (autoplay) stopRotation();
  };

  // Drags and swipes: one shorter than the minimum snaps back; a slow one of the minimum or more
  // (no fling, which embla would snap back under half a slide) still moves one position.
  useEffect(() => {
    if (!api) return;
    const node = api.rootNode();
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
      startSnap = api.selectedScrollSnap();
    };
    const onEmblaUp = () => {
      const dx = lastX - startX;
      if (Math.abs(dx) < minDragPx) {
        if (api.selectedScrollSnap() !== startSnap) api.scrollTo(startSnap);
        return;
      }
      if (api.selectedScrollSnap() === startSnap) {
        if (dx < 0) api.scrollNext();
        else api.scrollPrev();
      }
      interact();
    };
    node.addEventListener('pointerdown', onPointerDown);
    node.addEventListener('pointermove', onPointerMove);
    api.on('pointerDown', onEmblaDown).on('pointerUp', onEmblaUp);
    return () => {
      node.removeEventListener('pointerdown', onPointerDown);
      node.removeEventListener('pointermove', onPointerMove);
      api.off('pointerDown', onEmblaDown).off('pointerUp', onEmblaUp);
    };
    // interact reads only autoplay
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, minDragPx, autoplay]);

  const selected = view?.selected ?? 0;
  const onChangeRef = useRef(onIndexChange);
  useEffect(() => {
    onChangeRef.current = onIndexChange;
  });
  // Controlled: the engine follows `index` (and comes back to it after a move the app refused).
  useEffect(() => {
    if (api && index !== undefined && index !== selected) api.scrollTo(index);
  }, [api, index, selected]);
  const lastReported = useRef(selected);
  useEffect(() => {
    if (lastReported.current === selected) return;
    lastReported.current = selected;
    onChangeRef.current?.(selected);
  }, [selected]);

  // In the commit that turns the old slide inert, not after the next paint: in between, focus
  // would be on the page's body, and a second arrow key pressed then (a held key repeats every
  // few tens of ms) would go there and be lost.
  useBrowserLayoutEffect(() => {
    const root = rootRef.current;
    if (!focusAfterMove.current || !root || !view?.inView) return;
    const active = activeIn(root);
    const inSlide = active?.closest?.('[data-carousel-slide]');
    if (inSlide && inSlide.getAttribute('aria-hidden') !== 'true') return;
    if (active && active !== root.ownerDocument.body && !root.contains(active)) return;
    // The leftmost slide in view (with a loop, the lowest index need not be).
    const shown = [...root.querySelectorAll<HTMLElement>('[data-carousel-slide]:not([inert])')];
    shown.sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left);
    shown[0]?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  }, [view]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!keyboard || !api || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const target = e.target as HTMLElement;
    if (target.closest?.('input,textarea,select,[contenteditable],video[controls]')) return;
    e.preventDefault();
    interact();
    focusAfterMove.current = Boolean(target.closest?.('[data-carousel-slide]'));
    if (e.key === 'ArrowLeft') api.scrollPrev();
    else api.scrollNext();
  };

  const state = !autoplay || positions <= 1 ? 'static' : playing ? 'playing' : 'paused';
  const viewportId = `${id}-slides`;
  // Only values that differ from carousel.css's fallbacks, so the prerendered site carries no
  // style attribute and its CSP needs no 'unsafe-inline'; changes after hydration are applied
  // through the CSSOM, which a CSP does not restrict.
  const customProperties: Record<keyof typeof CSS_FALLBACKS, string> = {
    '--spartan-carousel-per-view': String(Math.min(perView, Math.max(1, slides.length))),
    '--spartan-carousel-duration': `${reducedMotion ? 0 : transitionMs}ms`,
  };
  const styleEntries = Object.entries(customProperties).filter(
    ([name, value]) => value !== CSS_FALLBACKS[name as keyof typeof CSS_FALLBACKS],
  );
  const rootStyle = styleEntries.length ? Object.fromEntries(styleEntries) : undefined;
  const arrow = (direction: 'prev' | 'next') => (
    <button
      type="button"
      className={`spartan-carousel__arrow spartan-carousel__arrow--${direction}`}
      aria-controls={viewportId}
      disabled={!(direction === 'prev' ? view?.canPrev : view?.canNext)}
      onClick={() => {
        interact();
        if (direction === 'prev') api?.scrollPrev();
        else api?.scrollNext();
      }}
    >
      <span aria-hidden="true">{direction === 'prev' ? '‹' : '›'}</span>
      <span className="spartan-visually-hidden">
        {direction === 'prev' ? 'Previous slide' : 'Next slide'}
      </span>
    </button>
  );

  return (
    // Keyboard left / right belong to the whole carousel, wherever focus is inside it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      {...root}
      aria-roledescription="carousel"
      aria-label={label}
      data-state={state}
      data-engine={api ? 'embla' : 'none'}
      // Arrows from a width on: no script knows the width before hydration, so the stylesheet
      // keeps their room from that width on (carousel.css), and the slides do not shrink when
      // they come.
      data-arrows-from={arrows !== false && arrowsMinWidth > 0 ? arrowsMinWidth : undefined}
      style={root.style ? { ...rootStyle, ...root.style } : rootStyle}
      onKeyDown={onKeyDown}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onPointerDownCapture={() => (pointerDown.current = true)}
      onPointerUpCapture={() => (pointerDown.current = false)}
      onFocusCapture={(e) => {
        // Keyboard focus entering stops rotation until the visitor starts it again (APG); focus
        // by pointer (a click on the rotation button) is the click's to decide.
        const entering = !e.currentTarget.contains(e.relatedTarget);
        if (autoplay && userStopped === null && entering && !pointerDown.current) stopRotation();
      }}
    >
      {Engine && viewport && (
        <Engine viewport={viewport} options={options} autoplay={engineAutoplay} onApi={setApi} />
      )}
      {autoplay && positions > 1 && (
        <PauseToggle
          stopped={stopped}
          onClick={() => (stopped ? setUserStopped(false) : stopRotation())}
          className="spartan-carousel__rotation"
          aria-controls={viewportId}
          labels={['Start automatic slide show', 'Stop automatic slide show']}
        />
      )}
      {showArrows && arrows !== 'next' && arrow('prev')}
      <div
        ref={setViewport}
        id={viewportId}
        className="spartan-carousel__viewport"
        aria-live={playing ? 'off' : 'polite'}
        tabIndex={-1}
      >
        <div className="spartan-carousel__container">
          {slides.map((slide, i) => {
            const hidden = view?.inView ? !view.inView.includes(i) : false;
            return (
              <div
                key={i}
                className="spartan-carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={slideLabel(i + 1, slides.length)}
                aria-hidden={hidden ? 'true' : undefined}
                // The attribute set on the element, not an `inert` prop: React 18 does not know
                // `inert` (it warns and leaves it out), while React 19 and preact take only a
                // boolean. An arrow made each render is called each render, with the slide.
                ref={(el) => {
                  el?.toggleAttribute('inert', hidden);
                }}
                data-carousel-slide=""
                data-state={hidden ? 'hidden' : 'visible'}
              >
                {slide}
              </div>
            );
          })}
        </div>
      </div>
      {showArrows && arrow('next')}
      {showDots && !view && (
        // The dots' room until the engine has measured the slides (a prerendered page, a
        // widget not yet hydrated): the page below does not move when they come. Where only
        // narrow screens get dots, the stylesheet drops it on wide ones (data-below), before any
        // script knows the width.
        <div
          className="spartan-carousel__dots spartan-carousel__dots--pending"
          aria-hidden="true"
          data-below={dots === 'narrow' ? arrowsMinWidth : undefined}
        />
      )}
      {showDots && view && (
        <div className="spartan-carousel__dots" role="group" aria-label="Choose slide">
          {Array.from({ length: positions }, (_, i) => (
            <button
              key={i}
              type="button"
              className="spartan-carousel__dot"
              aria-controls={viewportId}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => {
                interact();
                api?.scrollTo(i);
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
