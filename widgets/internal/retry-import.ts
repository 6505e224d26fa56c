/**
 * A dynamic import that can be tried again once it has failed.
 *
 * A browser remembers a module that failed to load: its module map keeps the failure, and the
 * same `import()` fails again at once, without asking the server. A form whose code failed to
 * load during a moment offline then stayed broken until a reload, and a reload loses what was
 * typed. The failed address is in the error (Chromium and Firefox name it): the next try imports
 * that address with a query that makes it a new entry of the map. What that module imports in
 * turn is asked for as usual, and shared with the rest of the page.
 *
 * Where the error names no address (Safari says only "Importing a module script failed."), the
 * next try calls `load` again.
 */
const ADDRESS = /\b(https?:\/\/[^\s'"]+?\.m?js)(?:\?[^\s'"]*)?(?=[\s'"]|$)/;

/** The address of the module a failed `import()` could not load, without its query, if named. */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return ADDRESS.exec(message)?.[1] ?? null;
}

export function retryableImport<T>(load: () => Promise<T>): () => Promise<T> {
  let failed: string | null = null;
  let tries = 0;
  return () => {
    tries += 1;
    const attempt = failed
      ? // Left to the browser: an address known only now, not a module a bundler could resolve.
        (import(
          /* @vite-ignore */ /* webpackIgnore: true */ `${failed}?retry=${tries}`
        ) as Promise<T>)
      : load();
    return attempt.catch((error: unknown) => {
      failed = failedModuleUrl(error) ?? failed;
      throw error;
    });
  };
}
