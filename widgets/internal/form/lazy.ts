/**
 * Loads a module once, on demand, and retries after a failure (asking the server again:
 * retry-import.ts). Forms use it to fetch their validation and HTTP code on first interaction,
 * not before first render.
 */
import { retryableImport } from '../retry-import.ts';

export interface Lazy<T> {
  get: () => Promise<T>;
  warm: () => void;
  /** The module once it has loaded, else null. */
  loaded: () => T | null;
}

export function lazy<T>(load: () => Promise<T>): Lazy<T> {
  let pending: Promise<T> | null = null;
  let value: T | null = null;
  const attempt = retryableImport(load);
  const get = () => {
    pending ??= attempt().then(
      (module) => (value = module),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return { get, warm: () => void get().catch(() => undefined), loaded: () => value };
}
