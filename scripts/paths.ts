import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Built output; `DIST_DIR` lets parallel builds (and tests) use their own folder. */
export const DIST = path.resolve(ROOT, process.env.DIST_DIR || 'dist'); // Empty: unset.
