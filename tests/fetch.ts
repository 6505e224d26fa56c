/**
 * The tests' own HTTP calls to the servers under test, each on a connection of its own.
 *
 * Node's fetch keeps a finished call's connection open for the next one, and closes it after
 * about 4 s idle; the server closes one idle for 5 s. On a machine so busy that the test's timer
 * fires late, a call went out on a connection the server had just closed, and failed with
 * ECONNRESET (a setup call in flows-desk, with both cores busy). A browser sends such a call again;
 * Node's fetch does not, and a POST could not safely be sent twice. A call that asks for its
 * connection to be closed never leaves one idle, so there is no race to lose.
 * Lint keeps the bare `fetch` out of tests/browser and tests/api.
 */
export function fetchFresh(url: string | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('Connection', 'close');
  return fetch(url, { ...init, headers });
}
