/**
 * `npm run staff -- <command>`: staff accounts, on the database of DATA_DIR (PGlite) or
 * DATABASE_URL (PostgreSQL), whether or not the server runs.
 *
 *   add <username> [--name "Full Name"] [--role admin|reviewer]
 *                                    the password is read from standard input: piped (first
 *                                    line), or typed at a prompt without echo. The first
 *                                    account is an admin whatever --role says; later ones
 *                                    default to reviewer.
 *   list
 *   remove <username>                also ends every session of that account
 *   reset-password <username>        new password from standard input; sessions end
 *   set-role <username> <admin|reviewer>
 *
 * When a server runs on this DATA_DIR, the command goes to it over its admin socket
 * (server/cli/admin-socket.ts); otherwise the CLI opens the database itself.
 */
import { configFromEnv } from '../config.ts';
import { passwordShapeProblem } from '../security/passwords.ts';
import { isRole, StaffAccountError } from '../staff-rules.ts';
import { sendToServer } from './admin-socket.ts';
import {
  COMMANDS,
  commandFailure,
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

/** The first line of piped standard input, without its line ending. */
async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text.split(/\r?\n/)[0] ?? '';
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPiped();
  const first = await promptHidden('Password (at least 12 characters): ');
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) throw new StaffAccountError('The two passwords differ');
  return first;
}

function parseArgs(argv: string[]) {
  const positional: string[] = [];
  const options: Record<string, string | undefined> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    const option = /^--(name|role|password)(?:=(.*))?$/.exec(arg);
    if (option?.[1] === 'password') {
      throw new StaffAccountError('Passwords are never given as arguments: pipe or type it');
    }
    if (option?.[1]) {
      if (option[2] !== undefined) options[option[1]] = option[2];
      else {
        options[option[1]] = argv[i + 1];
        i += 1;
      }
    } else positional.push(arg);
  }
  return { positional, options };
}

/** The command line as a command, or null for a usage error. */
function commandOf(argv: string[]): StaffCommand | null {
  const { positional, options } = parseArgs(argv);
  const [command, username, ...rest] = positional;
  if (!COMMANDS.includes(command as CommandName)) return null;
  const role = command === 'set-role' ? rest.shift() : options.role;
  if (rest.length > 0) return null;
  if (command !== 'list' && !username) return null;
  if (role !== undefined && !isRole(role)) return null;
  if (command === 'set-role' && !role) return null;
  return {
    command: command as CommandName,
    username,
    name: options.name,
    role,
  };
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
    import('../audit.ts'),
    import('../db/index.ts'),
    import('../security/passwords.ts'),
    import('../security/tokens.ts'),
    import('../security/totp.ts'),
    import('../staff.ts'),
  ]);
  const config = configFromEnv();
  const database = await openDatabase(config);
  const hasher = new PasswordHasher(ARGON2_PARAMS, { size: 1, queue: 4 });
  try {
    const tokens = new TokenService(loadSecret(config.dataDir, config.authSecret));
    const staff = new StaffService(
      database.db,
      hasher,
      new TotpKeys(tokens.derive('totp')),
      new AuditLog(database.db),
    );
    return await runStaffCommand(staff, cmd);
  } finally {
    await hasher.close();
    await database.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const cmd = commandOf(argv);
  if (!cmd) {
    console.error(USAGE);
    return 2;
  }
  if (cmd.command === 'add' || cmd.command === 'reset-password') {
    // Read (and shape-check) the password first: a typo at the prompt costs nothing.
    cmd.password = await readPassword();
    const weak = passwordShapeProblem(cmd.password);
    if (weak) throw new StaffAccountError(weak);
  }
  const { dataDir } = configFromEnv();
  const result = (await sendToServer(dataDir, cmd)) ?? (await runDirect(cmd));
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  return result.code;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(commandFailure(err));
      process.exit(1);
    },
  );
}
