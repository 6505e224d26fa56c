/**
 * The login's challenges: what stands between a correct password and a finished login (a second
 * factor, its setup, or a forced new password).
 *
 * A challenge is a random string whose SHA-256 names a staff_login_challenges row: five minutes,
 * one stage, five wrong codes at most, and one challenge per account (a new one replaces the
 * last). Calls sent at once on one challenge cannot beat that: a code step claims one of its
 * tries in one statement before the code is checked, and the step that completes uses the
 * challenge up in one statement that only one call can win.
 *
 *   const challenge = await challenges.issue(user, 'mfa');          // answered to the client
 *   const { row, user, last } = await challenges.claim(challenge, 'mfa');
 *   … check the code; if wrong: nothing more, the try stays spent …
 *   await challenges.useUp(row);                                     // or ERR_LOGIN_EXPIRED
 */
import crypto from 'node:crypto';
import { and, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import { ERR_LOGIN_EXPIRED } from '../api-errors.ts';
import type { Db, Tx } from '../db/index.ts';
import type { LoginThrottle } from '../security/login-limiter.ts';
import type { TotpKeys } from '../security/totp.ts';
import { sha256, type StaffRow } from './staff-user.ts';
import { staffLoginChallenges } from './schema.ts';

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_ATTEMPTS = 5;

export type Stage = 'mfa' | 'mfa_setup' | 'password';
export type ChallengeRow = typeof staffLoginChallenges.$inferSelect;

export interface LoginChallengeOptions {
  db: Db;
  /** The account a challenge belongs to, read fresh at each step. */
  findUser: (id: string) => Promise<StaffRow | undefined>;
  /** The account's allowance of wrong codes (server/security/login-limiter.ts). */
  throttle: Pick<LoginThrottle, 'takeCode' | 'giveBackCode'>;
  /** Seals the TOTP key offered during setup. */
  totpKeys: Pick<TotpKeys, 'seal' | 'open'>;
  /** The clock, in milliseconds (tests move it). */
  now?: () => number;
}

export class LoginChallenges {
  private readonly now: () => number;

  constructor(private readonly options: LoginChallengeOptions) {
    this.now = options.now ?? Date.now;
  }

  /** A new challenge for `user` at `stage`, replacing the account's last one and expired ones. */
  async issue(user: Pick<StaffRow, 'id'>, stage: Stage, totpSecret?: string): Promise<string> {
    const { db, totpKeys } = this.options;
    const challenge = crypto.randomBytes(32).toString('base64url');
    const now = this.now();
    await db
      .delete(staffLoginChallenges)
      .where(
        or(
          lt(staffLoginChallenges.expiresAt, new Date(now)),
          eq(staffLoginChallenges.userId, user.id),
        ),
      );
    await db.insert(staffLoginChallenges).values({
      id: sha256(challenge),
      userId: user.id,
      stage,
      totpSecret: totpSecret ? totpKeys.seal(totpSecret) : null,
      attempts: 0,
      expiresAt: new Date(now + CHALLENGE_TTL_MS),
    });
    return challenge;
  }

  /** The challenge's row while it is good for `stage`: unexpired, with tries left. */
  private live(challenge: string, stage: Stage): SQL | undefined {
    return and(
      eq(staffLoginChallenges.id, sha256(challenge)),
      eq(staffLoginChallenges.stage, stage),
      gt(staffLoginChallenges.expiresAt, new Date(this.now())),
      lt(staffLoginChallenges.attempts, CHALLENGE_ATTEMPTS),
    );
  }

  private async ownerOf(row: ChallengeRow | undefined) {
    const user = row && (await this.options.findUser(row.userId));
    if (!row || !user) throw ERR_LOGIN_EXPIRED();
    return { row, user };
  }

  /** The live challenge of a step that checks no code (the new password); else 401 expired. */
  async load(challenge: string, stage: Stage): Promise<{ row: ChallengeRow; user: StaffRow }> {
    const [row] = await this.options.db
      .select()
      .from(staffLoginChallenges)
      .where(this.live(challenge, stage))
      .limit(1);
    return this.ownerOf(row);
  }

  /**
   * Claims one of the challenge's tries, and one of the account's code tries, before a code is
   * checked: of calls sent at once, no more than five check a code on one challenge, nor more
   * than the account's allowance. `last`: whether that was the account's last try.
   */
  async claim(
    challenge: string,
    stage: Stage,
  ): Promise<{ row: ChallengeRow; user: StaffRow; last: boolean }> {
    const { db, throttle } = this.options;
    const [claimed] = await db
      .update(staffLoginChallenges)
      .set({ attempts: sql`${staffLoginChallenges.attempts} + 1` })
      .where(this.live(challenge, stage))
      .returning();
    const { row, user } = await this.ownerOf(claimed);
    try {
      return { row, user, last: await throttle.takeCode(user.id) };
    } catch (err) {
      // 429: no code checked, so the challenge's try is given back.
      await db
        .update(staffLoginChallenges)
        .set({ attempts: sql`${staffLoginChallenges.attempts} - 1` })
        .where(eq(staffLoginChallenges.id, row.id));
      throw err;
    }
  }

  /** A right code: its account try is given back, and the challenge used up (by one call only). */
  async useUp(row: ChallengeRow): Promise<void> {
    await this.options.throttle.giveBackCode(row.userId);
    const deleted = await this.options.db
      .delete(staffLoginChallenges)
      .where(eq(staffLoginChallenges.id, row.id))
      .returning({ id: staffLoginChallenges.id });
    if (deleted.length === 0) throw ERR_LOGIN_EXPIRED();
  }

  /** Uses the live challenge up inside `tx` (with the write it guards); else 401 expired. */
  async useUpIn(tx: Tx, challenge: string, stage: Stage): Promise<void> {
    const deleted = await tx
      .delete(staffLoginChallenges)
      .where(this.live(challenge, stage))
      .returning({ id: staffLoginChallenges.id });
    if (deleted.length === 0) throw ERR_LOGIN_EXPIRED();
  }

  /** The TOTP key a setup challenge offered, or null. */
  offeredSecret(row: ChallengeRow): string | null {
    return row.totpSecret ? this.options.totpKeys.open(row.totpSecret) : null;
  }
}
