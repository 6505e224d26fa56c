import { describe, expect, it } from 'vitest';
import { breakpointWidths, emblaDuration, perViewFor } from './layout.ts';

const VIDEO_BREAKPOINTS = [
  { minWidth: 464, slidesPerView: 2 },
  { minWidth: 1024, slidesPerView: 3 },
];

describe('carousel layout', () => {
  it('picks slides per view from the widest matching breakpoint, 1 below all', () => {
    expect(breakpointWidths(VIDEO_BREAKPOINTS)).toEqual([464, 1024]);
    expect(perViewFor(VIDEO_BREAKPOINTS, (w) => w <= 1440)).toBe(3);
    expect(perViewFor(VIDEO_BREAKPOINTS, (w) => w <= 1024)).toBe(3);
    expect(perViewFor(VIDEO_BREAKPOINTS, (w) => w <= 1023)).toBe(2);
    expect(perViewFor(VIDEO_BREAKPOINTS, (w) => w <= 464)).toBe(2);
    expect(perViewFor(VIDEO_BREAKPOINTS, (w) => w <= 463)).toBe(1);
    expect(perViewFor(4, () => false)).toBe(4);
    expect(perViewFor(0, () => false)).toBe(1);
  });

  it('maps a transition time to an embla duration (400 ms near its default of 25)', () => {
    expect(emblaDuration(0)).toBe(0);
    expect(emblaDuration(400)).toBe(21);
    expect(emblaDuration(500)).toBe(26);
    expect(emblaDuration(1000)).toBeGreaterThan(emblaDuration(500));
  });
});
