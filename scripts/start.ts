/** `npm start`: builds what is missing, then serves site, widgets and API (server/main.ts). */
import fs from 'node:fs';
import path from 'node:path';
import { DIST } from './paths.ts';

const needed = ['widgets/all.js', 'site/index.html', 'lib/index.js'];
if (needed.some((f) => !fs.existsSync(path.join(DIST, f)))) {
  console.log('Building (first start)…');
  const { buildAll } = await import('./build.ts');
  await buildAll();
}
const { startServer } = await import('../server/main.ts');
await startServer();
