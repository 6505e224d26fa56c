/**
 * Settings from the environment: a wrong value is refused with one sentence naming the variable
 * (and `npm start` prints that sentence alone, before any build), never replaced by a default.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configFromEnv, serverUrl } from '../../server/config.ts';
import { ListenError, startupMessage } from '../../server/main.ts';
import { pgliteDataDir } from './pglite-template.ts';
import { run } from './processes.ts';

describe('settings', () => {
  it.each<[NodeJS.ProcessEnv, string]>([
    [{ PORT: 'abc' }, 'PORT must be a port number from 0 to 65535, not "abc".'],
    [{ PORT: '99999' }, 'PORT must be a port number from 0 to 65535, not "99999".'],
    [{ PORT: '-1' }, 'PORT must be a port number from 0 to 65535, not "-1".'],
    [{ METRICS_PORT: 'x' }, 'METRICS_PORT must be a port number from 0 to 65535, not "x".'],
    [
      { PORT: '8080', METRICS_PORT: '8080' },
      'METRICS_PORT must differ from PORT (8080): the metrics are served on a port of their own.',
    ],
    [{ STAFF_MFA: 'maybe' }, 'STAFF_MFA must be required or optional, not "maybe".'],
    [
      { CORS_ORIGINS: 'https://ok.example, not a url' },
      'CORS_ORIGINS lists "not a url", which is not an origin such as https://partner.example (leave CORS_ORIGINS unset to let any page submit).',
    ],
    [
      { CORS_ORIGINS: 'https://partner.example/embed' },
      'CORS_ORIGINS lists "https://partner.example/embed", which is not an origin such as https://partner.example (leave CORS_ORIGINS unset to let any page submit).',
    ],
    [
      { CORS_ORIGINS: '*' },
      'CORS_ORIGINS lists "*", which is not an origin such as https://partner.example (leave CORS_ORIGINS unset to let any page submit).',
    ],
    [
      { TRUST_PROXY: 'yes' },
      'TRUST_PROXY must be true, false, a number of proxies, or proxy addresses (10.0.0.1, 10.0.0.0/8), not "yes".',
    ],
    [
      { TRUST_PROXY: '10.0.0.1,10.0.0.0/33' },
      'TRUST_PROXY must be true, false, a number of proxies, or proxy addresses (10.0.0.1, 10.0.0.0/8), not "10.0.0.0/33".',
    ],
    [
      { SMTP_URL: 'mail.example:25' },
      'SMTP_URL must be an smtp:// or smtps:// address, such as smtps://user:password@mail.example:465.',
    ],
    [
      { PUBLIC_URL: 'spartans.example' },
      'PUBLIC_URL must be an http or https address such as https://spartans.example, not "spartans.example".',
    ],
    [{ SUBMIT_RATE_LIMIT: 'ten' }, 'SUBMIT_RATE_LIMIT must be a whole number above 0, not "ten".'],
    [{ RETENTION_DAYS: '0' }, 'RETENTION_DAYS must be a whole number above 0, not "0".'],
    [
      { LOGIN_RATE_WINDOW_SECONDS: '-5' },
      'LOGIN_RATE_WINDOW_SECONDS must be a whole number above 0, not "-5".',
    ],
    [{ HASH_QUEUE: '-1' }, 'HASH_QUEUE must be a whole number above 0, not "-1".'],
    [
      { DATABASE_POOL_SIZE: 'abc' },
      'DATABASE_POOL_SIZE must be a whole number above 0, not "abc".',
    ],
    [{ FILE_STORAGE: 'bogus' }, 'FILE_STORAGE must be disk, postgres or s3, not "bogus".'],
    ...['notaurl', 'mysql://root:secret@db/x'].map((value): [NodeJS.ProcessEnv, string] => [
      { DATABASE_URL: value },
      'DATABASE_URL must be a PostgreSQL address such as postgres://user:password@db.example:5432/spartans (its value is not shown: it may hold a password).',
    ]),
    ...['nobody', 'Name <nobody>', 'a@b.example, c@d.example', 'The Spartans'].map(
      (from) =>
        [
          { MAIL_FROM: from },
          `MAIL_FROM must be one address such as "The Spartans <no-reply@spartans.example>", not "${from}".`,
        ] satisfies [NodeJS.ProcessEnv, string],
    ),
  ])('given %o, then it is refused: %s', (env, message) => {
    expect(() => configFromEnv(env)).toThrow(new ConfigError(message));
  });

  it('given good values, then they are taken as written', () => {
    const config = configFromEnv({
      PORT: '0',
      STAFF_MFA: 'optional',
      CORS_ORIGINS: 'https://partner.example/, http://127.0.0.1:5174',
      TRUST_PROXY: '10.0.0.1, 10.0.0.0/8, fd00::/8',
      SMTP_URL: 'smtps://user:secret@mail.example:465',
      PUBLIC_URL: 'https://spartans.example/',
      RETENTION_DAYS: '30',
      MAIL_FROM: 'PSWF desk <desk@spartans.example>',
    });
    expect(config.mailFrom).toBe('PSWF desk <desk@spartans.example>');
    expect(configFromEnv({ MAIL_FROM: 'desk@spartans.example' }).mailFrom).toBe(
      'desk@spartans.example',
    );
    expect(config.port).toBe(0);
    expect(config.staffMfa).toBe('optional');
    expect(config.corsOrigins).toEqual(['https://partner.example', 'http://127.0.0.1:5174']);
    // Unset: the demo's pages may log in during development, no partner page in production.
    expect(configFromEnv({}).corsOrigins).toEqual([
      'http://127.0.0.1:5174',
      'http://localhost:5174',
    ]);
    expect(configFromEnv({ NODE_ENV: 'production' }).corsOrigins).toEqual([]);
    expect(config.trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8', 'fd00::/8']);
    expect(config.publicUrl).toBe('https://spartans.example');
    expect(configFromEnv({}).publicUrl).toBeUndefined();
    expect(config.retentionDays).toBe(30);
    // Unset or empty: the defaults (an empty DATA_DIR or DIST_DIR is not the current folder).
    const defaults = configFromEnv({
      PORT: '',
      STAFF_MFA: '',
      RETENTION_DAYS: '',
      DATA_DIR: '',
      DIST_DIR: '',
      HOST: '',
    });
    expect([defaults.dataDir, defaults.distDir, defaults.host]).toEqual([
      path.resolve('data'),
      path.resolve('dist'),
      '127.0.0.1',
    ]);
    expect([defaults.port, defaults.staffMfa, defaults.retentionDays]).toEqual([
      3000,
      'required',
      730,
    ]);
  });

  it('given a wrong setting, then `npm start` says it in one sentence and exits 1, before building anything', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-config-'));
    try {
      const result = await run('scripts/bootstrap.mjs', ['start'], {
        PORT: 'abc',
        DATA_DIR: dataDir,
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe('PORT must be a port number from 0 to 65535, not "abc".');
      expect(result.stdout).not.toMatch(/Building/);
      // Nothing was created in the data folder either.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('given a port another program holds, then the server says it cannot listen there, in one sentence naming HOST and PORT', async () => {
    // A migrated database, as a first start leaves it: the start gets as far as listening.
    const dataDir = pgliteDataDir('config-');
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    try {
      const result = await run('server/main.ts', [], {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `The server cannot start: it cannot listen on 127.0.0.1:${port} (another program is using that port, EADDRINUSE); set HOST to an address of this machine and PORT to a free port.`,
      );
    } finally {
      holder.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.each([
    ['ENOTFOUND', 'no such host, ENOTFOUND'],
    ['EADDRNOTAVAIL', 'that address is not one of this machine, EADDRNOTAVAIL'],
    ['EACCES', 'permission denied, EACCES'],
  ])(
    'given listening failed with %s, then the sentence names HOST and PORT, not the database or the data folder',
    (code, problem) => {
      // The same codes come from the database's host lookup and from the data folder's files.
      const cause = Object.assign(new Error(`getaddrinfo ${code} db.example`), {
        code,
        syscall: 'getaddrinfo',
      });
      expect(startupMessage(new ListenError('999.1.1.1', 3000, cause))).toBe(
        `The server cannot start: it cannot listen on 999.1.1.1:3000 (${problem}); set HOST to an address of this machine and PORT to a free port.`,
      );
    },
  );

  it('given no database answering at DATABASE_URL, then the staff CLI says so in one sentence, with neither query nor password', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-config-'));
    try {
      const result = await run('server/cli/staff.ts', ['list'], {
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://spartan:hunter2-secret@127.0.0.1:1/spartans',
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        'The command failed: the database did not answer or refused it (ECONNREFUSED); check DATABASE_URL and that it is running.',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the server's URL, as printed and linked", () => {
  it.each([
    ['127.0.0.1', 3000, 'http://127.0.0.1:3000'],
    ['localhost', 8080, 'http://localhost:8080'],
    ['::1', 3461, 'http://[::1]:3461'],
    ['0.0.0.0', 3000, 'http://127.0.0.1:3000'],
    ['::', 3000, 'http://127.0.0.1:3000'],
  ])('given HOST %s and port %i, then %s', (host, port, url) => {
    expect(serverUrl(host, port)).toBe(url);
    expect(new URL(url).port).toBe(String(port));
  });
});
