/**
 * The running server's admin socket: how `npm run staff` manages accounts while `npm start`
 * holds the embedded database (which one process only may open).
 *
 * A Unix domain socket at `<DATA_DIR>/admin.sock`, mode 0600 inside the 0700 data folder: only
 * the operating-system user that runs the server can connect, the same user who could read
 * the database files anyway. One JSON line in ({command, username, …}), one JSON line out
 * ({code, stdout, stderr}), then the connection closes. Changes are audited with actor `cli`.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { StaffService } from '../staff.ts';
import {
  parseCommand,
  runStaffCommand,
  type CommandResult,
  type StaffCommand,
} from './commands.ts';

export const SOCKET_NAME = 'admin.sock';
const MAX_REQUEST = 16 * 1024;

export function socketPath(dataDir: string): string {
  return path.join(path.resolve(dataDir), SOCKET_NAME);
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
 * Listens on `<dataDir>/admin.sock`; resolves with the function that stops it. Does nothing
 * (and says so through `warn`) if another live server already answers there.
 */
export async function startAdminSocket(
  staff: StaffService,
  dataDir: string,
  warn: (message: string) => void,
): Promise<() => Promise<void>> {
  const file = socketPath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
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
      socket.pause();
      void answer(staff, buffer.slice(0, end)).then((result) =>
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
    });
}

async function answer(staff: StaffService, line: string): Promise<CommandResult> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = null;
  }
  const cmd = parseCommand(parsed);
  if (!cmd) return { code: 2, stdout: '', stderr: 'Malformed staff command.\n' };
  try {
    return await runStaffCommand(staff, cmd);
  } catch (err) {
    return {
      code: 1,
      stdout: '',
      stderr: `${err instanceof Error ? err.message : 'The command failed'}\n`,
    };
  }
}

/**
 * Sends a command to the server on `dataDir`'s socket. Resolves null when no server answers
 * there (the CLI then opens the database itself).
 */
export function sendToServer(dataDir: string, cmd: StaffCommand): Promise<CommandResult | null> {
  const file = socketPath(dataDir);
  if (!fs.existsSync(file)) return Promise.resolve(null);
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
