/**
 * What scripts/bootstrap.mjs runs, under tsx, when a build is missing or stale before `npm start`,
 * `npm run staff`, `backup` or `restore`: builds the site (`--site`) and the compiled server
 * (`--server`), then exits; the command itself then runs the compiled server, without a loader.
 * With `--settings`, the settings are checked first, so that a wrong one is said at once, not
 * after a first build (one sentence, exit 1).
 */
import { configFromEnv } from '../server/config.ts';
import { startupMessage } from '../server/main.ts';
import { buildCompiledServer } from './build-server.ts';

const args = new Set(process.argv.slice(2));
try {
  if (args.has('--settings')) configFromEnv();
  if (args.has('--site')) {
    console.log('Building the site (first start, or its sources changed)…');
    const { buildAll } = await import('./build.ts');
    await buildAll();
  } else if (args.has('--server')) {
    console.error('Compiling the server (first run, or its sources changed)…');
    await buildCompiledServer();
  }
} catch (err) {
  console.error(startupMessage(err));
  process.exit(1);
}
