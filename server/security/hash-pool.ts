/**
 * A bounded gate in front of the password worker threads (./hash-worker.js).
 *
 * At most `size` password operations run at once, each on a worker thread of its own, so
 * hashing never occupies libuv's thread pool (which @node-rs/argon2's async calls and
 * node:crypto's async scrypt would: static files and the database driver would queue
 * behind them). At most `queue` more wait their turn; past that, `run` refuses at once with
 * 503 and Retry-After, instead of letting a login flood grow an unbounded backlog.
 *
 * Hand-written (about sixty lines) rather than a worker-pool package: what matters here is
 * the refusal when full, which is this file's whole job.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import { ERR_BUSY } from '../api-errors.ts';

export interface HashPoolOptions {
  /** Worker threads, i.e. operations at once. */
  size: number;
  /** Operations allowed to wait when every worker is busy. */
  queue: number;
}

export function defaultHashPoolOptions(env: NodeJS.ProcessEnv = process.env): HashPoolOptions {
  const cores = os.availableParallelism();
  const size = Number(env.HASH_CONCURRENCY) || Math.max(1, Math.min(4, Math.floor(cores / 2)));
  return { size, queue: Number(env.HASH_QUEUE) || size * 8 };
}

type Op = 'hash' | 'verify' | 'strength';
interface Job {
  op: Op;
  args: object;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}
interface Slot {
  worker: Worker;
  job: Job | undefined;
}

/** The worker's script, beside this module (scripts/build-server.ts copies it beside its own). */
export const WORKER = new URL('./hash-worker.js', import.meta.url);

export class HashPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  private closed = false;

  constructor(private readonly options: HashPoolOptions) {}

  /** Runs one operation on a worker; 503 (ERR_BUSY) when the gate is full. */
  run<T>(op: Op, args: object): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The password workers are stopped'));
    return new Promise<T>((resolve, reject) => {
      const job: Job = { op, args, resolve: resolve as (value: unknown) => void, reject };
      const free = this.freeSlot();
      if (free) this.start(free, job);
      else if (this.waiting.length < this.options.queue) this.waiting.push(job);
      else reject(ERR_BUSY());
    });
  }

  /** True when a new operation would be refused now (every worker busy, waiting room full). */
  get full(): boolean {
    return (
      this.slots.length >= this.options.size &&
      this.slots.every((s) => s.job) &&
      this.waiting.length >= this.options.queue
    );
  }

  /** Operations running or waiting. */
  get load(): number {
    return this.slots.filter((s) => s.job).length + this.waiting.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('Server closing'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
    this.slots.length = 0;
  }

  private freeSlot(): Slot | undefined {
    const idle = this.slots.find((s) => !s.job);
    if (idle || this.slots.length >= this.options.size) return idle;
    const slot: Slot = { worker: new Worker(WORKER), job: undefined };
    slot.worker.on('message', (message: { result?: unknown; error?: string }) => {
      const job = slot.job;
      slot.job = undefined;
      if (message.error !== undefined) job?.reject(new Error(message.error));
      else job?.resolve(message.result);
      const next = this.waiting.shift();
      if (next) this.start(slot, next);
    });
    slot.worker.on('error', (err) => {
      // A crashed worker: fail its job, replace the thread at the next call.
      slot.job?.reject(err);
      slot.job = undefined;
      this.slots.splice(this.slots.indexOf(slot), 1);
      const next = this.waiting.shift();
      if (next) {
        const replacement = this.freeSlot();
        if (replacement) this.start(replacement, next);
        else this.waiting.unshift(next);
      }
    });
    this.slots.push(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.postMessage({ id: 0, op: job.op, args: job.args });
  }
}
