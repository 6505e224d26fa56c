/**
 * Where the compiled server lives and whether it is up to date: plain Node, shared by
 * scripts/bootstrap.mjs (which runs before any TypeScript loader) and the builds.
 *
 * The server and its command-line tools are compiled into `<dist>/server-<hash>/`, the hash
 * being that of their inputs (serverInputs): a folder whose name matches the sources is up to
 * date, and a `git pull` that changes them names another folder, which the next start builds.
 * A folder per version also leaves an older process of a rolling restart its own files (its
 * late-loaded chunks) while the first restarted process builds the new one.
 *
 * The site's inputs (siteInputs) are hashed the same way; the hash of the sources a site build
 * started from is written to `<dist>/site-inputs.txt`, outside the served folders.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Files and folders (relative to the repository) that the compiled server is made from. */
const SERVER_INPUTS = ['server', 'scripts/build-server.ts', 'package-lock.json'];
/** Those the site, widget and library builds are made from. */
const SITE_INPUTS = [
  'widgets',
  'site',
  'content',
  'media',
  'schemas',
  'scripts',
  'package-lock.json',
  'package.json',
  'tsconfig.json',
  'tsconfig.lib.json',
  'budgets.json',
];

/** Every file under `entries`, sorted, tests left out (they are not built). */
function filesOf(root, entries) {
  const files = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) walk(path.join(rel, name));
    } else if (stat.isFile() && !/\.test\.tsx?$/.test(rel)) files.push(rel);
  };
  for (const entry of entries) walk(entry);
  return files;
}

/** A hash of the names and contents of the files under `entries`. */
function inputsHash(root, entries) {
  const hash = createHash('sha256');
  for (const file of filesOf(root, entries)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** @param {string} root the repository */
export const serverInputs = (root) => inputsHash(root, SERVER_INPUTS);
/** @param {string} root the repository */
export const siteInputs = (root) => inputsHash(root, SITE_INPUTS);

/** The compiled server's folder for sources of hash `hash`. */
export const serverDir = (dist, hash) => path.join(dist, `server-${hash}`);

/** The file a site build records its sources' hash in. */
export const siteStamp = (dist) => path.join(dist, 'site-inputs.txt');

/** Whether `<dist>/server-<hash>` holds a complete build (its last file written is `entries.json`). */
export function serverUpToDate(dist, hash) {
  return fs.existsSync(path.join(serverDir(dist, hash), 'entries.json'));
}

/** Whether the site in `dist` was built from the sources as they are now. */
export function siteUpToDate(dist, hash) {
  let stamp = '';
  try {
    stamp = fs.readFileSync(siteStamp(dist), 'utf8').trim();
  } catch {
    return false;
  }
  return stamp === hash;
}
