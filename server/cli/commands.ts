/**
 * The staff commands themselves, run against a StaffService: by the CLI on its own database
 * connection, or by the running server for the CLI over the admin socket
 * (server/cli/admin-socket.ts). Both print exactly the same.
 */
import { fromDatabase, loggedError } from '../api-errors.ts';
import { isRole, normaliseUsername, StaffAccountError, type Role } from '../staff/account-rules.ts';
import type { StaffService } from '../staff/accounts.ts';

export const COMMANDS = ['add', 'list', 'remove', 'reset-password', 'set-role'] as const;
export type CommandName = (typeof COMMANDS)[number];

export interface StaffCommand {
  command: CommandName;
  username?: string | undefined;
  name?: string | undefined;
  role?: Role | undefined;
  /** add, reset-password: read from standard input by the CLI, never from argv. */
  password?: string | undefined;
  /**
   * The database the CLI was started for (databaseName): a server on another one refuses the
   * command, so that a command is never carried out on a database the operator did not mean.
   */
  database?: string | undefined;
}

const EMBEDDED = 'the embedded database in ';

/**
 * A database as the CLI and the server name it to each other and to the operator: "the embedded
 * database in <DATA_DIR>", or "PostgreSQL <host:port/name>" (never its user or password).
 */
export function databaseName(config: { databaseUrl?: string | undefined; dataDir: string }) {
  if (!config.databaseUrl) return `${EMBEDDED}${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL ${url.host || 'localhost'}${url.pathname || '/'}`;
}

/** The first line of `list`: its columns, tab-separated as the rows are. */
export const LIST_HEADER = 'username\tname\trole\tcreated\ttwo-factor';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command as received over the socket: checked field by field, nothing else accepted. */
export function parseCommand(value: unknown): StaffCommand | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const allowed = new Set(['command', 'username', 'name', 'role', 'password', 'database']);
  if (Object.keys(v).some((k) => !allowed.has(k))) return null;
  if (!COMMANDS.includes(v.command as CommandName)) return null;
  for (const key of ['username', 'name', 'password', 'database'] as const) {
    if (v[key] !== undefined && (typeof v[key] !== 'string' || v[key].length > 2048)) {
      return null;
    }
  }
  if (v.role !== undefined && !isRole(v.role)) return null;
  return v as unknown as StaffCommand;
}

export async function runStaffCommand(
  staff: StaffService,
  cmd: StaffCommand,
): Promise<CommandResult> {
  const out: string[] = [];
  const ok = (line: string): CommandResult => ({ code: 0, stdout: `${line}\n`, stderr: '' });
  const fail = (line: string): CommandResult => ({ code: 1, stdout: '', stderr: `${line}\n` });
  const username = normaliseUsername(cmd.username ?? '');
  try {
    switch (cmd.command) {
      case 'add': {
        const user = await staff.create({
          username,
          password: cmd.password ?? '',
          name: cmd.name,
          role: cmd.role,
        });
        return ok(
          `Created staff account ${user.username}${user.name ? ` (${user.name})` : ''}, role ${user.role}.`,
        );
      }
      case 'remove':
        if (!(await staff.remove(username))) return fail(`No staff account named ${username}.`);
        return ok(`Removed staff account ${username}; its sessions have ended.`);
      case 'reset-password': {
        const id = await staff.idOf(username);
        const ended = await staff.setPassword(id, cmd.password ?? '', { mustChange: false });
        return ok(`New password set for ${username}; ${ended} session(s) ended.`);
      }
      case 'set-role': {
        if (!cmd.role) return fail('Name the role: admin or reviewer.');
        if (!(await staff.setRole(await staff.idOf(username), cmd.role))) {
          return ok(`${username} is ${cmd.role} already; nothing changed.`);
        }
        return ok(`${username} is now ${cmd.role}; their sessions have ended.`);
      }
      case 'list': {
        const users = await staff.list();
        if (users.length === 0) return ok('No staff accounts.');
        out.push(LIST_HEADER);
        for (const u of users) {
          const mfa = u.mfa_enrolled ? 'totp' : u.setup_pending ? 'setup-pending' : 'no-2fa';
          out.push(`${u.username}\t${u.name}\t${u.role}\t${u.created_at.toISOString()}\t${mfa}`);
        }
        return { code: 0, stdout: `${out.join('\n')}\n`, stderr: '' };
      }
    }
  } catch (err) {
    if (err instanceof StaffAccountError) return fail(err.message);
    throw err;
  }
}

/** Codes of a database that is not there or went away: refused, unknown host, cut, shutting down. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', 'EPIPE']);

/**
 * What the CLI prints when a command fails: the account rule it broke as it is, else one sentence.
 * Never the query layer's message: it ends with the query and its values (a username, a hash).
 */
export function commandFailure(err: unknown): string {
  if (err instanceof StaffAccountError) return err.message;
  const { name, code, message } = loggedError(err);
  if ((code && UNREACHABLE.has(code)) || /^(08|57P)/.test(code ?? '') || fromDatabase(err)) {
    return `The command failed: the database did not answer or refused it${code ? ` (${code})` : ''}; check DATABASE_URL and that it is running.`;
  }
  return message ?? `The command failed (${name ?? 'unknown error'}).`;
}

/**
 * Whether two databaseName()s are one database. Any two embedded ones are: the socket that
 * carried the command is in the one data folder (or named after it), however its path is spelt.
 */
export const sameDatabase = (a: string, b: string) =>
  a === b || (a.startsWith(EMBEDDED) && b.startsWith(EMBEDDED));
