import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import * as shared from '../../../widgets/shared.ts';
import { fakeClientPerTest } from '../../../tests/http-fakes.ts';
import { ACCOUNT_PATHS } from '../../../schemas/api-paths.ts';
import { SessionWatch } from './SessionWatch.tsx';

const client = fakeClientPerTest(shared);

const NOW = Date.parse('2026-11-26T10:00:00.000Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(NOW + ms).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('given a token that ends before the idle end, then the warning comes two minutes before the token ends', async () => {
  // The token ends in 10 minutes, the idle end is in 30, the absolute end in 8 hours.
  client.get.mockResolvedValue({
    data: {
      session: {
        expires_at: at(10 * MINUTE),
        idle_expires_at: at(30 * MINUTE),
        last_seen_at: at(0),
        absolute_expires_at: at(8 * 60 * MINUTE),
      },
    },
    headers: { date: new Date(NOW).toUTCString() },
  });
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
