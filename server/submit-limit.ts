/**
 * The public submissions' rate limit (apply, invest): SUBMIT_RATE_LIMIT per client IP and
 * window, for each call. With PostgreSQL the counters live in its `rate_limits` table
 * (rate-limiter-flexible's PostgreSQL store, on a small pool that does not wait for WAL flushes:
 * a crash may forget a few counts), so every app process counts
 * together: a client cannot multiply its allowance by the number of processes behind the proxy.
 * On the embedded database (one process), in memory. Checked when the request arrives, before
 * its body is read.
 */
import type pg from 'pg';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { RateLimit } from './config.ts';
import { asyncCommitPool } from './db/index.ts';
import { ERR_RATE_LIMITED } from './api-errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The submissions' rate limit: `onRequest: app.submitLimiter.hook('apply')`. */
    submitLimiter: SubmitLimiter;
  }
}

export type SubmitCall = 'apply' | 'invest';

export class SubmitLimiter {
  private readonly limiters = new Map<SubmitCall, RateLimiterAbstract>();

  private readonly pool: pg.Pool | undefined;

  constructor(
    private readonly limit: RateLimit,
    databaseUrl: string | undefined,
  ) {
    this.pool = databaseUrl ? asyncCommitPool(databaseUrl, 4) : undefined;
  }

  async close(): Promise<void> {
    await this.pool?.end();
  }

  private limiter(call: SubmitCall): RateLimiterAbstract {
    let limiter = this.limiters.get(call);
    if (!limiter) {
      const keyPrefix = `submit-${call}`;
      const options = { keyPrefix, points: this.limit.max, duration: this.limit.windowSeconds };
      limiter = this.pool
        ? new RateLimiterPostgres({
            ...options,
            storeClient: this.pool,
            storeType: 'pool',
            tableName: 'rate_limits',
            tableCreated: true,
            // The login throttle's limiters already clear expired rows of this table.
            clearExpiredByTimeout: false,
          })
        : new RateLimiterMemory(options);
      this.limiters.set(call, limiter);
    }
    return limiter;
  }

  /** The hook for one call: 429 with Retry-After past the allowance. */
  hook(call: SubmitCall): onRequestAsyncHookHandler {
    const limiter = this.limiter(call);
    return async (request) => {
      try {
        await limiter.consume(request.ip);
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          throw ERR_RATE_LIMITED(Math.max(1, Math.ceil(err.msBeforeNext / 1000)));
        }
        throw err; // The store failed: the database is unavailable (503).
      }
    };
  }
}

/** `app.submitLimiter` ('submit-limits'), in PostgreSQL when there is one; closed with the app. */
export const submitLimits = fp(
  async (
    app: FastifyInstance,
    { limit, databaseUrl }: { limit: RateLimit; databaseUrl: string | undefined },
  ) => {
    const limiter = new SubmitLimiter(limit, databaseUrl);
    app.addHook('onClose', () => limiter.close());
    app.decorate('submitLimiter', limiter);
  },
  { name: 'submit-limits' },
);
