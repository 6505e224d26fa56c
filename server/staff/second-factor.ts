/**
 * An account's second factor: its TOTP key (sealed at rest) and its ten recovery codes (stored
 * keyed by HMAC; server/security/totp.ts). Reached as `app.staff.mfa`; resetting a second factor
 * is an account change and lives with the account service (server/staff/accounts.ts).
 *
 *   const codes = await staff.mfa.enrolTotp(user.id, secret, step);
 *   if (await staff.mfa.useRecoveryCode(user.id, code)) { ... }
 */
import { and, count, eq, inArray, isNull, lt, notLike, or } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import {
  KEYED_RECOVERY_PREFIX,
  newRecoveryCode,
  plainRecoveryHash,
  RECOVERY_CODES,
  type TotpKeys,
} from '../security/totp.ts';
import { staffRecoveryCodes, staffUsers } from './schema.ts';
import type { StaffRow } from './staff-user.ts';

export class SecondFactor {
  constructor(
    private readonly db: Db,
    private readonly totp: TotpKeys,
  ) {}

  /** Stores a confirmed TOTP key (plain base32) and answers ten fresh recovery codes. */
  async enrolTotp(id: string, secret: string, step: number | null): Promise<string[]> {
    await this.db
      .update(staffUsers)
      .set({
        totpSecret: this.totp.seal(secret),
        totpLastStep: step,
        mfaEnrolledAt: new Date(),
        mfaSetupTokenHash: null,
        mfaSetupExpiresAt: null,
      })
      .where(eq(staffUsers.id, id));
    return this.replaceRecoveryCodes(id);
  }

  /** A fresh TOTP key (base32), not yet stored. */
  newSecret(): string {
    return this.totp.newSecret();
  }

  /** The account's TOTP key in clear, or null when none (or it cannot be opened). */
  totpSecretOf(row: StaffRow): string | null {
    return row.totpSecret ? this.totp.open(row.totpSecret) : null;
  }

  /** Records `step` as the account's last TOTP step; false if it (or a later one) was used. */
  async markTotpStep(id: string, step: number): Promise<boolean> {
    // Conditional, so two requests with one code cannot both pass.
    const updated = await this.db
      .update(staffUsers)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(staffUsers.id, id),
          or(isNull(staffUsers.totpLastStep), lt(staffUsers.totpLastStep, step)),
        ),
      )
      .returning({ id: staffUsers.id });
    return updated.length === 1;
  }

  async replaceRecoveryCodes(id: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
    await this.db.transaction(async (tx) => {
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, id));
      await tx
        .insert(staffRecoveryCodes)
        .values(codes.map((code) => ({ userId: id, codeHash: this.totp.hashRecoveryCode(code) })));
    });
    return codes;
  }

  /** Whether `code` is one of the account's unused recovery codes (it stays unused). */
  async hasRecoveryCode(id: string, code: string): Promise<boolean> {
    const [row] = await this.db
      .select({ userId: staffRecoveryCodes.userId })
      .from(staffRecoveryCodes)
      .where(this.unusedCode(id, code))
      .limit(1);
    return row !== undefined;
  }

  /** Spends a recovery code; true if it was one of the account's unused codes. */
  async useRecoveryCode(id: string, code: string): Promise<boolean> {
    const used = await this.db
      .update(staffRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(this.unusedCode(id, code))
      .returning({ userId: staffRecoveryCodes.userId });
    return used.length === 1;
  }

  async recoveryCodesLeft(id: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(staffRecoveryCodes)
      .where(and(eq(staffRecoveryCodes.userId, id), isNull(staffRecoveryCodes.usedAt)));
    return Number(row?.n ?? 0);
  }

  /**
   * Rewrites the recovery codes an older server stored as plain SHA-256 in their keyed form (run
   * at start; several servers at once rewrite each row once). Answers how many it rewrote.
   */
  async rekeyRecoveryCodes(): Promise<number> {
    const plain = await this.db
      .select({ userId: staffRecoveryCodes.userId, codeHash: staffRecoveryCodes.codeHash })
      .from(staffRecoveryCodes)
      .where(notLike(staffRecoveryCodes.codeHash, `${KEYED_RECOVERY_PREFIX}%`));
    let rewritten = 0;
    for (const row of plain) {
      const done = await this.db
        .update(staffRecoveryCodes)
        .set({ codeHash: this.totp.rekeyRecoveryHash(row.codeHash) })
        .where(
          and(
            eq(staffRecoveryCodes.userId, row.userId),
            eq(staffRecoveryCodes.codeHash, row.codeHash),
          ),
        )
        .returning({ userId: staffRecoveryCodes.userId });
      rewritten += done.length;
    }
    return rewritten;
  }

  private unusedCode(id: string, code: string) {
    return and(
      eq(staffRecoveryCodes.userId, id),
      // Keyed, or plain as an older server stored it (until rekeyRecoveryCodes rewrites it).
      inArray(staffRecoveryCodes.codeHash, [
        this.totp.hashRecoveryCode(code),
        plainRecoveryHash(code),
      ]),
      isNull(staffRecoveryCodes.usedAt),
    );
  }
}
