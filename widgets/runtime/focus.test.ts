// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest';
import { activeIn } from './focus.ts';

afterEach(() => {
  document.body.replaceChildren();
});

it('in a shadow root, answers the focused element inside it, not its host', () => {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const button = document.createElement('button');
  const other = document.createElement('span');
  shadow.append(button, other);
  button.focus();
  expect(document.activeElement).toBe(host);
  expect(activeIn(other)).toBe(button);
});

it('on a page, answers the document’s focused element', () => {
  const input = document.createElement('input');
  const other = document.createElement('p');
  document.body.append(input, other);
  input.focus();
  expect(activeIn(other)).toBe(input);
});

it('with nothing focused in a shadow root, answers null', () => {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  const p = document.createElement('p');
  shadow.append(p);
  expect(activeIn(p)).toBeNull();
});
