import fs from 'node:fs';

/** Flags for Debian's Chromium on these machines (no sandbox as root, no background network). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's full browser (package chromium). */
export const CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's headless shell of the same build (package chromium-headless-shell): the same engine
 * (Blink, V8, Skia) without the full browser's UI layer. The browser tests run in it when it is
 * there: the whole browser lane took 29% less machine CPU than in the full browser, one after the
 * other on a quiet machine (docs/BENCHMARKS.md).
 */
export const CHROMIUM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

function existing(candidate: string): string {
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}: install Debian's chromium or set CHROME_PATH.`,
    );
  }
  return candidate;
}

/** The full browser: CHROME_PATH, else Debian's chromium (Lighthouse drives its new headless mode). */
export function chromePath(): string {
  return existing(process.env.CHROME_PATH || CHROMIUM);
}

/** The browser for the tests: CHROME_PATH, else Debian's headless shell, else its chromium. */
export function testBrowserPath(): string {
  if (process.env.CHROME_PATH) return existing(process.env.CHROME_PATH);
  return existing(fs.existsSync(CHROMIUM_HEADLESS_SHELL) ? CHROMIUM_HEADLESS_SHELL : CHROMIUM);
}
