/**
 * user-event for the component tests (jsdom), with its pointer-events check off.
 *
 * Before each pointer action, user-event walks from the target up to the root, asking jsdom for
 * each element's computed style, to refuse a click on an element with `pointer-events: none`. Here
 * that check can never fire: jsdom sees none of our CSS (the widgets adopt constructed stylesheets,
 * which jsdom lacks, and vitest does not load CSS files), and no component sets `pointer-events`
 * inline. Under jsdom 28 it cost about a sixth of the component tests' CPU: the components
 * project, alternated twice, 87 and 85 CPU-s with it, 70 and 74 without (247 tests passing each
 * time); in a CPU profile of the worker running ApplyForm's tests, 3.7 of its 23.2 busy seconds.
 * The browser tests click in Chromium, whose hit-testing is real.
 */
import userEvent, { PointerEventsCheckLevel, type Options } from '@testing-library/user-event';

export type User = ReturnType<typeof userEvent.setup>;

/** `userEvent.setup(options)`, the pointer-events check off unless `options` turn it on. */
export function setupUser(options: Options = {}): User {
  return userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, ...options });
}
