/**
 * The password worker (plain JavaScript so that it starts under node, tsx and vitest alike).
 * Everything slow about passwords runs here, on this thread, synchronously: argon2id, the
 * legacy scrypt check, and the strength estimate. Nothing of it touches libuv's thread pool,
 * which static files, the database driver and DNS need (server/security/hash-pool.ts).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';

// A lower CPU priority for this thread only (nice 10): when cores are scarce, the main thread
// (pages, widget files, token checks) runs first and hashing waits. Linux names a thread by
// /proc/thread-self; elsewhere the thread keeps the default priority.
try {
  const tid = Number(fs.readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) os.setPriority(tid, 10);
} catch {
  // Not Linux, or not permitted: the gate alone bounds hashing.
}

/**
 * The strength estimate reads a password's first 64 characters (UTF-16 units); a password must be
 * strong within them. The estimate's work grows faster than the length, most of all on digits
 * (dates, sequences): on the bench machine, 64 random digits take about 0.8 s of a worker, the
 * library's default of 256 about 3 s, and 1,024 (our longest password) 5 s, during which the
 * worker checks no login.
 */
const ESTIMATED_LENGTH = 64;
/** @type {ZxcvbnFactory | undefined} */
let zxcvbn;
const estimator = () =>
  (zxcvbn ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    maxLength: ESTIMATED_LENGTH,
  }));

/** `scrypt$<log2 N>$<r>$<p>$<salt b64>$<key b64>`, as the server stored them before argon2id. */
function verifyScrypt(password, stored) {
  const parts = stored.split('$');
  if (parts.length !== 6) return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number);
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 20 || r > 32 || p > 16) {
    return false;
  }
  const salt = Buffer.from(parts[4] ?? '', 'base64');
  const expected = Buffer.from(parts[5] ?? '', 'base64');
  if (expected.length === 0) return false;
  const key = crypto.scryptSync(password, salt, expected.length, {
    N: 2 ** logN,
    r,
    p,
    maxmem: 128 * 2 ** logN * r + 32 * 1024 * 1024,
  });
  return crypto.timingSafeEqual(key, expected);
}

const operations = {
  hash: ({ password, options }) => hashSync(password, options),
  verify: ({ password, stored, options }) => {
    if (stored.startsWith('scrypt$')) return verifyScrypt(password, stored);
    if (!stored.startsWith('$argon2')) {
      // No hash (an account waiting for its setup link): the same work, then no.
      hashSync(password, options);
      return false;
    }
    return verifySync(stored, password);
  },
  strength: ({ password, userInputs }) => estimator().check(password, userInputs).score,
};

parentPort?.on('message', ({ id, op, args }) => {
  try {
    parentPort?.postMessage({ id, result: operations[op](args) });
  } catch (err) {
    parentPort?.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
