import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adoptParkedToken,
  browserSessionId,
  PARKED_KEY,
  startSessionLifetime,
  sweepStaleHeartbeats,
} from './session.ts';

const T0 = 1_800_000_000_000;

function deps(now: () => number) {
  return {
    session: sessionStorage,
    local: localStorage,
    target: window,
    now,
    newId: () => 'tab-1',
  };
}

describe('session lifetime (docs/PRODUCT.md)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0, toFake: ['Date', 'setInterval', 'clearInterval'] });
  });
  afterEach(() => vi.useRealTimers());

  it('gives the tab one session id, kept in session storage across refreshes', () => {
    expect(browserSessionId(deps(Date.now))).toBe('tab-1');
    expect(sessionStorage.getItem('browserSessionId')).toBe('tab-1');
    expect(browserSessionId({ session: sessionStorage, newId: () => 'other' })).toBe('tab-1');
  });

  it('writes a heartbeat at once and every 2000 ms under spartanAuth_<id>', () => {
    const stop = startSessionLifetime(deps(Date.now));
    expect(localStorage.getItem('spartanAuth_tab-1')).toBe(String(T0));
    vi.advanceTimersByTime(1999);
    expect(localStorage.getItem('spartanAuth_tab-1')).toBe(String(T0));
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem('spartanAuth_tab-1')).toBe(String(T0 + 2000));
    stop();
  });

  it('deletes other sessions’ heartbeats older than 10000 ms, keeps fresh ones and unrelated keys', () => {
    localStorage.setItem('spartanAuth_old', String(T0 - 10_001));
    localStorage.setItem('spartanAuth_edge', String(T0 - 10_000));
    localStorage.setItem('spartanAuth_garbage', 'not a time');
    localStorage.setItem('dollars', '1');
    sweepStaleHeartbeats(localStorage, 'spartanAuth_mine', T0);
    expect(localStorage.getItem('spartanAuth_old')).toBeNull();
    expect(localStorage.getItem('spartanAuth_garbage')).toBeNull();
    expect(localStorage.getItem('spartanAuth_edge')).toBe(String(T0 - 10_000));
    expect(localStorage.getItem('dollars')).toBe('1');
  });

  it('on cleanup it stops beating and removes its own key', () => {
    const stop = startSessionLifetime(deps(Date.now));
    stop();
    expect(localStorage.getItem('spartanAuth_tab-1')).toBeNull();
    vi.advanceTimersByTime(4000);
    expect(localStorage.getItem('spartanAuth_tab-1')).toBeNull();
  });

  it('on unload without a recent beforeunload (the tab closes), the token is removed', () => {
    sessionStorage.setItem('authToken', 'tok');
    const stop = startSessionLifetime(deps(Date.now));
    window.dispatchEvent(new Event('unload'));
    expect(sessionStorage.getItem('authToken')).toBeNull();
    stop();
  });

  it('on unload within 100 ms of a beforeunload (a refresh), the token is kept; after 100 ms it is not', () => {
    sessionStorage.setItem('authToken', 'tok');
    let now = T0;
    const stop = startSessionLifetime(deps(() => now));
    window.dispatchEvent(new Event('beforeunload'));
    now += 100;
    window.dispatchEvent(new Event('unload'));
    expect(sessionStorage.getItem('authToken')).toBe('tok');
    window.dispatchEvent(new Event('beforeunload'));
    now += 101;
    window.dispatchEvent(new Event('unload'));
    expect(sessionStorage.getItem('authToken')).toBeNull();
    stop();
  });

  it('a page that unloads after 100 ms parks the token, and the page that replaced it takes it back', () => {
    sessionStorage.setItem('authToken', 'tok');
    let now = T0;
    const stop = startSessionLifetime(deps(() => now));
    // A refresh from a slow server: the navigation starts at beforeunload, the page unloads
    // once the new page's response has arrived, 400 ms later.
    window.dispatchEvent(new Event('beforeunload'));
    const navigationStart = now;
    now += 400;
    window.dispatchEvent(new Event('unload'));
    stop();
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(JSON.parse(sessionStorage.getItem(PARKED_KEY)!)).toEqual({ token: 'tok', at: T0 + 400 });
    adoptParkedToken(sessionStorage, navigationStart);
    expect(sessionStorage.getItem('authToken')).toBe('tok');
    expect(sessionStorage.getItem(PARKED_KEY)).toBeNull();
  });

  it('a tab restored after its page unloaded does not take the parked token back', () => {
    sessionStorage.setItem(PARKED_KEY, JSON.stringify({ token: 'tok', at: T0 }));
    adoptParkedToken(sessionStorage, T0 + 101);
    expect(sessionStorage.getItem('authToken')).toBeNull();
    expect(sessionStorage.getItem(PARKED_KEY)).toBeNull();
    // Damaged or foreign values are dropped too.
    for (const value of ['not json', '{"token":1,"at":0}', 'null']) {
      sessionStorage.setItem(PARKED_KEY, value);
      adoptParkedToken(sessionStorage, T0);
      expect(sessionStorage.getItem('authToken')).toBeNull();
      expect(sessionStorage.getItem(PARKED_KEY)).toBeNull();
    }
    // At the edge of the window (the navigation began 100 ms after the unload), it is taken.
    sessionStorage.setItem(PARKED_KEY, JSON.stringify({ token: 'tok', at: T0 }));
    adoptParkedToken(sessionStorage, T0 + 100);
    expect(sessionStorage.getItem('authToken')).toBe('tok');
  });
});
