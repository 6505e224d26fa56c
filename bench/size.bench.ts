/** Size budgets: bytes on the wire before first render, against the limits of budgets.json. Builds first when needed. */
import fs from 'node:fs';
import path from 'node:path';
import { DIST } from '../scripts/paths.ts';
import { measure, sizeTable } from '../scripts/size.ts';

export default async function sizeBench(): Promise<string> {
  if (!fs.existsSync(path.join(DIST, 'widgets', '.vite', 'manifest.json'))) {
    const { buildAll } = await import('../scripts/build.ts');
    await buildAll();
  }
  return sizeTable(await measure());
}
