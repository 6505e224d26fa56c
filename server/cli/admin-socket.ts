/**
 * The running server's admin socket: how `npm run staff` manages accounts while `npm start`
 * holds the embedded database (which one process only may open).
 *
 * A Unix domain socket at `<DATA_DIR>/admin.sock`, mode 0600 inside the 0700 data folder: only
 * the operating-system user that runs the server can connect, the same user who could read
 * the database files anyway. A socket's path has a small limit (107 bytes on Linux); past it,
 * the socket lives in a private 0700 folder of the system's temporary folder instead, named from
 * the user id and a hash of DATA_DIR, so that the CLI finds it (socketPath). One JSON line in
 * ({command, username, …}), one JSON line out ({code, stdout, stderr}), then the connection
 * closes. Changes are audited with actor `cli`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { StaffService } from '../staff/accounts.ts';
import {
  commandFailure,
  parseCommand,
  runStaffCommand,
  sameDatabase,
  type CommandResult,
  type StaffCommand,
} from './commands.ts';

export const SOCKET_NAME = 'admin.sock';
/** `npm run backup`'s request: {command: DUMP_COMMAND, file} (server/cli/backup.ts). */
export const DUMP_COMMAND = 'dump-database';
const MAX_REQUEST = 16 * 1024;

/** The bytes a socket path may have: sun_path (108 on Linux, 104 elsewhere) less its NUL. */
const MAX_SOCKET_PATH = process.platform === 'linux' ? 107 : 103;

/**
 * Where the server on `dataDir` listens: `<DATA_DIR>/admin.sock`, or, when that path is too
 * long for a socket, `admin.sock` in `<tmpdir>/spartan-admin-<uid>-<hash of DATA_DIR>/`.
 */
export function socketPath(dataDir: string): string {
  const inside = path.join(path.resolve(dataDir), SOCKET_NAME);
  if (Buffer.byteLength(inside) <= MAX_SOCKET_PATH) return inside;
  let real = path.resolve(dataDir);
  try {
    real = fs.realpathSync(real); // One folder, however DATA_DIR spells it.
  } catch {
    // Not there (yet): no server runs on it, so the path only needs to be stable.
  }
  const hash = createHash('sha256').update(real).digest('hex').slice(0, 32);
  const folder = `spartan-admin-${process.getuid?.() ?? 0}-${hash}`;
  return path.join(os.tmpdir(), folder, SOCKET_NAME);
}

/** Whether the socket's folder is outside DATA_DIR (a shared temporary folder). */
function outsideDataDir(file: string, dataDir: string): boolean {
  return path.dirname(file) !== path.resolve(dataDir);
}

/**
 * Why the folder is not ours alone (another local user could have made it first, to listen in
 * place of the server), or null: a real folder, not a link, owned by this user, mode 0700.
 */
function notPrivate(folder: string): string | null {
  const stat = fs.lstatSync(folder, { throwIfNoEntry: false });
  if (!stat) return `${folder} does not exist`;
  if (!stat.isDirectory()) return `${folder} is not a folder`;
  if (process.getuid && stat.uid !== process.getuid()) return `${folder} belongs to another user`;
  if ((stat.mode & 0o077) !== 0) return `${folder} is open to other users`;
  return null;
}

/** Whether something answers on the socket (a live server, not a stale file). */
function answering(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(file);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Listens on socketPath(dataDir); resolves with the function that stops it. Does nothing
 * (and says so through `warn`) if another live server already answers there.
 */
export async function startAdminSocket(
  staff: StaffService,
  dataDir: string,
  warn: (message: string) => void,
  /** This server's database, as databaseName says it. */
  database: string,
  /** Writes the embedded database's consistent copy to a file (`npm run backup`); absent on PostgreSQL. */
  dumpDatabase?: (file: string) => Promise<void>,
): Promise<() => Promise<void>> {
  const file = socketPath(dataDir);
  if (outsideDataDir(file, dataDir)) {
    if (Buffer.byteLength(file) > MAX_SOCKET_PATH) {
      warn(`No admin socket: ${file} is too long for a socket; shorten TMPDIR or DATA_DIR.`);
      return async () => undefined;
    }
    try {
      fs.mkdirSync(path.dirname(file), { mode: 0o700 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const problem = notPrivate(path.dirname(file));
    if (problem) {
      warn(`No admin socket (${problem}): \`npm run staff\` cannot reach this server.`);
      return async () => undefined;
    }
  } else {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  }
  if (fs.existsSync(file)) {
    if (await answering(file)) {
      warn(`Another server answers on ${file}: staff commands will go to it.`);
      return async () => undefined;
    }
    fs.rmSync(file, { force: true }); // Left by a server that did not stop cleanly.
  }
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST) return socket.destroy();
      const end = buffer.indexOf('\n');
      if (end < 0) return;
      // The time limit is for a client that never finishes its request, not for the answer: a
      // busy server may take long over it (the first password check loads its dictionaries),
      // and the command must not be cut off while it runs.
      socket.setTimeout(0);
      socket.pause();
      void answer(staff, buffer.slice(0, end), database, dumpDatabase).then((result) =>
        socket.end(`${JSON.stringify(result)}\n`),
      );
    });
  });
  const listening = new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', resolve);
  });
  // The socket file is created (bound) synchronously inside listen(): owner-only from birth.
  const previous = process.umask(0o177);
  try {
    server.listen(file);
  } finally {
    process.umask(previous);
  }
  await listening;
  fs.chmodSync(file, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(file, { force: true });
      if (outsideDataDir(file, dataDir)) {
        try {
          fs.rmdirSync(path.dirname(file)); // Only if empty: it is ours, but leave what it holds.
        } catch {
          // Not empty or already gone.
        }
      }
    });
}

async function answer(
  staff: StaffService,
  line: string,
  database: string,
  dumpDatabase: ((file: string) => Promise<void>) | undefined,
): Promise<CommandResult> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = null;
  }
  const dump = parsed as { command?: unknown; file?: unknown } | null;
  if (dump?.command === DUMP_COMMAND) {
    // Only the server's own user reaches the socket; the file is written 0600 all the same.
    if (!dumpDatabase || typeof dump.file !== 'string' || !path.isAbsolute(dump.file)) {
      return { code: 1, stdout: '', stderr: 'This server cannot write a copy of its database.\n' };
    }
    try {
      await dumpDatabase(dump.file);
      return { code: 0, stdout: '', stderr: '' };
    } catch (err) {
      return { code: 1, stdout: '', stderr: `${commandFailure(err)}\n` };
    }
  }
  const cmd = parseCommand(parsed);
  if (!cmd) return { code: 2, stdout: '', stderr: 'Malformed staff command.\n' };
  if (cmd.database !== undefined && !sameDatabase(cmd.database, database)) {
    return {
      code: 1,
      stdout: '',
      stderr:
        `Nothing done: the server on this data folder uses ${database}, not ${cmd.database}. ` +
        'Run the command with the same DATABASE_URL as that server, or stop it first.\n',
    };
  }
  try {
    return await runStaffCommand(staff, cmd);
  } catch (err) {
    return { code: 1, stdout: '', stderr: `${commandFailure(err)}\n` };
  }
}

/**
 * Sends a command to the server on `dataDir`'s socket. Resolves null when no server answers
 * there (the CLI then opens the database itself).
 */
export function sendToServer(
  dataDir: string,
  cmd: StaffCommand | { command: typeof DUMP_COMMAND; file: string },
): Promise<CommandResult | null> {
  const file = socketPath(dataDir);
  if (!fs.existsSync(file)) return Promise.resolve(null);
  const problem = outsideDataDir(file, dataDir) ? notPrivate(path.dirname(file)) : null;
  if (problem) {
    // The password would go to whoever listens there.
    return Promise.reject(new Error(`Not using the admin socket ${file}: ${problem}.`));
  }
  return new Promise((resolve, reject) => {
    let connected = false;
    let reply = '';
    const socket = net.connect(file);
    socket.setEncoding('utf8');
    socket.once('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(cmd)}\n`);
    });
    socket.on('data', (chunk: string) => (reply += chunk));
    socket.once('error', (err: NodeJS.ErrnoException) => {
      // Refused or gone before we spoke: no server. After that: a real failure.
      if (!connected) resolve(null);
      else reject(err);
    });
    socket.once('end', () => {
      try {
        resolve(JSON.parse(reply) as CommandResult);
      } catch {
        reject(new Error('The server sent no answer to the staff command'));
      }
    });
  });
}
