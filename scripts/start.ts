/**
 * `npm start`: checks the settings, builds what is missing, then serves site, widgets and API
 * (server/main.ts). A start-up failure prints one sentence (startupMessage), never a stack.
 */
import fs from 'node:fs';
import path from 'node:path';
import { configFromEnv } from '../server/config.ts';
import { startServer, startupMessage } from '../server/main.ts';
import { DIST } from './paths.ts';

try {
  // Settings first: a wrong one is said at once, not after a first build.
  configFromEnv();
  const needed = ['widgets/all.js', 'site/index.html', 'lib/index.js'];
  if (needed.some((f) => !fs.existsSync(path.join(DIST, f)))) {
    console.log('Building (first start)…');
    const { buildAll } = await import('./build.ts');
    // The build (Vite) sets NODE_ENV=production in this process; the server reads NODE_ENV for
    // its own mode (HSTS, request logs), so it gets back what the operator set.
    const mode = process.env.NODE_ENV;
    await buildAll();
    if (mode === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = mode;
  }
  await startServer();
} catch (err) {
  console.error(startupMessage(err));
  process.exit(1);
}
