/** Server configuration from the environment, with the defaults listed in docs/SERVER.md, "Configuration". */
import path from 'node:path';
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
  /** PUBLIC_URL: the site's address, for links in mails (default http://HOST:PORT). */
  publicUrl: string;
  /** RETENTION_DAYS (default 730): applications older than this are deleted, with their files. */
  retentionDays: number;
}

function trustProxy(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
}

const origins = (list: string): string[] =>
  list
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);

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
  if (chosen) throw new Error(`FILE_STORAGE must be disk, postgres or s3, not "${chosen}".`);
  return undefined;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = Number.parseInt(env.PORT ?? '3000', 10);
  const port = Number.isInteger(parsed) && parsed >= 0 && parsed < 65536 ? parsed : 3000;
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    distDir: path.resolve(env.DIST_DIR ?? 'dist'),
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production: env.NODE_ENV === 'production',
    corsOrigins: origins(env.CORS_ORIGINS ?? 'http://127.0.0.1:5174,http://localhost:5174'),
    // Applications come from any partner page unless CORS_ORIGINS names partners (set but
    // empty names none, so it restricts nothing; login then answers no other origin).
    submitOrigins: submitOrigins(env.CORS_ORIGINS),
    authSecret: env.AUTH_SECRET || undefined,
    trustProxy: trustProxy(env.TRUST_PROXY),
    staffMfa: env.STAFF_MFA === 'optional' ? 'optional' : 'required',
    auditRetentionDays: positive(env.AUDIT_RETENTION_DAYS, 365),
    hashPool: defaultHashPoolOptions(env),
    fileStorage: fileStorage(env),
    s3: s3FromEnv(env),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'The Spartans <no-reply@spartans.invalid>',
    publicUrl: (env.PUBLIC_URL || `http://${env.HOST ?? '127.0.0.1'}:${port}`).replace(/\/$/, ''),
    retentionDays: positive(env.RETENTION_DAYS, 730),
    rateLimits: {
      submit: {
        max: positive(env.SUBMIT_RATE_LIMIT, 10),
        windowSeconds: positive(env.SUBMIT_RATE_WINDOW_SECONDS, 600),
      },
      login: {
        max: positive(env.LOGIN_RATE_LIMIT, 20),
        windowSeconds: positive(env.LOGIN_RATE_WINDOW_SECONDS, 900),
      },
      loginFailuresPerUser: {
        max: positive(env.LOGIN_USER_FAILURE_LIMIT, 5),
        windowSeconds: positive(env.LOGIN_USER_FAILURE_WINDOW_SECONDS, 900),
      },
    },
  };
}
