/**
 * Login throttling that an attacker cannot turn against the account's owner
 * (rate-limiter-flexible). Counters, each over a window:
 *
 * - attempts per client IP, on every login step (LOGIN_RATE_LIMIT per LOGIN_RATE_WINDOW_SECONDS);
 * - failed passwords per (username, client IP): past LOGIN_USER_FAILURE_LIMIT that pair waits
 *   out the window (429), and only that pair: a flood of wrong passwords for `bob` from other
 *   addresses never stops Bob at his own;
 * - failed passwords per username from anywhere, which only slow the *failures* down (a
 *   progressive delay, up to 3 s), never refuse or slow the right password;
 * - wrong second-factor codes per account, and wrong current passwords per account.
 *
 * The guarded counters take a try before the password or code is checked (`consume`, one
 * statement), and a right one is given back (`reward`, or the pair's reset): read first and
 * counted after the check, calls arriving at once were all checked before any was counted.
 *
 * With PostgreSQL the counters live in its `rate_limits` table (the library's PostgreSQL
 * store), shared by every app process; on the embedded database, in memory (one process).
 */
import pg from 'pg';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateLimit, RateLimits } from '../config.ts';
import { ERR_RATE_LIMITED } from '../api-errors.ts';

const MAX_DELAY_MS = 3_000;
/** Failures for one username (from anywhere) before failures start to be slowed. */
const DELAY_AFTER = 3;
/** Wrong second-factor codes, and wrong current passwords, per account and 15 minutes. */
const CODE_FAILURES: RateLimit = { max: 10, windowSeconds: 900 };
const CURRENT_PASSWORD_FAILURES: RateLimit = { max: 5, windowSeconds: 900 };

type Make = (prefix: string, limit: RateLimit) => RateLimiterAbstract;

function retryAfter(res: RateLimiterRes | undefined): number {
  return Math.max(1, Math.ceil((res?.msBeforeNext ?? 1000) / 1000));
}

export class LoginThrottle {
  private readonly perIp: RateLimiterAbstract;
  private readonly perPair: RateLimiterAbstract;
  private readonly perUser: RateLimiterAbstract;
  private readonly codes: RateLimiterAbstract;
  private readonly current: RateLimiterAbstract;
  private readonly pairMax: number;
  private readonly maxDelayMs: number;

  private constructor(
    make: Make,
    limits: RateLimits,
    private readonly closePool: () => Promise<void>,
  ) {
    this.pairMax = limits.loginFailuresPerUser.max;
    this.maxDelayMs = limits.loginFailureDelayMaxMs ?? MAX_DELAY_MS;
    this.perIp = make('login-ip', limits.login);
    this.perPair = make('login-pair', limits.loginFailuresPerUser);
    this.perUser = make('login-user', { max: 1_000_000, windowSeconds: 900 });
    this.codes = make('login-code', CODE_FAILURES);
    this.current = make('password-current', CURRENT_PASSWORD_FAILURES);
  }

  /** In memory (one process), or in PostgreSQL's `rate_limits` table at `databaseUrl`. */
  static create(limits: RateLimits, databaseUrl: string | undefined): LoginThrottle {
    if (!databaseUrl) {
      return new LoginThrottle(
        (keyPrefix, l) =>
          new RateLimiterMemory({ keyPrefix, points: l.max, duration: l.windowSeconds }),
        limits,
        async () => undefined,
      );
    }
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, idleTimeoutMillis: 30_000 });
    pool.on('error', () => undefined); // An idle client's error: the next query reports it.
    // A checked-out client's error (a restart mid-query): its query fails on its own; unheard,
    // the event would end the process.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return new LoginThrottle(
      (keyPrefix, l) =>
        new RateLimiterPostgres({
          storeClient: pool,
          storeType: 'pool',
          tableName: 'rate_limits',
          tableCreated: true,
          keyPrefix,
          points: l.max,
          duration: l.windowSeconds,
          // If PostgreSQL stumbles, count in memory meanwhile rather than fail logins.
          insuranceLimiter: new RateLimiterMemory({
            keyPrefix,
            points: l.max,
            duration: l.windowSeconds,
          }),
        }),
      limits,
      () => pool.end(),
    );
  }

  /** One attempt from `ip` at any login step; 429 past the per-IP allowance. */
  async attempt(ip: string): Promise<void> {
    await take(this.perIp, ip, Infinity);
  }

  /**
   * Takes one of this (username, IP) pair's tries before its password is checked: 429 once they
   * are used up. Taken first, so that passwords sent at once are counted as they arrive, not
   * after each check. Answers whether this was the pair's last try (a failure now locks it).
   */
  takePair(username: string, ip: string): Promise<boolean> {
    return take(this.perPair, pairKey(username, ip), this.pairMax);
  }

  /** Records a wrong password for the username from anywhere: how long to hold the answer back. */
  async fail(username: string): Promise<number> {
    const user = await this.perUser.penalty(username);
    const over = user.consumedPoints - DELAY_AFTER;
    return over > 0 ? Math.min(this.maxDelayMs, 250 * 2 ** (over - 1)) : 0;
  }

  /** The right password: the pair's tries start again. */
  async succeed(username: string, ip: string): Promise<void> {
    await this.perPair.delete(pairKey(username, ip));
  }

  /**
   * Takes one of the account's code tries before a code is checked: 429 once they are used up.
   * Answers whether it was the last (a wrong code now locks the account's codes).
   */
  takeCode(userId: string): Promise<boolean> {
    return take(this.codes, userId, CODE_FAILURES.max);
  }

  /** A right code, or a try that checked none: its try is given back. */
  async giveBackCode(userId: string): Promise<void> {
    await this.codes.reward(userId);
  }

  /** As takeCode, for the current password of a password change. */
  async takeCurrentPassword(userId: string): Promise<void> {
    await take(this.current, userId, CURRENT_PASSWORD_FAILURES.max);
  }

  async giveBackCurrentPassword(userId: string): Promise<void> {
    await this.current.reward(userId);
  }

  close(): Promise<void> {
    return this.closePool();
  }
}

/**
 * Takes a point of `limiter` for `key` (one statement with PostgreSQL, so calls at once each get
 * their own count): 429 past its points. Answers whether it was the point numbered `last`.
 */
async function take(limiter: RateLimiterAbstract, key: string, last: number): Promise<boolean> {
  try {
    return (await limiter.consume(key)).consumedPoints === last;
  } catch (err) {
    if (err instanceof RateLimiterRes) throw ERR_RATE_LIMITED(retryAfter(err));
    throw err;
  }
}

function pairKey(username: string, ip: string): string {
  return `${ip}|${username}`;
}
