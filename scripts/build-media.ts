import fs from 'node:fs';
import path from 'node:path';
import { DIST, ROOT } from './paths.ts';

/** dist/media: the first-party media (images, clips, posters, fonts) served at /media/ with CORS. */
export async function buildMedia(): Promise<void> {
  const from = path.join(ROOT, 'media');
  const to = path.join(DIST, 'media');
  fs.rmSync(to, { recursive: true, force: true });
  if (fs.existsSync(from))
    fs.cpSync(from, to, { recursive: true, filter: (src) => !src.endsWith('.md') });
}
