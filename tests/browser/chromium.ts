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

export function chromePath(): string {
  const candidate = process.env.CHROME_PATH || '/usr/bin/chromium';
  if (!fs.existsSync(candidate)) {
    throw new Error(
      `Chromium not found at ${candidate}: install Debian's chromium or set CHROME_PATH.`,
    );
  }
  return candidate;
}
