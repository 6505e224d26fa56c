/**
 * The carousel before its engine: jsdom has no layout, so embla never loads here and these tests
 * check the markup, the controls and the visitor's rotation choices. Moving (arrows, keys, drags,
 * dots, autoplay, loop) is embla's and is tested in Chromium: tests/browser/carousel.test.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import { Carousel, CSS_FALLBACKS, type CarouselProps } from './Carousel.tsx';

const setMedia = (queries: string[]) => {
  (window as unknown as { __mediaMatches?: string[] }).__mediaMatches = queries;
};

function renderCarousel(props: Partial<CarouselProps> = {}, count = 5) {
  return render(
    <Carousel label="Highlights" {...props}>
      {Array.from({ length: count }, (_, i) => (
        <a key={i} href={`#s${i + 1}`}>
          Slide link {i + 1}
        </a>
      ))}
    </Carousel>,
  );
}

const region = () => screen.getByRole('region', { name: 'Highlights' });

describe('Carousel before its engine has measured', () => {
  afterEach(() => setMedia([]));

  it('is a named carousel region whose slides are labelled n of m, every one exposed and usable', () => {
    renderCarousel();
    expect(region()).toHaveAttribute('aria-roledescription', 'carousel');
    expect(region()).toHaveAttribute('data-engine', 'none');
    const slides = screen.getAllByRole('group').filter((g) => g.matches('[data-carousel-slide]'));
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual([
      '1 of 5',
      '2 of 5',
      '3 of 5',
      '4 of 5',
      '5 of 5',
    ]);
    for (const slide of slides) {
      expect(slide).toHaveAttribute('aria-roledescription', 'slide');
      expect(slide).not.toHaveAttribute('aria-hidden');
      expect(slide).not.toHaveAttribute('inert');
    }
    expect(screen.getAllByRole('link')).toHaveLength(5);
  });

  it('given the defaults, then previous comes before the slides and next after them, disabled until embla measures; no dots, no autoplay control', () => {
    renderCarousel();
    const prev = screen.getByRole('button', { name: 'Previous slide' });
    const next = screen.getByRole('button', { name: 'Next slide' });
    const first = screen.getByRole('link', { name: 'Slide link 1' });
    const last = screen.getByRole('link', { name: 'Slide link 5' });
    expect(prev.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(last.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(prev).toBeDisabled();
    expect(next).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Slide 1 of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
  });

  it('given arrows="next" shown from a min width, then only next shows, and only that wide', () => {
    setMedia(['(min-width: 1024px)']);
    const { unmount } = renderCarousel({ arrows: 'next', arrowsMinWidth: 1024 });
    expect(screen.queryByRole('button', { name: 'Previous slide' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    unmount();
    setMedia([]);
    renderCarousel({ arrows: 'next', arrowsMinWidth: 1024 });
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
  });

  it('sets slides per view from viewport breakpoints, and writes only values that differ from the CSS fallbacks', () => {
    const slidesPerView = [
      { minWidth: 1024, slidesPerView: 3 },
      { minWidth: 464, slidesPerView: 2 },
    ];
    setMedia(['(min-width: 464px)', '(min-width: 1024px)']);
    const { unmount } = renderCarousel({ slidesPerView }, 6);
    expect(region().style.getPropertyValue('--spartan-carousel-per-view')).toBe('3');
    unmount();
    setMedia(['(min-width: 464px)']);
    const second = renderCarousel({ slidesPerView }, 6);
    expect(region().style.getPropertyValue('--spartan-carousel-per-view')).toBe('2');
    second.unmount();
    setMedia([]);
    renderCarousel({ slidesPerView }, 6);
    expect(region()).not.toHaveAttribute('style');
  });

  it('given default values, then it writes no custom property, and the CSS fallbacks it relies on are there', () => {
    const carouselCss = readFileSync(path.join(import.meta.dirname, 'carousel.css'), 'utf8');
    for (const [name, value] of Object.entries(CSS_FALLBACKS)) {
      expect(carouselCss).toContain(`var(${name}, ${value})`);
    }
    renderCarousel({}, 1);
    expect(region()).not.toHaveAttribute('style');
  });

  it('given autoplay, then it shows as playing with the live region off, and pauses while hovered', () => {
    renderCarousel({ autoplay: true }, 3);
    expect(region()).toHaveAttribute('data-state', 'playing');
    expect(region().querySelector('[aria-live]')).toHaveAttribute('aria-live', 'off');
    fireEvent.mouseEnter(region());
    expect(region()).toHaveAttribute('data-state', 'paused');
    expect(region().querySelector('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    fireEvent.mouseLeave(region());
    expect(region()).toHaveAttribute('data-state', 'playing');
  });

  it('given pauseOnHover off, then hovering does not pause', () => {
    renderCarousel({ autoplay: true, pauseOnHover: false }, 3);
    fireEvent.mouseEnter(region());
    expect(region()).toHaveAttribute('data-state', 'playing');
  });

  it('stops autoplay when keyboard focus enters, until the visitor starts it again', () => {
    renderCarousel({ autoplay: true }, 3);
    act(() => screen.getByRole('button', { name: 'Stop automatic slide show' }).focus());
    expect(region()).toHaveAttribute('data-state', 'paused');
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    expect(region()).toHaveAttribute('data-state', 'playing');
  });

  it('given prefers-reduced-motion, then autoplay does not start but can be started, and moves are instant', () => {
    setMedia(['(prefers-reduced-motion: reduce)']);
    renderCarousel({ autoplay: true }, 3);
    expect(region()).toHaveAttribute('data-state', 'paused');
    expect(region().style.getPropertyValue('--spartan-carousel-duration')).toBe('0ms');
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    expect(region()).toHaveAttribute('data-state', 'playing');
  });

  it('given a single slide, then there are no controls', () => {
    renderCarousel({ autoplay: true, dots: true }, 1);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('passes axe with arrows and autoplay', async () => {
    const { container } = renderCarousel({ autoplay: true, dots: true }, 4);
    await expectNoAxeViolations(container);
  });
});
