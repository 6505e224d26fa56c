import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

const visibleLabels = () =>
  screen
    .getAllByRole('group', { hidden: true })
    .filter((g) => g.getAttribute('aria-roledescription') === 'slide')
    .filter((g) => !g.hasAttribute('aria-hidden'))
    .map((g) => g.getAttribute('aria-label'));

describe('Carousel', () => {
  afterEach(() => {
    vi.useRealTimers();
    setMedia([]);
  });

  it('is a named carousel region whose slides are labelled n of m, only the current one exposed', () => {
    renderCarousel();
    const region = screen.getByRole('region', { name: 'Highlights' });
    expect(region).toHaveAttribute('aria-roledescription', 'carousel');
    expect(screen.getByRole('group', { name: '1 of 5' })).toHaveAttribute(
      'aria-roledescription',
      'slide',
    );
    expect(visibleLabels()).toEqual(['1 of 5']);
    // hidden slides are out of the tab order and the accessibility tree
    const hidden = document.querySelector('[aria-label="2 of 5"]');
    expect(hidden).toHaveAttribute('aria-hidden', 'true');
    expect(hidden).toHaveAttribute('inert');
  });

  it('given the defaults, then arrows show, dots do not, and there is no autoplay control', () => {
    renderCarousel();
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Slide 1 of/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /automatic slide show/ })).toBeNull();
  });

  it('when next is pressed on the last slide, then it loops to the first, and previous loops back', async () => {
    const onSlideChange = vi.fn();
    const user = userEvent.setup();
    renderCarousel({ onSlideChange }, 3);
    const next = screen.getByRole('button', { name: 'Next slide' });
    await user.click(next);
    expect(visibleLabels()).toEqual(['2 of 3']);
    await user.click(next);
    await user.click(next);
    expect(visibleLabels()).toEqual(['1 of 3']);
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(visibleLabels()).toEqual(['3 of 3']);
    expect(onSlideChange.mock.calls.map((c) => c[0])).toEqual([1, 2, 0, 2]);
  });

  it('given loop off, then the arrows stop at the ends', async () => {
    const user = userEvent.setup();
    renderCarousel({ loop: false }, 2);
    const prev = screen.getByRole('button', { name: 'Previous slide' });
    const next = screen.getByRole('button', { name: 'Next slide' });
    expect(prev).toBeDisabled();
    await user.click(next);
    expect(visibleLabels()).toEqual(['2 of 2']);
    expect(next).toBeDisabled();
  });

  it('moves with the left and right arrow keys, and keeps focus on a visible slide', async () => {
    const user = userEvent.setup();
    renderCarousel({}, 3);
    screen.getByRole('link', { name: 'Slide link 1' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(visibleLabels()).toEqual(['2 of 3']);
    expect(screen.getByRole('link', { name: 'Slide link 2' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(visibleLabels()).toEqual(['3 of 3']);
    expect(screen.getByRole('link', { name: 'Slide link 3' })).toHaveFocus();
  });

  it('given keyboard off, then arrow keys do nothing', async () => {
    const user = userEvent.setup();
    renderCarousel({ keyboard: false }, 3);
    screen.getByRole('button', { name: 'Next slide' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(visibleLabels()).toEqual(['1 of 3']);
  });

  it('shows several slides per view by viewport breakpoints', () => {
    const slidesPerView = [
      { minWidth: 1024, slidesPerView: 3 },
      { minWidth: 464, slidesPerView: 2 },
    ];
    setMedia(['(min-width: 464px)', '(min-width: 1024px)']);
    const { unmount } = renderCarousel({ slidesPerView }, 6);
    expect(visibleLabels()).toEqual(['1 of 6', '2 of 6', '3 of 6']);
    unmount();
    setMedia(['(min-width: 464px)']);
    const second = renderCarousel({ slidesPerView }, 6);
    expect(visibleLabels()).toEqual(['1 of 6', '2 of 6']);
    second.unmount();
    setMedia([]);
    renderCarousel({ slidesPerView }, 6);
    expect(visibleLabels()).toEqual(['1 of 6']);
  });

  it('given three per view and a loop, then next past the end wraps the view around', async () => {
    setMedia(['(min-width: 1024px)']);
    const user = userEvent.setup();
    renderCarousel({ slidesPerView: [{ minWidth: 1024, slidesPerView: 3 }] }, 4);
    const next = screen.getByRole('button', { name: 'Next slide' });
    await user.click(next);
    await user.click(next);
    await user.click(next);
    expect(visibleLabels()).toEqual(['1 of 4', '2 of 4', '4 of 4']);
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

  it('given dots, then one per position marks the current one and moves there', async () => {
    const user = userEvent.setup();
    renderCarousel({ dots: true, arrows: false }, 4);
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
    const dots = screen.getAllByRole('button', { name: /^Slide \d of 4$/ });
    expect(dots).toHaveLength(4);
    expect(dots[0]).toHaveAttribute('aria-current', 'true');
    await user.click(dots[2]!);
    expect(visibleLabels()).toEqual(['3 of 4']);
    expect(dots[2]).toHaveAttribute('aria-current', 'true');
    expect(dots[0]).not.toHaveAttribute('aria-current');
  });

  it('autoplays every autoplayMs and loops, with the live region off while rotating', () => {
    vi.useFakeTimers();
    renderCarousel({ autoplay: true, autoplayMs: 7000 }, 3);
    const region = screen.getByRole('region', { name: 'Highlights' });
    expect(region).toHaveAttribute('data-state', 'playing');
    expect(region.querySelector('[aria-live]')).toHaveAttribute('aria-live', 'off');
    act(() => vi.advanceTimersByTime(6999));
    expect(visibleLabels()).toEqual(['1 of 3']);
    act(() => vi.advanceTimersByTime(1));
    expect(visibleLabels()).toEqual(['2 of 3']);
    act(() => vi.advanceTimersByTime(7000));
    act(() => vi.advanceTimersByTime(7000));
    expect(visibleLabels()).toEqual(['1 of 3']);
  });

  it('uses the 3000 ms default interval', () => {
    vi.useFakeTimers();
    renderCarousel({ autoplay: true }, 3);
    act(() => vi.advanceTimersByTime(3000));
    expect(visibleLabels()).toEqual(['2 of 3']);
  });

  it('pauses autoplay while hovered and resumes on leave', () => {
    vi.useFakeTimers();
    renderCarousel({ autoplay: true }, 3);
    const region = screen.getByRole('region', { name: 'Highlights' });
    fireEvent.mouseEnter(region);
    expect(region).toHaveAttribute('data-state', 'paused');
    act(() => vi.advanceTimersByTime(10000));
    expect(visibleLabels()).toEqual(['1 of 3']);
    fireEvent.mouseLeave(region);
    act(() => vi.advanceTimersByTime(3000));
    expect(visibleLabels()).toEqual(['2 of 3']);
  });

  it('given pauseOnHover off, then hovering does not pause', () => {
    vi.useFakeTimers();
    renderCarousel({ autoplay: true, pauseOnHover: false }, 3);
    fireEvent.mouseEnter(screen.getByRole('region', { name: 'Highlights' }));
    act(() => vi.advanceTimersByTime(3000));
    expect(visibleLabels()).toEqual(['2 of 3']);
  });

  it('stops autoplay when keyboard focus enters, until the visitor starts it again', () => {
    vi.useFakeTimers();
    renderCarousel({ autoplay: true }, 3);
    const region = screen.getByRole('region', { name: 'Highlights' });
    act(() => screen.getByRole('button', { name: 'Stop automatic slide show' }).focus());
    expect(region).toHaveAttribute('data-state', 'paused');
    act(() => vi.advanceTimersByTime(9000));
    expect(visibleLabels()).toEqual(['1 of 3']);
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    expect(region).toHaveAttribute('data-state', 'playing');
    act(() => vi.advanceTimersByTime(3000));
    expect(visibleLabels()).toEqual(['2 of 3']);
  });

  it('stops autoplay when the visitor moves the carousel themselves', () => {
    vi.useFakeTimers();
    renderCarousel({ autoplay: true, dots: true }, 3);
    fireEvent.click(screen.getByRole('button', { name: 'Slide 3 of 3' }));
    expect(screen.getByRole('region', { name: 'Highlights' })).toHaveAttribute(
      'data-state',
      'paused',
    );
    act(() => vi.advanceTimersByTime(9000));
    expect(visibleLabels()).toEqual(['3 of 3']);
  });

  it('given default values, then it writes no custom property, and the CSS fallbacks it relies on are there', () => {
    const carouselCss = readFileSync(path.join(import.meta.dirname, 'carousel.css'), 'utf8');
    for (const [name, value] of Object.entries(CSS_FALLBACKS)) {
      expect(carouselCss).toContain(`var(${name}, ${value})`);
    }
    renderCarousel({}, 1);
    expect(screen.getByRole('region', { name: 'Highlights' })).not.toHaveAttribute('style');
  });

  it('given prefers-reduced-motion, then autoplay does not start but can be started', () => {
    vi.useFakeTimers();
    setMedia(['(prefers-reduced-motion: reduce)']);
    renderCarousel({ autoplay: true }, 3);
    const region = screen.getByRole('region', { name: 'Highlights' });
    expect(region).toHaveAttribute('data-state', 'paused');
    act(() => vi.advanceTimersByTime(9000));
    expect(visibleLabels()).toEqual(['1 of 3']);
    expect(region.style.getPropertyValue('--spartan-carousel-duration')).toBe('0ms');
    fireEvent.click(screen.getByRole('button', { name: 'Start automatic slide show' }));
    act(() => vi.advanceTimersByTime(3000));
    expect(visibleLabels()).toEqual(['2 of 3']);
  });

  it('given a single slide, then there are no controls', () => {
    renderCarousel({ autoplay: true, dots: true }, 1);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('passes axe with arrows, dots and autoplay', async () => {
    const { container } = renderCarousel({ autoplay: true, dots: true }, 4);
    await expectNoAxeViolations(container);
  });
});
