/**
 * The npm library in a server-rendered React app: each component rendered with renderToString,
 * then hydrated over that HTML in the browser, as Next.js or Remix would, with the visitor's
 * browser differing from the server (reduced motion on, a stored counter value, a later clock).
 * Hydration must succeed with nothing logged: no mismatch, no warning.
 */
import { act, fireEvent, waitFor } from '@testing-library/react';
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as lib from './index.ts';

const media = window as unknown as { __mediaMatches?: string[] };

// Browsers start a parsed <video muted> muted (its `muted` property follows the attribute until
// set); jsdom does not, which React's hydration check would take for a mismatch.
const mutedState = new WeakMap<HTMLMediaElement, boolean>();
Object.defineProperty(HTMLMediaElement.prototype, 'muted', {
  configurable: true,
  get(this: HTMLMediaElement) {
    return mutedState.get(this) ?? this.hasAttribute('muted');
  },
  set(this: HTMLMediaElement, value: boolean) {
    mutedState.set(this, value);
  },
});
afterEach(() => {
  delete media.__mediaMatches;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** The server-calling components under one provider, as an app configures them. */
function ServedApp() {
  return createElement(
    lib.SpartanProvider,
    { server: 'https://spartans.example' },
    createElement(lib.Explainers),
    createElement(lib.HubMap),
    createElement(lib.ApplyForm),
    createElement(lib.InvestForm),
    createElement(lib.LoginForm),
  );
}

const cases: Array<[string, ComponentType<Record<string, unknown>>, Record<string, unknown>]> = [
  ['WealthCounter', lib.WealthCounter as ComponentType, { startDate: '2025-01-01T00:00:00Z' }],
  ['StateBanner', lib.StateBanner as ComponentType, {}],
  ['Explainers', lib.Explainers as ComponentType, { mediaBase: 'https://spartans.example' }],
  ['HubMap', lib.HubMap as ComponentType, { geoUrl: 'https://spartans.example/geo.json' }],
  ['ApplyForm', lib.ApplyForm as ComponentType, { apiBase: 'https://spartans.example' }],
  ['InvestForm', lib.InvestForm as ComponentType, { apiBase: 'https://spartans.example' }],
  ['LoginForm', lib.LoginForm as ComponentType, { apiBase: 'https://spartans.example' }],
  ['SpartanProvider', ServedApp, {}],
];

describe('server render, then hydration in the browser', () => {
  it.each(cases)('%s hydrates with nothing logged', async (_name, Component, props) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    const html = renderToString(createElement(Component, props));
    // The visitor's browser: another second, reduced motion, a value this browser showed before.
    vi.setSystemTime(new Date('2026-03-01T10:00:07Z'));
    media.__mediaMatches = ['(prefers-reduced-motion: reduce)'];
    const logged: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args) => logged.push(args));
    vi.spyOn(console, 'warn').mockImplementation((...args) => logged.push(args));
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, createElement(Component, props), {
        onRecoverableError: (error) => errors.push(error),
      });
    });
    expect(errors).toEqual([]);
    expect(logged).toEqual([]);
    expect(container.textContent).not.toBe('');
  });
});

describe('typed into the server-rendered markup before hydration', () => {
  /** Server-renders `element`, lets `fill` type into the markup, then hydrates it. */
  async function hydrateAfter(
    element: ReturnType<typeof createElement>,
    fill: (field: (name: string, value?: string) => HTMLInputElement) => void,
    elsewhere = 'location',
  ) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(element);
    document.body.append(container);
    const field = (name: string, value?: string) =>
      container.querySelector<HTMLInputElement>(
        `[name="${name}"]${value === undefined ? '' : `[value="${value}"]`}`,
      )!;
    fill(field);
    await act(async () => {
      hydrateRoot(container, element);
    });
    // Typing elsewhere renders the form again: what its state holds is written to every field.
    await act(async () => {
      fireEvent.change(field(elsewhere), { target: { value: 'Boston' } });
    });
    return field;
  }
  const served = { apiBase: 'https://spartans.example' };

  it('given the investor form, then its texts, choice, message and certification are kept', async () => {
    const field = await hydrateAfter(createElement(lib.InvestForm, served), (f) => {
      f('fullname').value = 'Ada Lovelace';
      f('message').value = 'Typed early';
      f('accreditation', 'license').checked = true;
      f('certify').checked = true;
    });
    expect(field('fullname').value).toBe('Ada Lovelace');
    expect(field('message').value).toBe('Typed early');
    expect(field('accreditation', 'license').checked).toBe(true);
    expect(field('certify').checked).toBe(true);
    expect(field('location').value).toBe('Boston');
  });

  it('given the staff login, then the username is kept', async () => {
    const field = await hydrateAfter(
      createElement(lib.LoginForm, served),
      (f) => (f('username').value = 'ada'),
      'password',
    );
    expect(field('username').value).toBe('ada');
    expect(field('password').value).toBe('Boston');
  });

  it('given the Spartan application, then its texts, choices and résumé are kept', async () => {
    const resume = new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' });
    const field = await hydrateAfter(createElement(lib.ApplyForm, served), (f) => {
      f('fullname').value = 'Ada Lovelace';
      (f('gender') as unknown as HTMLSelectElement).value = 'Other';
      Object.defineProperty(f('resume'), 'files', { value: [resume] });
    });
    expect(field('fullname').value).toBe('Ada Lovelace');
    expect(field('gender').value).toBe('Other');
    // The résumé is the form's: a submit now finds the fields left empty, and not the résumé.
    await act(async () => {
      fireEvent.submit(field('fullname').form!);
    });
    await waitFor(() => expect(field('date_of_birth')).toHaveAttribute('aria-invalid', 'true'));
    expect(field('fullname')).not.toHaveAttribute('aria-invalid');
    expect(field('resume')).not.toHaveAttribute('aria-invalid');
  });
});
