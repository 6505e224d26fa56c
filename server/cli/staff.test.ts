/**
 * The staff CLI's command line: every mistake is named before the usage, nothing is guessed.
 * (The commands themselves, against a real database: tests/api/staff-cli.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { commandOf, pipedPassword } from './staff.ts';

describe('staff command line', () => {
  it.each([
    [['add', 'ada'], { command: 'add', username: 'ada' }],
    [
      ['add', 'ada', '--name', 'Ada Lovelace', '--role=reviewer'],
      { command: 'add', username: 'ada', name: 'Ada Lovelace', role: 'reviewer' },
    ],
    [['list'], { command: 'list' }],
    [['remove', 'ada'], { command: 'remove', username: 'ada' }],
    [['reset-password', 'ada'], { command: 'reset-password', username: 'ada' }],
    [['set-role', 'ada', 'admin'], { command: 'set-role', username: 'ada', role: 'admin' }],
  ])('given %j, then it is read as written', (argv, expected) => {
    expect(commandOf(argv)).toEqual({
      username: undefined,
      name: undefined,
      role: undefined,
      ...expected,
    });
  });

  it.each([
    [[], 'Name a command.'],
    [['delete', 'ada'], 'Unknown command “delete”.'],
    [['list', 'extra'], 'Unexpected argument “extra”.'],
    [['remove', 'ada', 'bob'], 'Unexpected argument “bob”.'],
    [['set-role', 'ada', 'admin', 'now'], 'Unexpected argument “now”.'],
    [['add'], 'add needs a username.'],
    [['reset-password'], 'reset-password needs a username.'],
    [['set-role', 'ada'], 'set-role needs a role: admin or reviewer.'],
    [['set-role', 'ada', 'boss'], 'The role must be admin or reviewer, not “boss”.'],
    [['add', 'ada', '--role', 'boss'], 'The role must be admin or reviewer, not “boss”.'],
    [['add', 'ada', '--role'], '--role needs a value.'],
    [['add', 'ada', '--role='], '--role needs a value.'],
    [['add', 'ada', '--name', '--role', 'admin'], '--name needs a value.'],
    [['add', 'ada', '--admin'], 'Unknown option --admin.'],
    [['remove', 'ada', '--role', 'admin'], '--role is an option of add only.'],
    [['list', '--name', 'Ada'], '--name is an option of add only.'],
  ])('given %j, then it is refused: %s', (argv, message) => {
    expect(() => commandOf(argv)).toThrow(message);
  });

  it.each([[['add', 'ada', 'hunter2hunter2']], [['reset-password', 'ada', 'hunter2hunter2']]])(
    'given %j, then the stray word (a password, maybe) is refused and not repeated',
    (argv) => {
      let message = '';
      try {
        commandOf(argv);
      } catch (err) {
        message = (err as Error).message;
      }
      expect(message).toMatch(/passwords are never given as arguments/);
      expect(message).not.toContain('hunter2');
    },
  );

  it('given piped standard input, then its first line is the password; nothing there is refused', () => {
    expect(pipedPassword('a sturdy passphrase\nmore\n')).toBe('a sturdy passphrase');
    expect(pipedPassword('a sturdy passphrase\r\n')).toBe('a sturdy passphrase');
    for (const text of ['', '\n', '\r\n']) {
      expect(() => pipedPassword(text), JSON.stringify(text)).toThrow(
        /No password came on standard input/,
      );
    }
  });

  it('given a password as an argument, then it is refused before anything else', () => {
    expect(() => commandOf(['add', 'ada', '--password=hunter2hunter2'])).toThrow(
      'Passwords are never given as arguments: pipe or type it',
    );
  });
});
