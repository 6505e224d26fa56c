/** The mail queue's backoff (docs/DESK.md, "Mail"); the queue itself is tested in tests/api/mail/mailer.suite.ts. */
import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelayMs } from './mailer.ts';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

describe('retryDelayMs', () => {
  it('given failed attempts, then the delay starts at 30 s and doubles each time', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual(
      [30, 60, 120, 240, 480].map((s) => s * SECOND),
    );
  });

  it('given many failures, then the delay stops at 6 hours', () => {
    // 30 s · 2^9 = 4 h 16 min; 30 s · 2^10 would be 8 h 32 min.
    expect(retryDelayMs(10)).toBe(256 * 60 * SECOND);
    expect(retryDelayMs(11)).toBe(6 * HOUR);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBe(6 * HOUR);
    expect(retryDelayMs(1000)).toBe(6 * HOUR);
  });

  it('given every attempt, then the retries span about two days before the mail is dropped', () => {
    let total = 0;
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) total += retryDelayMs(attempt);
    expect(total).toBeGreaterThan(36 * HOUR);
    expect(total).toBeLessThan(60 * HOUR);
  });
});
