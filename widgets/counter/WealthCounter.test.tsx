import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../tests/axe.ts';
import { WealthCounter } from './WealthCounter.tsx';

const NOW = Date.parse('2026-11-21T00:00:00Z'); // $58,833,333.33 since the default start
const digits = () => document.querySelector('.spartan-counter__digits')?.textContent;

describe('WealthCounter', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      now: NOW,
      toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    delete (window as unknown as { __mediaMatches?: string[] }).__mediaMatches;
  });

  it('given the default start, then it shows the padded amount with the two wide-only digits', () => {
    render(<WealthCounter />);
    expect(digits()).toBe('$00,000,058,833,333.33');
    expect(screen.getByText('00,')).toHaveClass('spartan-counter__lead');
    expect(screen.getByText('$58,833,333.33')).toHaveClass('spartan-visually-hidden');
  });

  it('when a second passes, then it has grown by about 96 cents, computed from the clock', () => {
    render(<WealthCounter />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    // 1000 ms / 10.368 ms per cent = 96.45 → 96 cents
    expect(digits()).toBe('$00,000,058,833,334.29');
  });

  it('when the timer fires late, then the value still matches the clock (no drift)', () => {
    render(<WealthCounter />);
    act(() => {
      vi.setSystemTime(NOW + 60_000); // the tab slept for a minute
      vi.advanceTimersByTime(1000);
    });
    // 61 s / 0.010368 s = 5883.5 → 5883 cents
    expect(digits()).toBe('$00,000,058,833,392.16');
  });

  it('given a start-date, then it counts from there', () => {
    render(<WealthCounter startDate="2026-11-20T00:00:00Z" />);
    // one day: 86400 / 0.010368 = 8,333,333 cents
    expect(digits()).toBe('$00,000,000,083,333.33');
  });

  it('given an invalid start-date, then it falls back to the default', () => {
    render(<WealthCounter startDate="soon" />);
    expect(digits()).toBe('$00,000,058,833,333.33');
  });

  it('restores the last shown value from local storage when it is ahead of the clock', () => {
    localStorage.setItem('selectedDate', '2024-12-15T00:00:00.000Z');
    localStorage.setItem('dollars', '60000000');
    localStorage.setItem('cents', '42');
    render(<WealthCounter remember />);
    expect(digits()).toBe('$00,000,060,000,000.42');
  });

  it('given a stored selectedDate and no start-date, then it counts from the stored date', () => {
    localStorage.setItem('selectedDate', '2026-11-20T00:00:00.000Z');
    render(<WealthCounter remember />);
    expect(digits()).toBe('$00,000,000,083,333.33');
    expect(localStorage.getItem('selectedDate')).toBe('2026-11-20T00:00:00.000Z');
  });

  it('given a start-date, then a stored selectedDate neither replaces it nor is replaced', () => {
    localStorage.setItem('selectedDate', '2026-11-20T00:00:00.000Z');
    render(<WealthCounter remember startDate="2024-12-15T00:00:00Z" />);
    expect(digits()).toBe('$00,000,058,833,333.33');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(localStorage.getItem('selectedDate')).toBe('2026-11-20T00:00:00.000Z');
  });

  it('given no remember (a partner page, the library), then storage is neither read nor written', () => {
    localStorage.setItem('selectedDate', '2026-11-20T00:00:00.000Z');
    localStorage.setItem('dollars', '1');
    render(<WealthCounter />);
    expect(digits()).toBe('$00,000,058,833,333.33');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(localStorage.getItem('selectedDate')).toBe('2026-11-20T00:00:00.000Z');
    expect(localStorage.getItem('dollars')).toBe('1');
    expect(localStorage.getItem('cents')).toBeNull();
  });

  it('tolerates garbage in local storage and writes the spec keys', () => {
    localStorage.setItem('selectedDate', '{{garbage');
    localStorage.setItem('dollars', 'NaN');
    render(<WealthCounter remember />);
    expect(digits()).toBe('$00,000,058,833,333.33');
    expect(localStorage.getItem('dollars')).toBe('58833333');
    expect(localStorage.getItem('cents')).toBe('33');
    expect(localStorage.getItem('selectedDate')).toBe('2024-12-15T00:00:00.000Z');
  });

  it('when paused, then it stops updating; when resumed, it catches up with the clock', () => {
    render(<WealthCounter />);
    fireEvent.click(screen.getByRole('button', { name: 'Pause counter' }));
    const frozen = digits();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(digits()).toBe(frozen);
    fireEvent.click(screen.getByRole('button', { name: 'Resume counter' }));
    act(() => {
      vi.advanceTimersByTime(10);
    });
    // caught up at once on resume, 5 s after the start: 5000 / 10.368 = 482 cents more
    expect(digits()).toBe('$00,000,058,833,338.15');
  });

  it('given prefers-reduced-motion, then it starts paused and can be resumed', () => {
    (window as unknown as { __mediaMatches?: string[] }).__mediaMatches = [
      '(prefers-reduced-motion: reduce)',
    ];
    render(<WealthCounter />);
    expect(screen.getByRole('button', { name: 'Resume counter' })).toBeInTheDocument();
    expect(screen.getByRole('group')).toHaveAttribute('data-state', 'paused');
  });

  it('is a labelled group that is not a live region, and passes axe', async () => {
    render(<WealthCounter />);
    const group = screen.getByRole('group', { name: 'The Private Spartan Wealth Fund' });
    expect(group).not.toHaveAttribute('aria-live');
    expect(group.querySelector('[aria-live]')).toBeNull();
    vi.useRealTimers();
    await expectNoAxeViolations(group);
  });
});
