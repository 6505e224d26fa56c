import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as shared from '../../widgets/shared.ts';
import { fakeClientPerTest } from '../../tests/http-fakes.ts';
import { ACCOUNT_PATHS } from '../../schemas/api-paths.ts';
import { SessionWatch } from './SessionWatch.tsx';
import { authState, loginFulfilled } from './store.ts';

const client = fakeClientPerTest(shared);

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(NOW + ms).toISOString();

/**
 * The session read's answer, dated at the start: seen now, its token ending after `tokenMs`, idle
 * end in 30 minutes, absolute end in 8 hours; with who is logged in when given.
 */
const answerAtStart = (tokenMs: number, user?: object) => ({
  data: {
    ...(user ? { user } : {}),
    session: {
      expires_at: at(tokenMs),
      idle_expires_at: at(30 * MINUTE),
      last_seen_at: at(0),
      absolute_expires_at: at(8 * 60 * MINUTE),
    },
  },
  headers: { date: new Date(NOW).toUTCString() },
});

/** How often the page has read the session. */
const sessionReads = () =>
  client.get.mock.calls.filter(([url]) => url === ACCOUNT_PATHS.session).length;

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('given a token that ends before the idle end, then the warning comes two minutes before the token ends', async () => {
  // The token ends in 10 minutes, the idle end is in 30, the absolute end in 8 hours.
  client.get.mockResolvedValue(answerAtStart(10 * MINUTE));
  render(<SessionWatch />);
  await act(() => vi.advanceTimersByTimeAsync(0));
  expect(client.get).toHaveBeenCalledWith(ACCOUNT_PATHS.session, expect.anything());

  await act(() => vi.advanceTimersByTimeAsync(8 * MINUTE - 1000));
  expect(screen.queryByRole('alertdialog')).toBeNull();
  await act(() => vi.advanceTimersByTimeAsync(2000));
  const dialog = screen.getByRole('alertdialog', { name: 'Your session is about to end' });
  const end = new Date(NOW + 10 * MINUTE).toLocaleTimeString(undefined, {
    hour: 'numeric',
    minute: '2-digit',
  });
  expect(dialog).toHaveTextContent(`you will be logged out at ${end}, in less than two minutes`);
  expect(screen.getByRole('button', { name: 'Stay logged in' })).toBeInTheDocument();
});

describe('when the time is up here', () => {
  const session = {
    expires_at: at(12 * 60 * MINUTE),
    idle_expires_at: at(30 * MINUTE),
    last_seen_at: at(0),
    absolute_expires_at: at(8 * 60 * MINUTE),
  };
  /** The server's answer, dated when it is given (its clock and the page's agree). */
  const reply = (times: typeof session) => () =>
    Promise.resolve({ data: { session: times }, headers: { date: new Date().toUTCString() } });

  beforeEach(() => {
    loginFulfilled(authState, { access: 'token-1', user: null });
  });

  it.each([
    [
      'the server still counts it (its slack of 30 s)',
      () => client.get.mockImplementation(reply(session)),
    ],
    [
      'the server cannot be reached',
      () =>
        client.get
          .mockImplementationOnce(reply(session))
          .mockRejectedValue(new Error('Network Error')),
    ],
  ])(
    'given %s, then it asks once, and the session ends here at the announced time',
    async (_, set) => {
      set();
      render(<SessionWatch />);
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(sessionReads()).toBe(1);
      // Past the local end (30 minutes less the slack), and a further minute.
      await act(() => vi.advanceTimersByTimeAsync(30 * MINUTE));
      expect(sessionReads()).toBe(2);
      expect(authState.isAuthenticated).toBe(false);
      await act(() => vi.advanceTimersByTimeAsync(MINUTE));
      expect(sessionReads()).toBe(2);
    },
  );

  it('given activity in another tab meanwhile (the server saw it), then the session goes on, and the warning comes before its new end', async () => {
    client.get
      .mockImplementationOnce(reply(session))
      .mockImplementation(
        reply({ ...session, idle_expires_at: at(50 * MINUTE), last_seen_at: at(20 * MINUTE) }),
      );
    render(<SessionWatch />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await act(() => vi.advanceTimersByTimeAsync(30 * MINUTE));
    expect(sessionReads()).toBe(2);
    expect(authState.isAuthenticated).toBe(true);
    // Its new local end: 20 + 30 minutes less the slack; the warning two minutes before.
    await act(() => vi.advanceTimersByTimeAsync(18 * MINUTE));
    expect(
      screen.getByRole('alertdialog', { name: 'Your session is about to end' }),
    ).toBeInTheDocument();
    expect(sessionReads()).toBe(2);
  });
});

describe('when the first read gets no answer (offline, the server down)', () => {
  it('given a reload (who is logged in is not known yet), then it is tried again, less and less often, until it answers, and then not again', async () => {
    loginFulfilled(authState, { access: 'token-1', user: null });
    const user = { id: 'u1', username: 'ada', role: 'admin', name: 'Ada' };
    client.get
      .mockRejectedValueOnce(new Error('Network Error'))
      .mockRejectedValueOnce({ response: { status: 503 } })
      .mockResolvedValue(answerAtStart(60 * MINUTE, user));
    render(<SessionWatch />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(sessionReads()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(sessionReads()).toBe(2);
    expect(authState.user).toBeNull();
    // The next try waits twice as long.
    await act(() => vi.advanceTimersByTimeAsync(3900));
    expect(sessionReads()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(sessionReads()).toBe(3);
    expect(authState.user).toEqual(user);
    await act(() => vi.advanceTimersByTimeAsync(10 * MINUTE));
    expect(sessionReads()).toBe(3);
    // The times it answered are kept: the warning comes two minutes before the idle end.
    await act(() => vi.advanceTimersByTimeAsync(18 * MINUTE - 30_000));
    expect(screen.getByRole('alertdialog', { name: 'Your session is about to end' })).toBeVisible();
  });
});
