/**
 * What `npm start` and `npm test` run first, so that a fresh clone needs no other command.
 * Plain Node (no TypeScript, no dependency): it runs before node_modules exists.
 *
 * - Both: installs the locked dependencies (`npm ci`) when node_modules is missing or older
 *   than package-lock.json.
 * - test: finds Chromium (CHROME_PATH, else Debian's headless shell, else its full browser) and
 *   PostgreSQL's binaries (/usr/lib/postgresql/<v>/bin, or initdb on PATH). When one is missing
 *   and we run as root on Debian, installs its Debian package; otherwise says in one sentence what
 *   to install. The headless shell (chromium-headless-shell) is installed as root even where the
 *   full browser is: the browser tests take 29% less CPU in it (docs/BENCHMARKS.md).
 *
 * Then hands over to scripts/<command>.ts through tsx, with the same arguments.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, ...args] = process.argv.slice(2);
if (command !== 'start' && command !== 'test') {
  console.error('usage: node scripts/bootstrap.mjs start|test [args…]');
  process.exit(2);
}

function run(cmd, cmdArgs, env = process.env) {
  const result = spawnSync(cmd, cmdArgs, { cwd: ROOT, stdio: 'inherit', env });
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
  console.log('Installing the locked dependencies (npm ci)…');
  if (run('npm', ['ci', '--no-audit', '--no-fund']) !== 0) {
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

installDependencies();
if (command === 'test') ensureTestTools();
// Node itself with tsx's loader, not the tsx command: that command stands between us and the
// script, and relays a stop signal only if the script confirms it within 30 ms; on a busy machine
// it then kills the script outright (no clean stop) and exits 130.
const child = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(ROOT, 'scripts', `${command}.ts`), ...args],
  { cwd: ROOT, stdio: 'inherit' },
);
// Pass stop signals on, so that `npm start` still stops cleanly on SIGINT/SIGTERM.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
