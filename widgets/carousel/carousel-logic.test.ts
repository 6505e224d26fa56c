import { describe, expect, it } from 'vitest';
import {
  breakpointWidths,
  canMove,
  emblaDuration,
  geometry,
  isShortDrag,
  moveBy,
  perViewFor,
  snapCount,
  visibleSlides,
} from './carousel-logic.ts';

const VIDEO_BREAKPOINTS = [
  { minWidth: 464, slidesPerView: 2 },
  { minWidth: 1024, slidesPerView: 3 },
];

describe('carousel logic', () => {
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

  it('has one position per slide when looping, trimmed positions otherwise', () => {
    expect(snapCount(geometry(6, 3, 1, true))).toBe(6);
    expect(snapCount(geometry(6, 3, 1, false))).toBe(4);
    expect(snapCount(geometry(6, 2, 2, true))).toBe(3);
    expect(snapCount(geometry(5, 2, 2, false))).toBe(3);
    // no loop when everything fits in one view
    expect(geometry(3, 3, 1, true).loop).toBe(false);
    expect(snapCount(geometry(3, 3, 1, true))).toBe(1);
  });

  it('wraps moves when looping and clamps them otherwise', () => {
    const looping = geometry(6, 3, 1, true);
    expect(moveBy(looping, 5, 1)).toBe(0);
    expect(moveBy(looping, 0, -1)).toBe(5);
    const bounded = geometry(6, 3, 1, false);
    expect(moveBy(bounded, 3, 1)).toBe(3);
    expect(moveBy(bounded, 0, -1)).toBe(0);
    expect(canMove(bounded, 0, -1)).toBe(false);
    expect(canMove(bounded, 3, 1)).toBe(false);
    expect(canMove(looping, 0, -1)).toBe(true);
    expect(canMove(geometry(1, 1, 1, true), 0, 1)).toBe(false);
  });

  it('lists the slides a position shows, wrapping around when looping', () => {
    expect([...visibleSlides(geometry(6, 3, 1, true), 5)]).toEqual([5, 0, 1]);
    expect([...visibleSlides(geometry(6, 3, 1, false), 3)]).toEqual([3, 4, 5]);
    expect([...visibleSlides(geometry(6, 1, 1, true), 2)]).toEqual([2]);
  });

  it('maps a transition time to an embla duration (400 ms near its default of 25)', () => {
    expect(emblaDuration(0)).toBe(0);
    expect(emblaDuration(400)).toBe(21);
    expect(emblaDuration(500)).toBe(26);
    expect(emblaDuration(1000)).toBeGreaterThan(emblaDuration(500));
  });

  it('treats drags under the minimum as too short to change slide', () => {
    expect(isShortDrag(79, 80)).toBe(true);
    expect(isShortDrag(-79, 80)).toBe(true);
    expect(isShortDrag(80, 80)).toBe(false);
    expect(isShortDrag(-120, 80)).toBe(false);
  });
});
