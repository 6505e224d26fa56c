/**
 * Test helpers for the flows (imported by tests only): a stand-in for the
 * axios instance that `httpClient` resolves to, axios-shaped errors, and spies on a module's
 * exports for the length of each test.
 */
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import type * as Http from '../widgets/internal/http.ts';

/** A module exporting the HTTP client: widgets/internal/http.ts, or widgets/shared.ts (the site's way in). */
type HttpModule = Pick<typeof Http, 'httpClient'> & Partial<Pick<typeof Http, 'warmHttpClient'>>;

export interface FakeClient {
  post: Mock;
  get: Mock;
  request: Mock;
}

export function fakeClient(): FakeClient {
  return { post: vi.fn(), get: vi.fn(), request: vi.fn() };
}

/**
 * For each test of the file, `module[name]` (an exported function) is a spy doing nothing; after
 * each, the real function again. The file's tests then check its calls through the import.
 * Spies on the module's exports, not a replaced module (vi.mock): component test files share their
 * module graph (vitest.config.ts), where a module already imported by an earlier file could not be
 * replaced. Call at the top level of the file.
 */
export function spyPerTest<M extends object, K extends keyof M & string>(module: M, name: K): void {
  let spy: { mockRestore(): void } | undefined;
  beforeEach(() => {
    spy = vi.spyOn(module, name as never).mockImplementation((() => undefined) as never);
  });
  afterEach(() => spy?.mockRestore());
}

/**
 * The fake client of a test file: before each test, `http.httpClient` (the module's export, which
 * its importers call) resolves to it, with fresh mocks, and `http.warmHttpClient` does nothing
 * (see `spyPerTest`). Call at the top level of the file.
 */
export function fakeClientPerTest(http: HttpModule): FakeClient {
  const client = fakeClient();
  if (http.warmHttpClient) spyPerTest(http, 'warmHttpClient');
  let spy: { mockRestore(): void } | undefined;
  beforeEach(() => {
    Object.assign(client, fakeClient());
    spy = vi.spyOn(http, 'httpClient').mockResolvedValue(client as never);
  });
  afterEach(() => spy?.mockRestore());
  return client;
}

/** An error as axios rejects with it: a response with a status and a body. */
export function httpError(status: number, data?: unknown) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: { status, data },
  });
}

/** A promise with its resolve and reject, to hold a call open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
