/** The login-challenge state machine on a real embedded database (PGlite, migrated). */
import crypto from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pgliteDataDir } from '../../tests/api/pglite-template.ts';
import { CODES } from '../api-errors.ts';
import { configFromEnv } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { staffUsers } from './schema.ts';
import { LoginThrottle } from '../security/login-limiter.ts';
import { TotpKeys } from '../security/totp.ts';
import { CHALLENGE_ATTEMPTS, CHALLENGE_TTL_MS, LoginChallenges } from './login-challenges.ts';
import { staffLoginChallenges } from './schema.ts';
import { StaffService } from './accounts.ts';
import { AuditLog } from './audit-trail.ts';
import { ARGON2_PARAMS, PasswordHasher } from '../security/passwords.ts';
import { defaultHashPoolOptions } from '../security/hash-pool.ts';

let database: Database;
let throttle: LoginThrottle;
let clock: number;
let challenges: LoginChallenges;
let user: typeof staffUsers.$inferSelect;

const expired = { code: CODES.LOGIN_EXPIRED };

async function addUser(username: string) {
  const [row] = await database.db
    .insert(staffUsers)
    .values({
      id: crypto.randomUUID(),
      username,
      name: username,
      role: 'reviewer',
      passwordHash: '',
      createdAt: new Date(),
    })
    .returning();
  return row!;
}

beforeEach(async () => {
  database = await openDatabase({
    dataDir: pgliteDataDir('spartan-challenges-'),
    databaseUrl: undefined,
  });
  throttle = LoginThrottle.create(configFromEnv().rateLimits, undefined);
  clock = Date.now();
  challenges = new LoginChallenges({
    db: database.db,
    findUser: async (id) =>
      (await database.db.select().from(staffUsers)).find((row) => row.id === id),
    throttle,
    totpKeys: new TotpKeys(crypto.randomBytes(32), crypto.randomBytes(32)),
    now: () => clock,
  });
  user = await addUser('ada');
});

afterEach(async () => {
  await throttle.close();
  await database.close();
});

describe('login challenges', () => {
  it('a claimed challenge names its account, and is used up once only', async () => {
    const challenge = await challenges.issue(user, 'mfa');
    const { row, user: owner, last } = await challenges.claim(challenge, 'mfa');
    expect(owner.id).toBe(user.id);
    expect(row.attempts).toBe(1);
    expect(last).toBe(false);
    await challenges.useUp(row);
    await expect(challenges.useUp(row)).rejects.toMatchObject(expired);
    await expect(challenges.claim(challenge, 'mfa')).rejects.toMatchObject(expired);
  });

  it('is good for its own stage only, and is not stored as given', async () => {
    const challenge = await challenges.issue(user, 'password');
    await expect(challenges.claim(challenge, 'mfa')).rejects.toMatchObject(expired);
    await expect(challenges.load(challenge, 'mfa_setup')).rejects.toMatchObject(expired);
    expect((await challenges.load(challenge, 'password')).user.id).toBe(user.id);
    const ids = (await database.db.select().from(staffLoginChallenges)).map((r) => r.id);
    expect(ids).toHaveLength(1);
    expect(ids).not.toContain(challenge);
  });

  it(`allows ${CHALLENGE_ATTEMPTS} tries, also when they are sent at once`, async () => {
    const challenge = await challenges.issue(user, 'mfa');
    const tries = await Promise.allSettled(
      Array.from({ length: CHALLENGE_ATTEMPTS + 3 }, () => challenges.claim(challenge, 'mfa')),
    );
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(CHALLENGE_ATTEMPTS);
    for (const t of tries.filter((t) => t.status === 'rejected')) {
      expect(t.reason).toMatchObject(expired);
    }
  });

  it('of two calls using one challenge up at once, one wins', async () => {
    const challenge = await challenges.issue(user, 'mfa');
    const { row } = await challenges.claim(challenge, 'mfa');
    const uses = await Promise.allSettled([challenges.useUp(row), challenges.useUp(row)]);
    expect(uses.map((u) => u.status).sort()).toEqual(['fulfilled', 'rejected']);
  });

  it('expires after its time', async () => {
    const challenge = await challenges.issue(user, 'mfa');
    clock += CHALLENGE_TTL_MS - 1_000;
    await challenges.load(challenge, 'mfa');
    clock += 2_000;
    await expect(challenges.load(challenge, 'mfa')).rejects.toMatchObject(expired);
  });

  it('a new challenge replaces the account’s last one, not another account’s', async () => {
    const bob = await addUser('bob');
    const first = await challenges.issue(user, 'mfa');
    const bobs = await challenges.issue(bob, 'mfa');
    const second = await challenges.issue(user, 'mfa');
    await expect(challenges.load(first, 'mfa')).rejects.toMatchObject(expired);
    expect((await challenges.load(second, 'mfa')).user.id).toBe(user.id);
    expect((await challenges.load(bobs, 'mfa')).user.id).toBe(bob.id);
  });

  it('loading spends no try; using up inside a transaction ends it', async () => {
    const challenge = await challenges.issue(user, 'password');
    for (let i = 0; i < CHALLENGE_ATTEMPTS + 1; i++) await challenges.load(challenge, 'password');
    await database.db.transaction((tx) => challenges.useUpIn(tx, challenge, 'password'));
    await expect(
      database.db.transaction((tx) => challenges.useUpIn(tx, challenge, 'password')),
    ).rejects.toMatchObject(expired);
  });

  it('keeps the TOTP key a setup offers sealed, and gives it back', async () => {
    const challenge = await challenges.issue(user, 'mfa_setup', 'JBSWY3DPEHPK3PXP');
    const { row } = await challenges.claim(challenge, 'mfa_setup');
    expect(row.totpSecret).not.toContain('JBSWY3DPEHPK3PXP');
    expect(challenges.offeredSecret(row)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('a deleted account’s challenge is expired', async () => {
    const challenge = await challenges.issue(user, 'mfa');
    await database.db.delete(staffUsers);
    await expect(challenges.claim(challenge, 'mfa')).rejects.toMatchObject(expired);
  });
});

describe('a pending login step and changes to its account', () => {
  it.each(['endSessions', 'resetMfa', 'setRole', 'resetPasswordWithLink'] as const)(
    'given a login begun before it, then %s discards the pending step',
    async (change) => {
      const hasher = new PasswordHasher(ARGON2_PARAMS, defaultHashPoolOptions({}));
      const auditLog = new AuditLog(database.db);
      const staff = new StaffService(
        database.db,
        hasher,
        new TotpKeys(crypto.randomBytes(32), crypto.randomBytes(32)),
        auditLog,
      );
      try {
        const challenge = await challenges.issue(user, 'password');
        if (change === 'setRole') await staff.setRole(user.id, 'admin');
        else await staff[change](user.id);
        await expect(challenges.claim(challenge, 'password')).rejects.toMatchObject(expired);
      } finally {
        auditLog.stop();
        await hasher.close();
      }
    },
  );
});
