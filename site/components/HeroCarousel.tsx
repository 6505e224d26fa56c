/**
 * The home hero: one slide at a time with dots and no arrows, auto-advancing
 * every 7000 ms with a 500 ms cross-fade and looping; it does not pause on
 * hover. A pause button stops it (WCAG 2.2.2), and so does keyboard focus
 * entering it, until the visitor starts it again; it never starts under reduced
 * motion. A cross-fade of stacked slides needs no measuring, so the hero does
 * without the general carousel's drag engine and keeps the home page's first
 * load small.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { HERO_AUTOPLAY_MS } from '../../content/carousel.ts';
import { PauseToggle, useMotionChoice } from '../../widgets/motion.ts';

export interface HeroCarouselProps {
  /** Accessible name of the carousel. */
  label: string;
  /** One node per slide. */
  slides: readonly ReactNode[];
}

export function HeroCarousel({ label, slides }: HeroCarouselProps) {
  const [index, setIndex] = useState(0);
  // No choice yet follows the motion preference, read after hydration so server and client agree.
  const [stopped, choice, setStopped] = useMotionChoice();
  const playing = !stopped && slides.length > 1;
  // Focus by pointer (a click on the pause button) is not the keyboard entering the carousel.
  const pointerDown = useRef(false);

  // One interval for as long as it plays: a turn every HERO_AUTOPLAY_MS exactly. (A timeout set
  // again by an effect after each turn's render started each wait a frame late, a drift of about
  // 20 ms a turn.) A dot chosen stops the rotation, so nothing else moves the index meanwhile.
  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % slides.length), HERO_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [playing, slides.length]);

  return (
    <section
      className="hero-carousel"
      aria-roledescription="carousel"
      aria-label={label}
      data-state={playing ? 'playing' : 'paused'}
      onPointerDownCapture={() => (pointerDown.current = true)}
      onPointerUpCapture={() => (pointerDown.current = false)}
      onFocusCapture={(e) => {
        // Keyboard focus entering stops rotation until the visitor starts it again (APG).
        const entering = !e.currentTarget.contains(e.relatedTarget);
        if (entering && !pointerDown.current && choice === null) setStopped(true);
      }}
    >
      <PauseToggle
        stopped={!playing}
        onClick={() => setStopped(playing)}
        className="hero-carousel__toggle"
        labels={['Start automatic slide show', 'Stop automatic slide show']}
      />
      <div className="hero-carousel__slides" aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, i) => (
          <div
            key={i}
            className="hero-carousel__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            aria-hidden={i === index ? undefined : 'true'}
            inert={i !== index}
            data-active={i === index ? 'true' : 'false'}
          >
            {slide}
          </div>
        ))}
      </div>
      <div className="hero-carousel__dots" role="group" aria-label="Choose slide">
        {slides.map((_, i) => (
          <button
            key={i}
            type="button"
            className="hero-carousel__dot"
            aria-current={i === index ? 'true' : undefined}
            onClick={() => {
              setIndex(i);
              setStopped(true);
            }}
          >
            <span className="spartan-visually-hidden">{`Slide ${i + 1} of ${slides.length}`}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
