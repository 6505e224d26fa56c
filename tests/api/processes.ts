/**
 * Runs the real server entry (server/main.ts) and the staff CLI as child processes: compiled
 * (tests/api/compiled.ts), or from their sources under tsx as `npm start` and `npm run staff` do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  proc: ChildProcess;
  url: string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Everything the server wrote to stderr so far (to name why it exited as it did). */
  stderr: () => string;
  /** What it wrote to stdout until it was ready (the metrics' address among it). */
  stdout: string;
}

/**
 * Node flags of every test process: the workers (vitest.config.ts) and what they start here.
 * WebAssembly (PGlite's PostgreSQL) is compiled with V8's baseline compiler only. Without the flag
 * V8 also recompiles the hot functions with its optimising compiler on background threads: CPU a
 * server running for days wins back, a process living for seconds does not (a staff command cost
 * about 5 CPU-s instead of 3). What runs is the same code. The unit lane, one run after the other
 * on a quiet machine: 599 CPU-s (319 s) without the flag, 470 CPU-s (242 s) with it, 932 tests
 * passing. (A pair of whole `npm test` runs showed no such saving: measure the suite's speed on
 * interleaved full runs.)
 */
export const TEST_NODE_FLAGS = ['--liftoff-only'];

/**
 * One node process (no tsx wrapper process), so a signal reaches the server itself. A TypeScript
 * `script` runs under tsx's loader; a compiled one (tests/api/compiled.ts) as it is, its stack
 * traces mapped back to the sources.
 */
export function node(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  return spawn(process.execPath, [...TEST_NODE_FLAGS, ...loader, script, ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** Starts `script` (the server: usually `compiled().main`) and resolves once it listens. */
export function startServer(script: string, env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const proc = node(script, [], { HOST: '127.0.0.1', PORT: '0', ...env });
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => resolve(code)),
  );
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    let ready = false;
    proc.stdout?.on('data', (chunk: Buffer) => {
      if (ready) return; // Keep draining the pipe, stop collecting (request logs can be many).
      out += chunk.toString();
      const match = /ready on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        ready = true;
        resolve({ proc, url: match[1], exited, stderr: () => err, stdout: out });
      }
    });
    proc.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
    });
    void exited.then((code) => reject(new Error(`server exited (${code}): ${err || out}`)));
  });
}

/** Runs a command to its end: exit code and output. */
export function run(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  stdin = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = node(script, args, env);
  let stdout = '';
  let stderr = '';
  proc.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  proc.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  proc.stdin?.end(stdin);
  return new Promise((resolve) => proc.once('exit', (code) => resolve({ code, stdout, stderr })));
}
