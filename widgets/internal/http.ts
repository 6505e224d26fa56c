/**
 * The HTTP client, loaded on first use so that no widget pays for axios before
 * its first render. Settings as docs/FORMS.md (Calls) says: JSON, no timeout, XSRF
 * cookie XSRF-TOKEN and header X-XSRF-TOKEN, success on 200–299.
 */
import type { AxiosInstance } from 'axios';
import { retryableImport } from './retry-import.ts';

// Tried again after a failure, asking the server again (retry-import.ts).
const loadAxios = /* @__PURE__ */ retryableImport(() => import('axios'));
const clients = new Map<string, Promise<AxiosInstance>>();

export function httpClient(baseURL: string): Promise<AxiosInstance> {
  let client = clients.get(baseURL);
  if (!client) {
    client = loadAxios().then(({ default: axios }) =>
      axios.create({
        baseURL,
        headers: { Accept: 'application/json' },
        timeout: 0,
        xsrfCookieName: 'XSRF-TOKEN',
        xsrfHeaderName: 'X-XSRF-TOKEN',
        validateStatus: (status) => status >= 200 && status < 300,
      }),
    );
    client.catch(() => clients.delete(baseURL));
    clients.set(baseURL, client);
  }
  return client;
}

/** Starts loading the client without waiting (call on first interaction, e.g. focus). */
export function warmHttpClient(baseURL: string): void {
  void httpClient(baseURL).catch(() => undefined);
}
