import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupUser } from '../../tests/user-event.ts';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import { US_STATES } from '../../content/states.ts';
import { StateBanner, statesStartingWith } from './StateBanner.tsx';

const tickerList = () =>
  screen.getByRole('region', { name: 'The 50 US states' }).querySelector('ul:not([aria-hidden])')!;
const highlighted = () =>
  [...tickerList().querySelectorAll('[data-highlighted="true"]')].map((li) => li.textContent);

describe('StateBanner', () => {
  afterEach(() => {
    vi.useRealTimers();
    delete (window as unknown as { __mediaMatches?: string[] }).__mediaMatches;
  });

  it('shows the banner text and the 50 states in sorted order, once for assistive technology', () => {
    render(<StateBanner />);
    expect(
      screen.getByText(
        "Important States, please help the group to Mirror and Reduce America's National Debt.",
      ),
    ).toBeInTheDocument();
    const names = within(tickerList() as HTMLElement)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names).toHaveLength(50);
    expect(names).toEqual([...US_STATES].sort((a, b) => a.localeCompare(b)));
    // the seamless-loop copy is hidden from screen readers
    expect(
      screen
        .getByRole('region', { name: 'The 50 US states' })
        .querySelectorAll('ul[aria-hidden="true"] li'),
    ).toHaveLength(50);
  });

  it('starts with no letter chosen and nothing highlighted', () => {
    render(<StateBanner />);
    // Its name begins with the text it shows (WCAG 2.5.3): "click A–Z" works by voice.
    const picker = screen.getByRole('combobox', { name: /^A–Z: .*letter/ });
    expect(picker).toHaveTextContent('A–Z');
    expect(highlighted()).toEqual([]);
  });

  it('when a letter is chosen by click, then the matching states are highlighted and the event fires', async () => {
    const onLetterChange = vi.fn();
    const user = setupUser();
    render(<StateBanner onLetterChange={onLetterChange} />);
    await user.click(screen.getByRole('combobox', { name: /letter/i }));
    await user.click(await screen.findByRole('option', { name: 'N' }));
    expect(onLetterChange).toHaveBeenCalledWith('N');
    expect(highlighted()).toEqual(statesStartingWith('N'));
    expect(highlighted()).toEqual([
      'Nebraska',
      'Nevada',
      'New Hampshire',
      'New Jersey',
      'New Mexico',
      'New York',
      'North Carolina',
      'North Dakota',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(
      'States starting with N: Nebraska, Nevada, New Hampshire, New Jersey, New Mexico, New York, North Carolina, North Dakota.',
    );
    // the popup is gone once a letter is chosen
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('given a letter no state starts with, then nothing is highlighted and that is announced', async () => {
    const user = setupUser();
    render(<StateBanner />);
    await user.click(screen.getByRole('combobox', { name: /letter/i }));
    await user.click(await screen.findByRole('option', { name: 'Q' }));
    expect(highlighted()).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('States starting with Q: none.');
  });

  it('opens on hover and closes 150 ms after the pointer leaves, not before', () => {
    vi.useFakeTimers();
    render(<StateBanner />);
    const button = screen.getByRole('combobox', { name: /letter/i });
    const picker = button.parentElement!;
    fireEvent.mouseEnter(picker);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    fireEvent.mouseLeave(picker);
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open when the pointer comes back within 150 ms', () => {
    vi.useFakeTimers();
    render(<StateBanner />);
    const button = screen.getByRole('combobox', { name: /letter/i });
    const picker = button.parentElement!;
    fireEvent.mouseEnter(picker);
    fireEvent.mouseLeave(picker);
    act(() => {
      vi.advanceTimersByTime(100);
    });
    fireEvent.mouseEnter(picker);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('is fully keyboard operable: arrows, Enter, typing a letter, Escape', async () => {
    const onLetterChange = vi.fn();
    const user = setupUser();
    render(<StateBanner onLetterChange={onLetterChange} />);
    const combobox = screen.getByRole('combobox', { name: /letter/i });
    await user.tab();
    expect(combobox).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(combobox).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'B' }).id,
    );
    await user.keyboard('{Enter}'); // None → A → B
    expect(onLetterChange).toHaveBeenLastCalledWith('B');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveFocus();
    expect(combobox).toHaveTextContent('B');

    await user.keyboard('w');
    expect(onLetterChange).toHaveBeenLastCalledWith('W');
    expect(highlighted()).toEqual(['Washington', 'West Virginia', 'Wisconsin', 'Wyoming']);

    await user.keyboard('{Enter}{End}');
    expect(combobox).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Z' }).id,
    );
    await user.keyboard('{Home}');
    expect(combobox).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'None' }).id,
    );
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveFocus();
    expect(onLetterChange).toHaveBeenCalledTimes(2);
  });

  it('when opened by hover, a click keeps it open; a second click closes it', async () => {
    const user = setupUser();
    render(<StateBanner />);
    const combobox = screen.getByRole('combobox', { name: /letter/i });
    await user.hover(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await user.click(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await user.click(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('when opened by hover, Escape closes it with focus elsewhere and the pointer still on it', async () => {
    const user = setupUser();
    render(<StateBanner />);
    const combobox = screen.getByRole('combobox', { name: /letter/i });
    await user.hover(combobox);
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(combobox).not.toHaveFocus();
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('can clear the letter with None', async () => {
    const onLetterChange = vi.fn();
    const user = setupUser();
    render(<StateBanner onLetterChange={onLetterChange} />);
    await user.click(screen.getByRole('combobox', { name: /letter/i }));
    await user.click(await screen.findByRole('option', { name: 'M' }));
    await user.click(screen.getByRole('combobox', { name: /letter/i }));
    await user.click(await screen.findByRole('option', { name: 'None' }));
    expect(onLetterChange).toHaveBeenLastCalledWith('');
    expect(highlighted()).toEqual([]);
  });

  it('has a pause control for the ticker', async () => {
    const user = setupUser();
    const { container } = render(<StateBanner />);
    const root = container.firstElementChild!;
    expect(root).toHaveAttribute('data-state', 'running');
    await user.click(screen.getByRole('button', { name: 'Pause state ticker' }));
    expect(root).toHaveAttribute('data-state', 'paused');
    await user.click(screen.getByRole('button', { name: 'Play state ticker' }));
    expect(root).toHaveAttribute('data-state', 'running');
    expect(root).toHaveAttribute('data-motion', 'chosen');
  });

  it('given prefers-reduced-motion, then the ticker starts stopped', () => {
    (window as unknown as { __mediaMatches?: string[] }).__mediaMatches = [
      '(prefers-reduced-motion: reduce)',
    ];
    const { container } = render(<StateBanner />);
    expect(container.firstElementChild).toHaveAttribute('data-state', 'paused');
    expect(screen.getByRole('button', { name: 'Play state ticker' })).toBeInTheDocument();
  });

  it('passes axe closed and open', async () => {
    const user = setupUser();
    const { container } = render(<StateBanner />);
    await expectNoAxeViolations(container);
    await user.click(screen.getByRole('combobox', { name: /letter/i }));
    await expectNoAxeViolations(container);
  });
});
