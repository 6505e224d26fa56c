/**
 * A throwaway PostgreSQL cluster for the API tests: initdb on a temp folder,
 * unix socket inside it, TCP on a free loopback port, trust auth, no fsync;
 * stopped and deleted afterwards. As root (initdb refuses root), the
 * binaries run as the `postgres` user on a folder chowned to it.
 *
 * No PostgreSQL available fails the run, loudly, unless SPARTAN_SKIP_POSTGRES=1.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface PostgresCluster {
  url: string;
  /** A new empty database on the cluster (its URL). */
  createDatabase(name: string): Promise<string>;
  /** `pg_ctl stop -m fast`: every connection is cut; `start()` brings the cluster back. */
  halt(): void;
  start(): void;
  stop(): Promise<void>;
  /** The postmaster's process id (its backends are its children); NaN while it is down. */
  pid(): number;
}

export const SKIP_POSTGRES = process.env.SPARTAN_SKIP_POSTGRES === '1';

function findBinDir(): string | null {
  const candidates: string[] = [];
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    for (const v of fs.readdirSync(root).sort((a, b) => Number(b) - Number(a))) {
      candidates.push(path.join(root, v, 'bin'));
    }
  }
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) candidates.push(path.dirname(onPath));
  return candidates.find((d) => fs.existsSync(path.join(d, 'initdb'))) ?? null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The test clusters' settings: no durability (a throwaway cluster; speed). */
export const TEST_SETTINGS: Record<string, string> = { fsync: 'off', full_page_writes: 'off' };

/** Starts a cluster; `settings` (postgres -c name=value) replace TEST_SETTINGS. */
export async function startPostgres(
  settings: Record<string, string> = TEST_SETTINGS,
): Promise<PostgresCluster> {
  const bin = findBinDir();
  if (!bin) {
    throw new Error(
      'No PostgreSQL found (initdb not in /usr/lib/postgresql/*/bin nor on PATH). The API ' +
        'suite must also run against a real PostgreSQL: install it (Debian: apt-get install ' +
        'postgresql; .ci/run does) or set SPARTAN_SKIP_POSTGRES=1 to skip it knowingly.',
    );
  }
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-pg-'));
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'sock');
  fs.mkdirSync(socket);
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) => {
    const file = path.join(bin, cmd);
    const [exe, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', file, ...args]]
      : [file, args];
    const result = spawnSync(exe, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0) {
      throw new Error(`${cmd} failed (${result.status}): ${result.stderr || result.stdout}`);
    }
  };
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-k ${socket} -p ${port} -c listen_addresses=127.0.0.1`,
    ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  const startCluster = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '60',
      '-o',
      options,
      'start',
    ]);
  startCluster();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    async createDatabase(name: string) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    pid() {
      try {
        return Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      } catch {
        return Number.NaN;
      }
    },
    halt() {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
    },
    start() {
      startCluster();
    },
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The loud line printed when PostgreSQL is skipped on purpose. */
export function warnSkippedPostgres(what = 'the API suite'): void {
  console.warn(
    '\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n' +
      `!! SPARTAN_SKIP_POSTGRES=1: ${what} did NOT run against PostgreSQL.\n` +
      '!! Only the embedded database (PGlite) was tested. Unset it to test both.\n' +
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n',
  );
}
