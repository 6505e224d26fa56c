/**
 * `npm run staff -- <command>`: staff accounts, on the database of DATA_DIR
 * (PGlite) or DATABASE_URL (PostgreSQL).
 *
 *   add <username> [--name "Full Name"]   the password is read from standard input:
 *                                          piped (first line), or typed at a prompt without echo
 *   list
 *   remove <username>                      also ends every session of that account
 *
 * With the embedded database, stop the server first: PGlite opens its folder
 * from one process only (the command says so if the server holds it).
 */
import { configFromEnv } from '../config.ts';
import { openDatabase } from '../db/index.ts';
import { passwordProblem } from '../security/passwords.ts';
import { StaffAccountError, staffService } from '../staff.ts';

const USAGE = `Usage:
  npm run staff -- add <username> [--name "Full Name"]   (password on standard input)
  npm run staff -- list
  npm run staff -- remove <username>`;

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
  let name: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--name') {
      name = argv[i + 1];
      i += 1;
    } else if (arg.startsWith('--name=')) name = arg.slice('--name='.length);
    else if (arg === '--password' || arg.startsWith('--password=')) {
      throw new StaffAccountError('Passwords are never given as arguments: pipe or type it');
    } else positional.push(arg);
  }
  return { command: positional[0], username: positional[1], extra: positional.slice(2), name };
}

export async function main(argv: string[]): Promise<number> {
  const { command, username, extra, name } = parseArgs(argv);
  const needsUser = command === 'add' || command === 'remove';
  if (!command || !['add', 'list', 'remove'].includes(command) || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (needsUser && !username) {
    console.error(USAGE);
    return 2;
  }
  // Read the password before opening the database: a typo at the prompt costs nothing.
  const password = command === 'add' ? await readPassword() : '';
  const weak = command === 'add' ? passwordProblem(password) : null;
  if (weak) throw new StaffAccountError(weak);
  const database = await openDatabase(configFromEnv());
  try {
    const staff = staffService(database.db);
    if (command === 'add') {
      const user = await staff.create({ username: username ?? '', password, name });
      console.log(`Created staff account ${user.username}${user.name ? ` (${user.name})` : ''}.`);
    } else if (command === 'remove') {
      if (!(await staff.remove(username ?? ''))) {
        console.error(`No staff account named ${username}.`);
        return 1;
      }
      console.log(`Removed staff account ${username}; its sessions have ended.`);
    } else {
      const users = await staff.list();
      if (users.length === 0) console.log('No staff accounts.');
      for (const u of users) {
        console.log(`${u.username}\t${u.name}\t${u.role}\t${u.createdAt.toISOString()}`);
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : String(err));
      process.exit(1);
    },
  );
}
