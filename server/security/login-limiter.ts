/**
 * Failed logins per username, whatever the client IP (credential stuffing
 * from many addresses). In memory, bounded: one process's view, which is what
 * a single server has; several servers each keep their own.
 */
import type { RateLimit } from '../config.ts';

const MAX_TRACKED = 10_000;

export class LoginFailureLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly limit: RateLimit) {}

  /** Seconds until `username` may try again, or 0 if it may now. */
  retryAfter(username: string, now = Date.now()): number {
    const entry = this.failures.get(username.toLowerCase());
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.limit.max ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  fail(username: string, now = Date.now()): void {
    const key = username.toLowerCase();
    const entry = this.failures.get(key);
    if (entry && entry.resetAt > now) {
      entry.count += 1;
      return;
    }
    this.failures.delete(key);
    if (this.failures.size >= MAX_TRACKED) {
      const oldest = this.failures.keys().next();
      if (!oldest.done) this.failures.delete(oldest.value);
    }
    this.failures.set(key, { count: 1, resetAt: now + this.limit.windowSeconds * 1000 });
  }

  succeed(username: string): void {
    this.failures.delete(username.toLowerCase());
  }
}
