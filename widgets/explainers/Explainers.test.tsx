import fs from 'node:fs';
import path from 'node:path';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { setupUser } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import {
  COPY_LINK_FAILURE,
  COPY_LINK_SUCCESS,
  EXPLAINER_VIDEOS,
  VIDEO_CAROUSEL_BREAKPOINTS,
} from '../../content/videos.ts';
import { Explainers } from './Explainers.tsx';

const BASE = 'https://spartans.example';
const setMedia = (queries: string[]) => {
  (window as unknown as { __mediaMatches?: string[] }).__mediaMatches = queries;
};
const tile = (title: string) => screen.getByRole('button', { name: `${title}, play video` });
const visibleTitles = () =>
  [...document.querySelectorAll('[data-carousel-slide]:not([aria-hidden])')].map(
    (slide) => slide.querySelector('[part="title"]')?.textContent,
  );

let play: Mock<(el: HTMLMediaElement) => Promise<void>>;
let pause: Mock<(el: HTMLMediaElement) => void>;

beforeEach(() => {
  // jsdom does not implement media playback.
  play = vi.fn((_el: HTMLMediaElement) => Promise.resolve());
  pause = vi.fn((_el: HTMLMediaElement) => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    return play(this);
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    pause(this);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  setMedia([]);
});

describe('Explainers', () => {
  it('has the six explainer videos of the specification, as first-party media paths', () => {
    expect(EXPLAINER_VIDEOS.map((v) => v.title)).toEqual([
      'What Is the Spartan Company?',
      'What Is the Private Spartan Wealth Fund?',
      'Our Purpose and Goals',
      'Meet the Founders',
      'Spartan Employees and Their Benefits',
      'Investors and Their Benefits',
    ]);
    for (const v of EXPLAINER_VIDEOS) {
      expect(v.video).toMatch(/^\/media\/videos\/[a-z-]+\.mp4$/);
      expect(v.webm).toMatch(/^\/media\/videos\/[a-z-]+\.webm$/);
      expect(v.poster).toMatch(/^\/media\/videos\/[a-z-]+\.webp$/);
    }
  });

  it('renders muted, looping, unloaded previews with posters and sources on the media base', () => {
    const { container } = render(<Explainers layout="grid" mediaBase={`${BASE}/`} />);
    const videos = container.querySelectorAll('video');
    expect(videos).toHaveLength(6);
    for (const video of videos) {
      expect(video.muted).toBe(true);
      expect(video.loop).toBe(true);
      expect(video).toHaveAttribute('preload', 'none');
      expect(video.getAttribute('poster')).toMatch(
        /^https:\/\/spartans\.example\/media\/videos\/.+\.webp$/,
      );
    }
    const sources = [...videos[0]!.querySelectorAll('source')].map((s) => [
      s.type,
      s.getAttribute('src'),
    ]);
    expect(sources).toEqual([
      ['video/webm', `${BASE}/media/videos/what-is-the-company.webm`],
      ['video/mp4', `${BASE}/media/videos/what-is-the-company.mp4`],
    ]);
  });

  it('plays a preview on hover and keyboard focus and pauses it on leave', () => {
    render(<Explainers layout="grid" mediaBase={BASE} />);
    const button = tile('Our Purpose and Goals');
    const video = button.querySelector('video');
    fireEvent.mouseEnter(button);
    expect(play).toHaveBeenCalledWith(video);
    fireEvent.mouseLeave(button);
    expect(pause).toHaveBeenCalledWith(video);
    play.mockClear();
    pause.mockClear();
    act(() => button.focus());
    expect(play).toHaveBeenCalledWith(video);
    act(() => button.blur());
    expect(pause).toHaveBeenCalledWith(video);
  });

  it('given prefers-reduced-motion, then previews do not play on hover', () => {
    setMedia(['(prefers-reduced-motion: reduce)']);
    render(<Explainers layout="grid" mediaBase={BASE} />);
    fireEvent.mouseEnter(tile('Meet the Founders'));
    expect(play).not.toHaveBeenCalled();
  });

  it('given the grid layout, then all six are in a titled list with no sharing in the player', async () => {
    const user = setupUser();
    render(<Explainers layout="grid" mediaBase={BASE} />);
    expect(screen.getByRole('heading', { name: 'Explainer Videos' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Explainer Videos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    await user.click(tile('Meet the Founders'));
    const dialog = screen.getByRole('dialog', { name: 'Meet the Founders' });
    expect(within(dialog).queryByRole('button', { name: 'Copy Link' })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Share via Email' })).toBeNull();
  });

  // Which slides are in view, and moving, are embla's: tests/browser/explainers.test.ts.
  const perView = () =>
    screen
      .getByRole('region', { name: 'Explainer Videos' })
      .style.getPropertyValue('--spartan-carousel-per-view');

  it('given the carousel at 1024 px and up, then 3 per view with a next arrow only (it loops)', () => {
    setMedia(['(min-width: 464px)', '(min-width: 1024px)']);
    render(<Explainers mediaBase={BASE} />);
    expect(screen.getByRole('region', { name: 'Explainer Videos' })).toHaveAttribute(
      'aria-roledescription',
      'carousel',
    );
    expect(perView()).toBe('3');
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous slide' })).toBeNull();
  });

  it('given the carousel from 464 to 1024 px, then 2 per view and no arrow', () => {
    setMedia(['(min-width: 464px)']);
    render(<Explainers mediaBase={BASE} />);
    expect(perView()).toBe('2');
    expect(screen.queryByRole('button', { name: 'Next slide' })).toBeNull();
  });

  it("given the stylesheet, then its tiles per view are the carousel's breakpoints (markup rendered without script has them)", () => {
    const css = fs.readFileSync(path.join(import.meta.dirname, 'explainers.css'), 'utf8');
    const rules = [
      ...css.matchAll(
        /@media \(min-width: (\d+)px\) \{\s*\.spartan-explainers\[data-layout='carousel'\]\s*\.spartan-carousel:has\(\.spartan-carousel__slide:nth-child\((\d+)\)\) \{\s*--spartan-carousel-per-view: (\d+);/g,
      ),
    ].map(([, minWidth, atLeast, perView]) => ({
      minWidth: Number(minWidth),
      slidesPerView: Number(perView),
      atLeast: Number(atLeast),
    }));
    expect(rules.map(({ minWidth, slidesPerView }) => ({ minWidth, slidesPerView }))).toEqual(
      [...VIDEO_CAROUSEL_BREAKPOINTS].sort((a, b) => a.minWidth - b.minWidth),
    );
    // Never more per view than there are tiles.
    for (const rule of rules) expect(rule.atLeast).toBe(rule.slidesPerView);
  });

  it('given the carousel below 464 px, then 1 per view, every tile usable before the engine measures', () => {
    render(<Explainers mediaBase={BASE} />);
    expect(perView()).toBe('');
    expect(visibleTitles()).toHaveLength(6);
  });

  it('when a tile is clicked, then a modal player opens with controls and autoplay, and the event fires', async () => {
    const onVideoOpen = vi.fn();
    const user = setupUser();
    render(<Explainers mediaBase={BASE} onVideoOpen={onVideoOpen} />);
    await user.click(tile('What Is the Spartan Company?'));
    const dialog = screen.getByRole('dialog', { name: 'What Is the Spartan Company?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    const player = dialog.querySelector('video')!;
    expect(player.controls).toBe(true);
    expect(player.autoplay).toBe(true);
    expect(onVideoOpen).toHaveBeenCalledWith(`${BASE}/media/videos/what-is-the-company.mp4`);
    expect(within(dialog).getByRole('button', { name: 'Close video' })).toHaveFocus();
  });

  it('opens with Enter and Space from the keyboard', async () => {
    const user = setupUser();
    render(<Explainers layout="grid" mediaBase={BASE} />);
    tile('Our Purpose and Goals').focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Our Purpose and Goals' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(tile('Our Purpose and Goals')).toHaveFocus());
    tile('Meet the Founders').focus();
    await user.keyboard(' ');
    expect(screen.getByRole('dialog', { name: 'Meet the Founders' })).toBeInTheDocument();
  });

  it('when Escape is pressed, then the player closes and focus returns to its tile', async () => {
    const user = setupUser();
    render(<Explainers layout="grid" mediaBase={BASE} />);
    const opener = tile('Investors and Their Benefits');
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('when the close icon is used, then the player closes and focus returns to its tile', async () => {
    const user = setupUser();
    render(<Explainers layout="grid" mediaBase={BASE} />);
    const opener = tile('Our Purpose and Goals');
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close video' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('keeps Tab and Shift+Tab inside the open player', async () => {
    const user = setupUser();
    render(<Explainers mediaBase={BASE} />);
    await user.click(tile('What Is the Spartan Company?'));
    const dialog = screen.getByRole('dialog');
    const close = within(dialog).getByRole('button', { name: 'Close video' });
    const email = within(dialog).getByRole('link', { name: 'Share via Email' });
    await user.tab({ shift: true });
    expect(email).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('when Copy Link succeeds, then the URL is on the clipboard and the success message is a status', async () => {
    const user = setupUser();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Explainers mediaBase={BASE} />);
    await user.click(tile('What Is the Spartan Company?'));
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    expect(writeText).toHaveBeenCalledWith(`${BASE}/media/videos/what-is-the-company.mp4`);
    expect(await screen.findByRole('status')).toHaveTextContent(COPY_LINK_SUCCESS);
    expect(COPY_LINK_SUCCESS).toBe('Video URL copied to clipboard! Choose a sharing option below.');
  });

  it('when Copy Link fails, then the failure message is shown', async () => {
    const user = setupUser();
    const writeText = vi.fn(() => Promise.reject(new Error('denied')));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<Explainers mediaBase={BASE} />);
    await user.click(tile('What Is the Spartan Company?'));
    await user.click(screen.getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(COPY_LINK_FAILURE));
    expect(COPY_LINK_FAILURE).toBe('Failed to copy the video URL.');
  });

  it('given no Clipboard API (a plain-HTTP page), then Copy Link copies a selection and keeps focus', async () => {
    const user = setupUser();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    const copied: string[] = [];
    const execCommand = vi.fn((command: string) => {
      const field = document.querySelector('dialog textarea') as HTMLTextAreaElement | null;
      if (command !== 'copy' || !field) return false;
      copied.push(field.value.slice(field.selectionStart, field.selectionEnd));
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    try {
      render(<Explainers mediaBase={BASE} />);
      await user.click(tile('What Is the Spartan Company?'));
      const copy = screen.getByRole('button', { name: 'Copy Link' });
      await user.click(copy);
      expect(await screen.findByRole('status')).toHaveTextContent(COPY_LINK_SUCCESS);
      expect(copied).toEqual([`${BASE}/media/videos/what-is-the-company.mp4`]);
      expect(document.querySelector('dialog textarea')).toBeNull();
      expect(copy).toHaveFocus();
    } finally {
      delete (document as { execCommand?: unknown }).execCommand;
    }
  });

  it('offers Share via Email with the subject, a greeting and the link', async () => {
    const user = setupUser();
    render(<Explainers mediaBase={BASE} />);
    await user.click(tile('What Is the Spartan Company?'));
    const href = screen.getByRole('link', { name: 'Share via Email' }).getAttribute('href')!;
    expect(href.startsWith('mailto:?')).toBe(true);
    const params = new URLSearchParams(href.slice('mailto:?'.length));
    expect(params.get('subject')).toBe('Check out this video!');
    const body = params.get('body')!;
    expect(body).toMatch(/^Hi,/);
    expect(body).toContain(`${BASE}/media/videos/what-is-the-company.mp4`);
    // spaces are %20, not +, so every mail client reads them
    expect(href).not.toContain('+');
  });

  it('remembers the selected video: a second tile opens its own URL', async () => {
    const onVideoOpen = vi.fn();
    const user = setupUser();
    render(<Explainers layout="grid" mediaBase={BASE} onVideoOpen={onVideoOpen} />);
    await user.click(tile('Meet the Founders'));
    await user.keyboard('{Escape}');
    await user.click(tile('Investors and Their Benefits'));
    expect(onVideoOpen.mock.calls.map((c) => c[0])).toEqual([
      `${BASE}/media/videos/the-founders.mp4`,
      `${BASE}/media/videos/investor-benefits.mp4`,
    ]);
    expect(screen.getByRole('dialog').querySelector('source[type="video/mp4"]')).toHaveAttribute(
      'src',
      `${BASE}/media/videos/investor-benefits.mp4`,
    );
  });

  it('passes axe in both layouts and with the player open', async () => {
    const user = setupUser();
    const grid = render(<Explainers layout="grid" mediaBase={BASE} />);
    await expectNoAxeViolations(grid.container);
    grid.unmount();
    const { container } = render(<Explainers mediaBase={BASE} />);
    await expectNoAxeViolations(container);
    await user.click(tile('What Is the Spartan Company?'));
    await expectNoAxeViolations(container);
  }, 30_000);
});
