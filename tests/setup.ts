import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// What the tests wait for (a lazily imported validator, a focus moved after render) may take
// seconds on a busy machine, where vitest also transforms the lazy module on first import; the
// library's default of one second does not hold there.
configure({ asyncUtilTimeout: 10_000 });

afterEach(async () => {
  cleanup();
  // Custom elements mounted straight into the document are not RTL's to clean up: disconnect them
  // inside act, so their React roots unmount now and not after the environment is torn down.
  await act(async () => {
    document.body.innerHTML = '';
  });
  localStorage.clear();
  sessionStorage.clear();
});

// Let any scheduler task still queued (React schedules with setImmediate) run while window exists.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));

// jsdom has no matchMedia: a stand-in that matches nothing unless a test sets window.__mediaMatches.
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (media: string) =>
    ({
      matches: ((window as unknown as { __mediaMatches?: string[] }).__mediaMatches ?? []).includes(
        media,
      ),
      media,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
