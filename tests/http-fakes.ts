/**
 * Test helpers for the flows (imported by tests only): a stand-in for the
 * axios instance that `httpClient` resolves to, and axios-shaped errors.
 */
import { beforeEach, vi, type Mock } from 'vitest';

export interface FakeClient {
  post: Mock;
  get: Mock;
  request: Mock;
}

export function fakeClient(): FakeClient {
  return { post: vi.fn(), get: vi.fn(), request: vi.fn() };
}

/** A fresh fake client that the (vi.mock-ed) `httpClient` resolves to; call in beforeEach. */
export function installFakeClient(httpClient: unknown, client = fakeClient()): FakeClient {
  const mock = httpClient as Mock;
  mock.mockReset();
  mock.mockResolvedValue(client);
  return client;
}

/**
 * The fake client of a test file: before each test its mocks are fresh and the
 * (vi.mock-ed) `httpClient` resolves to it. Call at the top level of the file.
 */
export function fakeClientPerTest(httpClient: unknown): FakeClient {
  const client = fakeClient();
  beforeEach(() => {
    installFakeClient(httpClient, Object.assign(client, fakeClient()));
  });
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
