/**
 * `npm run staff -- <command>`: staff accounts, on the database of DATA_DIR (PGlite) or
 * DATABASE_URL (PostgreSQL), whether or not the server runs.
 *
 *   add <username> [--name "Full Name"] [--role admin|reviewer]
 *                                    the password is read from standard input: piped (first
 *                                    line), or typed at a prompt without echo. The first
 *                                    account is an admin whatever --role says; later ones
 *                                    default to reviewer.
 *   list                             one account a line, tab-separated, under a header line
 *   remove <username>                also ends every session of that account
 *   reset-password <username>        new password from standard input; sessions end
 *   set-role <username> <admin|reviewer>
 *
 * When a server runs on this DATA_DIR, the command goes to it over its admin socket
 * (server/cli/admin-socket.ts); otherwise the CLI opens the database itself.
 */
import { configFromEnv } from '../config.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { passwordShapeProblem } from '../security/passwords.ts';
import { isRole, StaffAccountError } from '../staff/account-rules.ts';
import { sendToServer } from './admin-socket.ts';
import {
  COMMANDS,
  commandFailure,
  databaseName,
  runStaffCommand,
  type CommandName,
  type StaffCommand,
} from './commands.ts';

const USAGE = `Usage:
  npm run staff -- add <username> [--name "Full Name"] [--role admin|reviewer]   (password on standard input)
  npm run staff -- list
  npm run staff -- remove <username>
  npm run staff -- reset-password <username>   (new password on standard input)
  npm run staff -- set-role <username> <admin|reviewer>`;

/** Reads a line from a terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  return new Promise((resolve, reject) => {
    process.stderr.write(question);
    let value = '';
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
      if (err) reject(err);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n' || char === '\u0004') return done();
        if (char === '\u0003') return done(new Error('Cancelled'));
        if (char === '\u007f' || char === '\b') value = [...value].slice(0, -1).join('');
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

/** The password in piped standard input: its first line, without the line ending. */
export function pipedPassword(text: string): string {
  const line = text.split(/\r?\n/)[0] ?? '';
  if (line === '') {
    throw new StaffAccountError(
      'No password came on standard input: pipe it (printf \'%s\\n\' "…" | npm run staff -- …) or run the command in a terminal to type it',
    );
  }
  return line;
}

async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return pipedPassword(Buffer.concat(chunks).toString('utf8'));
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPiped();
  const first = await promptHidden('Password (at least 12 characters): ');
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) throw new StaffAccountError('The two passwords differ');
  return first;
}

/** A command line that is not a command: what is wrong with it, said before the usage. */
class UsageError extends Error {}

const OPTIONS = ['name', 'role'] as const;
type OptionName = (typeof OPTIONS)[number];

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  const options: Partial<Record<OptionName, string>> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const option = /^--([^=]+)(?:=(.*))?$/.exec(arg);
    if (!option) {
      positional.push(arg);
      continue;
    }
    const key = option[1] ?? '';
    if (key === 'password') {
      throw new StaffAccountError('Passwords are never given as arguments: pipe or type it');
    }
    if (!OPTIONS.includes(key as OptionName)) throw new UsageError(`Unknown option --${key}.`);
    let value = option[2];
    if (value === undefined) {
      value = argv[i + 1];
      i += 1;
    }
    if (value === undefined || value === '' || value.startsWith('--')) {
      throw new UsageError(`--${key} needs a value.`);
    }
    options[key as OptionName] = value;
  }
  return { positional, options };
}

/** How many words follow each command's name: the username, then set-role's role. */
const ARGUMENTS: Record<CommandName, number> = {
  add: 1,
  list: 0,
  remove: 1,
  'reset-password': 1,
  'set-role': 2,
};

/** The command line as a command; a UsageError says what is wrong with it. */
export function commandOf(argv: string[]): StaffCommand {
  const { positional, options } = parseArgs(argv);
  const [command, ...words] = positional;
  if (!command) throw new UsageError('Name a command.');
  if (!COMMANDS.includes(command as CommandName)) {
    throw new UsageError(`Unknown command “${command}”.`);
  }
  const name = command as CommandName;
  const wanted = ARGUMENTS[name];
  if (words.length > wanted) {
    // After add's or reset-password's username, the stray word may be the password: not echoed
    // into a terminal's scrollback or a CI log.
    throw name === 'add' || name === 'reset-password'
      ? new StaffAccountError(
          `Unexpected argument after the username: passwords are never given as arguments (pipe or type it).`,
        )
      : new UsageError(`Unexpected argument “${words[wanted]}”.`);
  }
  if (wanted > 0 && !words[0]) throw new UsageError(`${name} needs a username.`);
  if (name === 'set-role' && !words[1])
    throw new UsageError('set-role needs a role: admin or reviewer.');
  for (const key of OPTIONS) {
    if (options[key] !== undefined && name !== 'add') {
      throw new UsageError(`--${key} is an option of add only.`);
    }
  }
  const role = name === 'set-role' ? words[1] : options.role;
  if (role !== undefined && !isRole(role)) {
    throw new UsageError(`The role must be admin or reviewer, not “${role}”.`);
  }
  return { command: name, username: words[0], name: options.name, role };
}

async function runDirect(cmd: StaffCommand) {
  // Loaded only here: while a server runs, the command goes through its socket and needs none
  // of the database, hashing and token code (about 2 s of start-up per command).
  const [
    { AuditLog },
    { openDatabase },
    { ARGON2_PARAMS, PasswordHasher },
    { loadSecret, TokenService },
    { TotpKeys },
    { StaffService },
  ] = await Promise.all([
    import('../staff/audit-trail.ts'),
    import('../db/index.ts'),
    import('../security/passwords.ts'),
    import('../security/tokens.ts'),
    import('../security/totp.ts'),
    import('../staff/accounts.ts'),
  ]);
  const config = configFromEnv();
  const database = await openDatabase(config).catch((err: unknown) => {
    // No server answered on the folder's admin socket, yet a process holds the folder: most
    // likely a server still starting (the socket opens once it is ready), not one to stop.
    if (!(err instanceof DataDirLockedError)) throw err;
    throw new Error(
      `The data folder ${err.dir} is in use by ${err.owner}, which did not take the command: ` +
        'a server that is still starting takes commands once it prints "ready on", so run it ' +
        'again then; otherwise stop that process first.',
    );
  });
  const hasher = new PasswordHasher(ARGON2_PARAMS, { size: 1, queue: 4 });
  try {
    const tokens = new TokenService(loadSecret(config.dataDir, config.authSecret));
    const staff = new StaffService(
      database.db,
      hasher,
      new TotpKeys(tokens.derive('totp'), tokens.derive('recovery-codes')),
      new AuditLog(database.db),
    );
    return await runStaffCommand(staff, cmd);
  } finally {
    await hasher.close();
    await database.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') {
    console.log(USAGE);
    return 0;
  }
  let cmd: StaffCommand;
  try {
    cmd = commandOf(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`${err.message}\n\n${USAGE}`);
    return 2;
  }
  if (cmd.command === 'add' || cmd.command === 'reset-password') {
    // Read (and shape-check) the password first: a typo at the prompt costs nothing.
    cmd.password = await readPassword();
    const weak = passwordShapeProblem(cmd.password);
    if (weak) throw new StaffAccountError(weak);
  }
  const config = configFromEnv();
  // The server on the folder carries a command out only on this database (admin-socket.ts).
  cmd.database = databaseName(config);
  const result = (await sendToServer(config.dataDir, cmd)) ?? (await runDirect(cmd));
  // What changed is said with where, but for the list (a table, read by scripts too).
  const named = cmd.command !== 'list' && result.stdout.endsWith('.\n');
  process.stdout.write(
    named ? `${result.stdout.slice(0, -2)} (${cmd.database}).\n` : result.stdout,
  );
  process.stderr.write(result.stderr);
  return result.code;
}

/** `main`, with a failure said in one sentence on standard error: the process's exit code. */
export async function cli(argv: string[]): Promise<number> {
  try {
    return await main(argv);
  } catch (err) {
    console.error(commandFailure(err));
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  void cli(process.argv.slice(2)).then((code) => process.exit(code));
}
