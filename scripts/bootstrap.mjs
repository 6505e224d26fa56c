/**
 * What `npm start`, `npm test`, `npm run staff`, `backup` and `restore` run first, so that a
 * fresh clone needs no other command. Plain Node (no TypeScript, no dependency): it runs before
 * node_modules exists.
 *
 * - All: installs the locked dependencies (`npm ci`) when node_modules is missing or older than
 *   package-lock.json.
 * - test: finds Chromium (CHROME_PATH, else Debian's headless shell, else its full browser),
 *   PostgreSQL's binaries (/usr/lib/postgresql/<v>/bin, or initdb on PATH), nginx and promtool
 *   (Prometheus). When one is missing and we run as root on Debian, installs its Debian package;
 *   otherwise says in one sentence what to install. The headless shell (chromium-headless-shell)
 *   is installed as root even where the full browser is: the browser tests take 29% less CPU in
 *   it (docs/BENCHMARKS.md). Then hands over to scripts/test.ts through tsx, with the same arguments.
 * - start, staff, backup, restore: run the compiled server (scripts/compiled.mjs), in this very
 *   process: no TypeScript loader in it, nothing compiled into a shared temporary folder. What is
 *   missing or older than its sources (the site for start, the compiled server for all) is built
 *   first, by scripts/prepare.ts under tsx in a process of its own, which ends before the server
 *   starts.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, ...args] = process.argv.slice(2);
/** The compiled server's entry of each command but `test`. */
const COMPILED = { start: 'main', staff: 'staff', backup: 'backup', restore: 'restore' };
if (command !== 'test' && !(command in COMPILED)) {
  console.error('usage: node scripts/bootstrap.mjs start|test|staff|backup|restore [args…]');
  process.exit(2);
}

/** Runs a command to its end; its output goes to ours (standard error only, with `toStderr`). */
function run(cmd, cmdArgs, env = process.env, toStderr = false) {
  const stdio = toStderr ? ['ignore', 2, 2] : 'inherit';
  const result = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio, env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

function installDependencies() {
  const installed = mtime(path.join(ROOT, 'node_modules', '.package-lock.json'));
  if (installed >= 0 && installed >= mtime(path.join(ROOT, 'package-lock.json'))) return;
  console.error('Installing the locked dependencies (npm ci)…');
  if (run('npm', ['ci', '--no-audit', '--no-fund'], process.env, true) !== 0) {
    console.error('npm ci failed: see the messages above.');
    process.exit(1);
  }
}

const isRoot = process.getuid?.() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
let aptUpdated = false;

/** Installs Debian packages when we may; returns whether it did. */
function aptInstall(packages) {
  if (!isRoot || !hasApt) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  console.log(`Installing Debian's ${packages.join(', ')}…`);
  if (!aptUpdated && run('apt-get', ['update', '-qq'], env) !== 0) return false;
  aptUpdated = true;
  return run('apt-get', ['install', '-y', '-qq', ...packages], env) === 0;
}

function findPostgresBin() {
  const root = '/usr/lib/postgresql';
  const dirs = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => path.join(root, v, 'bin'))
    : [];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) dirs.push(dir);
  return dirs.find((dir) => dir && fs.existsSync(path.join(dir, 'initdb'))) ?? null;
}

function ensureTestTools() {
  const fonts = 'fonts-dejavu-core';
  const custom = process.env.CHROME_PATH;
  const shell = '/usr/bin/chromium-headless-shell';
  const full = '/usr/bin/chromium';
  const found = custom
    ? fs.existsSync(custom)
    : fs.existsSync(shell) ||
      (aptInstall(['chromium-headless-shell', fonts]) && fs.existsSync(shell)) ||
      fs.existsSync(full);
  if (!found) {
    console.error(
      custom
        ? `Chromium is needed for the browser tests: CHROME_PATH names ${custom}, which does not exist.`
        : `Chromium is needed for the browser tests: install Debian's chromium-headless-shell or chromium (apt-get install chromium-headless-shell), or set CHROME_PATH.`,
    );
    process.exit(1);
  }
  if (process.env.SPARTAN_SKIP_POSTGRES === '1') return;
  if (!findPostgresBin() && !(aptInstall(['postgresql']) && findPostgresBin())) {
    console.error(
      'PostgreSQL 15 is needed for the API tests against a real server: install it (apt-get install postgresql) or set SPARTAN_SKIP_POSTGRES=1 to skip that run knowingly.',
    );
    process.exit(1);
  }
}

/** Whether `name` runs from PATH. */
function onPath(name) {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && fs.existsSync(path.join(dir, name)));
}

/** nginx (the proxy test) and promtool (the metrics tests), from Debian's nginx and prometheus. */
function ensureOperatorTools() {
  const tools = [
    ['nginx', 'nginx', 'the test of several processes behind nginx'],
    ['promtool', 'prometheus', 'the metrics tests'],
  ];
  for (const [tool, pkg, what] of tools) {
    if (onPath(tool) || (aptInstall([pkg]) && onPath(tool))) continue;
    console.error(
      `${tool} is needed for ${what}: install Debian's ${pkg} package (apt-get install ${pkg}).`,
    );
    process.exit(1);
  }
}

/**
 * Builds what `command` needs and is missing or stale, then runs its compiled entry here. The
 * compiled code is what scripts/build-server.ts makes of the sources as they are; the site, for
 * `start` only, must have been built from them too.
 */
async function runCompiled() {
  const { serverDir, serverInputs, serverUpToDate, siteInputs, siteUpToDate } =
    await import('./compiled.mjs');
  const dist = path.resolve(ROOT, process.env.DIST_DIR || 'dist');
  const start = command === 'start';
  const hash = serverInputs(ROOT);
  const site = start && !siteUpToDate(dist, siteInputs(ROOT));
  if (site || !serverUpToDate(dist, hash)) {
    const flags = [site ? '--site' : '--server', ...(start ? ['--settings'] : [])];
    // The command's own output (a staff list, read by scripts) stays alone on standard output.
    // tsx's cache is off: it would live in the shared temporary folder (tsx-<uid>), which another
    // local user can make first and fill with code of their own.
    const code = run(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts', 'prepare.ts'), ...flags],
      { ...process.env, TSX_DISABLE_CACHE: '1' },
      !start,
    );
    if (code !== 0) process.exit(code);
  }
  process.setSourceMapsEnabled(true);
  const entry = path.join(serverDir(dist, hash), `${COMPILED[command]}.js`);
  const compiled = await import(pathToFileURL(entry).href);
  if (start) {
    try {
      await compiled.startServer();
    } catch (err) {
      console.error(compiled.startupMessage(err));
      process.exit(1);
    }
    return;
  }
  process.exit(await compiled.cli(args));
}

installDependencies();
if (command !== 'test') {
  await runCompiled();
} else {
  ensureTestTools();
  ensureOperatorTools();
  // Node itself with tsx's loader, not the tsx command: that command stands between us and the
  // script, and relays a stop signal only if the script confirms it within 30 ms; on a busy
  // machine it then kills the script outright (no clean stop) and exits 130.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts', 'test.ts'), ...args],
    { cwd: ROOT, stdio: 'inherit' },
  );
  // Pass stop signals on, so that the tests' servers stop cleanly on SIGINT/SIGTERM.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
