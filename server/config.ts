/** Server configuration from the environment, with the defaults listed in docs/SERVER.md, "Configuration". */
import net from 'node:net';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { defaultHashPoolOptions, type HashPoolOptions } from './security/hash-pool.ts';
import type { S3Options } from './storage/s3.ts';

export interface RateLimit {
  /** Requests allowed per window. */
  max: number;
  windowSeconds: number;
}

export interface RateLimits {
  /** Public submissions (apply, invest), per client IP and per call. */
  submit: RateLimit;
  /** Login attempts per client IP. */
  login: RateLimit;
  /** Failed logins per (username, client IP); a success resets it. */
  loginFailuresPerUser: RateLimit;
  /** Longest hold-back of a failed login's answer (the progressive delay), in ms; 3000 by default. */
  loginFailureDelayMaxMs?: number;
}

export interface ServerConfig {
  host: string;
  port: number;
  /** Built output served by the app (site, widgets). */
  distDir: string;
  /** Where the embedded database and generated secrets live. */
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  /** Origins whose pages may log in and out through the login widget (exact match). */
  corsOrigins: string[];
  /** Origins whose pages may submit applications: `*` for any (no credentials either way). */
  submitOrigins: '*' | string[];
  /** Token signing secret (AUTH_SECRET); generated into the data folder when unset. */
  authSecret: string | undefined;
  rateLimits: RateLimits;
  /**
   * Whether to believe X-Forwarded-* (TRUST_PROXY): `false` (default: the socket
   * address is the client), a hop count, or a comma-separated list of proxy addresses.
   */
  trustProxy: boolean | number | string[];
  /** STAFF_MFA: `required` (default), every account has TOTP; `optional`, only those who set it up. */
  staffMfa: 'required' | 'optional';
  /** AUDIT_RETENTION_DAYS (default 365): audit entries older than this are deleted daily. */
  auditRetentionDays: number;
  /** Password worker threads and waiting room (HASH_CONCURRENCY, HASH_QUEUE). */
  hashPool: HashPoolOptions;
  /**
   * Where resume bytes live (FILE_STORAGE): `disk` (DATA_DIR/files), `postgres` or `s3`. Unset:
   * `s3` when S3 is configured, else `postgres` with DATABASE_URL, else `disk`. See
   * server/storage/index.ts.
   */
  fileStorage: 'disk' | 'postgres' | 's3' | undefined;
  /** The S3-compatible storage (S3_BUCKET, S3_PREFIX, S3_ENDPOINT, S3_REGION, …). */
  s3: S3Options | undefined;
  /** SMTP_URL: mail goes out through this server; unset, into DATA_DIR/outbox/ as .eml files. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every mail. */
  mailFrom: string;
  /**
   * PUBLIC_URL: the site's address, for links in mails. Unset: the address the server listens
   * on (serverUrl, with the port it really got).
   */
  publicUrl: string | undefined;
  /** RETENTION_DAYS (default 730): applications older than this are deleted, with their files. */
  retentionDays: number;
  /** METRICS_PORT: Prometheus metrics at /metrics on this port (HOST as for the site); unset, none. */
  metricsPort: number | undefined;
}

/**
 * A setting the server cannot run with: its message is one sentence naming the variable, which
 * start-up prints as it is (server/main.ts, startupMessage). A wrong value is refused rather than
 * replaced by the default, so that the server never runs on settings nobody chose.
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (!family || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function trustProxy(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const wrong = list.find((a) => !isAddressOrRange(a));
  if (wrong !== undefined || list.length === 0) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a number of proxies, or proxy addresses (10.0.0.1, 10.0.0.0/8), not "${wrong ?? value}".`,
    );
  }
  return list;
}

/** A whole number above 0 from `name`; unset or empty, the default. */
function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value))) {
    throw new ConfigError(`${name} must be a whole number above 0, not "${value}".`);
  }
  return Number(value);
}

/**
 * The URL of a server listening on `host` and `port`, as a browser on this machine opens it: an
 * IPv6 address in brackets, and this machine's loopback for an address that means every
 * interface (0.0.0.0, ::).
 */
export function serverUrl(host: string, port: number): string {
  const local = host === '' || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${local.includes(':') ? `[${local}]` : local}:${port}`;
}

/** An http(s) address from `name` (PUBLIC_URL), or an origin when `originOnly` (CORS_ORIGINS). */
function httpUrl(name: string, value: string, originOnly: boolean): string {
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    url = null;
  }
  const origin = url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.origin : null;
  if (!origin || (originOnly && value.replace(/\/$/, '') !== origin)) {
    throw new ConfigError(
      originOnly
        ? `${name} lists "${value}", which is not an origin such as https://partner.example (leave ${name} unset to let any page submit).`
        : `${name} must be an http or https address such as https://spartans.example, not "${value}".`,
    );
  }
  return originOnly ? origin : value.replace(/\/$/, '');
}

/** The partner origins of `npm run demo`, listed by default outside production. */
const DEMO_ORIGINS = 'http://127.0.0.1:5174,http://localhost:5174';

const origins = (list: string): string[] =>
  list
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)
    .map((o) => httpUrl('CORS_ORIGINS', o, true));

/**
 * An address with one of `schemes` (DATABASE_URL, SMTP_URL), or undefined when unset; else one
 * sentence, which never echoes the value (it may hold a password).
 */
function schemeUrl(value: string | undefined, schemes: string[], refusal: string) {
  if (!value) return undefined;
  let protocol = '';
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = '';
  }
  if (!schemes.includes(protocol)) throw new ConfigError(refusal);
  return value;
}

const databaseUrl = (value: string | undefined) =>
  schemeUrl(
    value,
    ['postgres:', 'postgresql:'],
    'DATABASE_URL must be a PostgreSQL address such as postgres://user:password@db.example:5432/spartans (its value is not shown: it may hold a password).',
  );

const smtpUrl = (value: string | undefined) =>
  schemeUrl(
    value,
    ['smtp:', 'smtps:'],
    'SMTP_URL must be an smtp:// or smtps:// address, such as smtps://user:password@mail.example:465.',
  );

const DEFAULT_FROM = 'The Spartans <no-reply@spartans.invalid>';

/** One sender, as nodemailer reads it: an address with a name or without. */
function mailFrom(value: string | undefined): string {
  if (!value) return DEFAULT_FROM;
  const parsed = addressparser(value);
  const one = parsed.length === 1 ? parsed[0] : undefined;
  if (!one || !('address' in one) || !/^[^\s@]+@[^\s@]+$/.test(one.address ?? '')) {
    throw new ConfigError(
      `MAIL_FROM must be one address such as "The Spartans <no-reply@spartans.example>", not "${value}".`,
    );
  }
  return value;
}

function port(value: string | undefined, name = 'PORT'): number {
  if (value === undefined || value === '') return 3000;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) {
    throw new ConfigError(`${name} must be a port number from 0 to 65535, not "${value}".`);
  }
  return Number(value);
}

/** METRICS_PORT: unset, no metrics; never the site's own port (0, a free one, excepted). */
function metricsPort(value: string | undefined, site: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const chosen = port(value, 'METRICS_PORT');
  if (chosen !== 0 && chosen === site) {
    throw new ConfigError(
      `METRICS_PORT must differ from PORT (${site}): the metrics are served on a port of their own.`,
    );
  }
  return chosen;
}

function staffMfa(value: string | undefined): ServerConfig['staffMfa'] {
  if (value === undefined || value === '' || value === 'required') return 'required';
  if (value === 'optional') return 'optional';
  throw new ConfigError(`STAFF_MFA must be required or optional, not "${value}".`);
}

function submitOrigins(list: string | undefined): ServerConfig['submitOrigins'] {
  const listed = origins(list ?? '');
  return listed.length > 0 ? listed : '*';
}

function s3FromEnv(env: NodeJS.ProcessEnv): S3Options | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    prefix: env.S3_PREFIX ?? 'resumes/',
    endpoint: env.S3_ENDPOINT || undefined,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true' || Boolean(env.S3_ENDPOINT),
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
  };
}

function fileStorage(env: NodeJS.ProcessEnv): ServerConfig['fileStorage'] {
  const chosen = env.FILE_STORAGE;
  if (chosen === 'disk' || chosen === 'postgres' || chosen === 's3') return chosen;
  if (chosen) throw new ConfigError(`FILE_STORAGE must be disk, postgres or s3, not "${chosen}".`);
  return undefined;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const listenPort = port(env.PORT);
  // Read where they are used (the password threads, the database pools): checked here, so that a
  // wrong value stops the start instead of becoming a default or a negative size.
  for (const name of ['HASH_CONCURRENCY', 'HASH_QUEUE', 'DATABASE_POOL_SIZE'])
    positive(env, name, 1);
  return {
    host: env.HOST || '127.0.0.1',
    port: listenPort,
    distDir: path.resolve(env.DIST_DIR || 'dist'),
    // Empty is unset, as for every setting: path.resolve('') would be the current folder.
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: databaseUrl(env.DATABASE_URL),
    production: env.NODE_ENV === 'production',
    // Unset: the demo's partner pages (`npm run demo`) in development; none in production, where
    // a listed origin's pages may log staff in.
    corsOrigins: origins(env.CORS_ORIGINS ?? (env.NODE_ENV === 'production' ? '' : DEMO_ORIGINS)),
    // Applications come from any partner page unless CORS_ORIGINS names partners (set but
    // empty names none, so it restricts nothing; login then answers no other origin).
    submitOrigins: submitOrigins(env.CORS_ORIGINS),
    authSecret: env.AUTH_SECRET || undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
    staffMfa: staffMfa(env.STAFF_MFA),
    auditRetentionDays: positive(env, 'AUDIT_RETENTION_DAYS', 365),
    hashPool: defaultHashPoolOptions(env),
    fileStorage: fileStorage(env),
    s3: s3FromEnv(env),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: mailFrom(env.MAIL_FROM),
    publicUrl: env.PUBLIC_URL ? httpUrl('PUBLIC_URL', env.PUBLIC_URL, false) : undefined,
    retentionDays: positive(env, 'RETENTION_DAYS', 730),
    metricsPort: metricsPort(env.METRICS_PORT, listenPort),
    rateLimits: {
      submit: {
        max: positive(env, 'SUBMIT_RATE_LIMIT', 10),
        windowSeconds: positive(env, 'SUBMIT_RATE_WINDOW_SECONDS', 600),
      },
      login: {
        max: positive(env, 'LOGIN_RATE_LIMIT', 20),
        windowSeconds: positive(env, 'LOGIN_RATE_WINDOW_SECONDS', 900),
      },
      loginFailuresPerUser: {
        max: positive(env, 'LOGIN_USER_FAILURE_LIMIT', 5),
        windowSeconds: positive(env, 'LOGIN_USER_FAILURE_WINDOW_SECONDS', 900),
      },
    },
  };
}
