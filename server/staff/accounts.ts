/**
 * Staff accounts: create, list, change role, remove, reset password or second factor, end
 * sessions. One service behind the CLI (`npm run staff`, directly or through the running
 * server's admin socket, server/cli/admin-socket.ts), the admin API (server/staff/admin-routes.ts)
 * and tests (decorated as `app.staff`):
 *
 *   const app = await build({ dataDir, ... });
 *   await app.staff.create({ username: 'ada', password: 'a long passphrase', name: 'Ada' });
 *
 * The first account ever created is an admin; later ones default to reviewer. There is no
 * default account. Usernames are stored normalised (trimmed, NFKC, lower case), so `Bob`,
 * ` bob ` and `ｂｏｂ` name one account. The account's TOTP key and recovery codes are
 * `app.staff.mfa` (server/staff/second-factor.ts); setup links are server/staff/setup-links.ts.
 */
import crypto from 'node:crypto';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AuditEvent } from '../../schemas/audit-events.ts';
import type { ServedStaffAccount } from '../../schemas/staff.ts';
import type { AuditLog } from './audit-trail.ts';
import type { Db, Tx } from '../db/index.ts';
import { staffLoginChallenges, staffRecoveryCodes, staffSessions, staffUsers } from './schema.ts';
import type { PasswordHasher } from '../security/passwords.ts';
import type { TotpKeys } from '../security/totp.ts';
import {
  checkedName,
  isRole,
  normaliseUsername,
  StaffAccountError,
  usernameProblem,
  type Role,
} from './account-rules.ts';
import { SecondFactor } from './second-factor.ts';
import { IDLE_TIMEOUT_MS } from './sessions.ts';
import { newSetupLink, type SetupLink } from './setup-links.ts';
import {
  CLI_ACTOR,
  publicUser,
  sha256,
  type Actor,
  type StaffRow,
  type StaffUser,
} from './staff-user.ts';

export interface NewStaffAccount {
  username: string;
  name?: string | undefined;
  role?: Role | undefined;
  password?: string | undefined;
  /**
   * `direct` (default): the password given is the account's. `password`: an initial password,
   * changed at first login. `link`: no password; a one-time setup link sets it.
   */
  setup?: 'direct' | 'password' | 'link' | undefined;
}

const publicColumns = {
  id: staffUsers.id,
  username: staffUsers.username,
  role: staffUsers.role,
  name: staffUsers.name,
};

/** Why an admin may not reset their own password here (they change it under My account). */
export const SELF_RESET =
  'You cannot reset your own password: change it under My account, with your current one';

export class StaffService {
  /** The accounts' second factors: TOTP keys and recovery codes. */
  readonly mfa: SecondFactor;

  constructor(
    private readonly db: Db,
    private readonly hasher: PasswordHasher,
    totp: TotpKeys,
    private readonly auditLog: AuditLog,
  ) {
    this.mfa = new SecondFactor(db, totp);
  }

  /** Creates an account; refuses a bad username, a weak password or a duplicate. */
  async create(
    account: NewStaffAccount,
    actor: Actor = CLI_ACTOR,
  ): Promise<StaffUser & { setupLink?: SetupLink }> {
    const username = normaliseUsername(account.username);
    const bad = usernameProblem(username);
    if (bad) throw new StaffAccountError(bad, 'invalid', 'username');
    const setup = account.setup ?? 'direct';
    let passwordHash = '';
    if (setup !== 'link') {
      const problem = await this.hasher.problem(account.password ?? '', username);
      if (problem) throw new StaffAccountError(problem, 'invalid', 'password');
      passwordHash = await this.hasher.hash(account.password ?? '');
    }
    const name = checkedName(account.name ?? '');
    const link = setup === 'link' ? newSetupLink() : undefined;
    const user = await this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: staffUsers.id })
        .from(staffUsers)
        .where(eq(staffUsers.username, username))
        .limit(1);
      if (existing) {
        throw new StaffAccountError(
          `A staff account named ${username} already exists`,
          'exists',
          'username',
        );
      }
      // The first account ever is an admin: someone must be able to manage the rest.
      const [any] = await tx.select({ id: staffUsers.id }).from(staffUsers).limit(1);
      const role: Role = any ? (account.role ?? 'reviewer') : 'admin';
      const created: StaffUser = { id: crypto.randomUUID(), username, role, name };
      await tx.insert(staffUsers).values({
        ...created,
        passwordHash,
        createdAt: new Date(),
        passwordChangeRequired: setup === 'password',
        setupTokenHash: link ? sha256(link.token) : null,
        setupExpiresAt: link?.expiresAt ?? null,
      });
      return created;
    });
    await this.record(actor, 'staff.created', user.id, { role: user.role, setup });
    return link ? { ...user, setupLink: link } : user;
  }

  /** Every account, as the admin API lists them (schemas/staff.ts). */
  async list(): Promise<ServedStaffAccount[]> {
    const rows = await this.db
      .select({
        ...publicColumns,
        createdAt: staffUsers.createdAt,
        lastLoginAt: staffUsers.lastLoginAt,
        mfaEnrolledAt: staffUsers.mfaEnrolledAt,
        passwordChangeRequired: staffUsers.passwordChangeRequired,
        setupTokenHash: staffUsers.setupTokenHash,
        mfaSetupTokenHash: staffUsers.mfaSetupTokenHash,
        // The outer column named with its table: drizzle writes a lone `"id"`, which inside the
        // subquery is the session's own id (the count was always 0).
        sessions: sql<number>`(SELECT count(*)::int FROM ${staffSessions} s WHERE s.user_id = ${staffUsers}.${sql.identifier(staffUsers.id.name)}
          AND s.expires_at > now() AND s.absolute_expires_at > now()
          AND s.last_seen_at > now() - make_interval(secs => ${IDLE_TIMEOUT_MS / 1000}))`,
      })
      .from(staffUsers)
      .orderBy(asc(staffUsers.username));
    return rows.map((r) => ({
      ...publicUser(r),
      created_at: r.createdAt,
      last_login_at: r.lastLoginAt,
      mfa_enrolled: r.mfaEnrolledAt !== null,
      password_change_required: r.passwordChangeRequired,
      setup_pending: r.setupTokenHash !== null || r.mfaSetupTokenHash !== null,
      active_sessions: Number(r.sessions),
    }));
  }

  async get(id: string): Promise<ServedStaffAccount> {
    const account = (await this.list()).find((a) => a.id === id);
    if (!account) throw new StaffAccountError('No such staff account', 'not_found');
    return account;
  }

  async findByUsername(username: string): Promise<StaffRow | undefined> {
    const rows = await this.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.username, normaliseUsername(username)))
      .limit(1);
    return rows[0];
  }

  async findById(id: string): Promise<StaffRow | undefined> {
    const rows = await this.db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
    return rows[0];
  }

  /** The id of the account named `username`, or a not_found error. */
  async idOf(username: string): Promise<string> {
    const row = await this.findByUsername(username);
    if (!row) throw new StaffAccountError(`No staff account named ${username}`, 'not_found');
    return row.id;
  }

  /** Removes the account named `username` and every session it holds. True if it existed. */
  async remove(username: string, actor: Actor = CLI_ACTOR): Promise<boolean> {
    const row = await this.findByUsername(username);
    if (!row) return false;
    await this.removeById(row.id, actor);
    return true;
  }

  /** Removes an account (sessions go with it: ON DELETE CASCADE). Never the last admin. */
  async removeById(id: string, actor: Actor = CLI_ACTOR): Promise<void> {
    if (actor.id === id) {
      throw new StaffAccountError('You cannot remove your own account', 'self');
    }
    const removed = await this.db.transaction(async (tx) => {
      await this.guardLastAdmin(tx, id);
      return tx
        .delete(staffUsers)
        .where(eq(staffUsers.id, id))
        .returning({ username: staffUsers.username });
    });
    if (removed.length === 0) throw new StaffAccountError('No such staff account', 'not_found');
    await this.record(actor, 'staff.removed', id, {});
  }

  /**
   * Changes the role; the account's sessions end, so its next login carries the new role.
   * Answers false, changing nothing, when the account has that role already.
   */
  async setRole(id: string, role: Role, actor: Actor = CLI_ACTOR): Promise<boolean> {
    if (!isRole(role)) {
      throw new StaffAccountError('The role must be admin or reviewer', 'invalid', 'role');
    }
    const changed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ role: staffUsers.role })
        .from(staffUsers)
        .where(eq(staffUsers.id, id))
        .limit(1);
      if (!row) throw new StaffAccountError('No such staff account', 'not_found');
      if (row.role === role) return false;
      if (role !== 'admin') await this.guardLastAdmin(tx, id);
      await tx.update(staffUsers).set({ role }).where(eq(staffUsers.id, id));
      await this.deleteSessions(tx, id);
      return true;
    });
    if (changed) await this.record(actor, 'staff.role_changed', id, { role });
    return changed;
  }

  async rename(id: string, name: string, actor: Actor = CLI_ACTOR): Promise<void> {
    const updated = await this.db
      .update(staffUsers)
      .set({ name: checkedName(name) })
      .where(eq(staffUsers.id, id))
      .returning({ id: staffUsers.id });
    if (updated.length === 0) throw new StaffAccountError('No such staff account', 'not_found');
    await this.record(actor, 'staff.renamed', id, {});
  }

  /**
   * Sets a new password (policy checked) and ends the account's sessions, except `keepSession`.
   * `mustChange`: the user must choose another at next login (an admin chose this one).
   * `claim`: run first in the write's transaction, to use up what allowed the change (a setup
   * link, a login challenge); it throws when that is gone, and then nothing is written.
   */
  async setPassword(
    id: string,
    password: string,
    options: {
      mustChange: boolean;
      keepSession?: string | undefined;
      event?: AuditEvent;
      claim?: (tx: Tx) => Promise<void>;
    },
    actor: Actor = CLI_ACTOR,
  ): Promise<number> {
    const row = await this.findById(id);
    if (!row) throw new StaffAccountError('No such staff account', 'not_found');
    const problem = await this.hasher.problem(password, row.username);
    if (problem) throw new StaffAccountError(problem, 'invalid', 'password');
    const passwordHash = await this.hasher.hash(password);
    const ended = await this.db.transaction(async (tx) => {
      await options.claim?.(tx);
      await tx
        .update(staffUsers)
        .set({
          passwordHash,
          passwordChangeRequired: options.mustChange,
          passwordChangedAt: new Date(),
          setupTokenHash: null,
          setupExpiresAt: null,
        })
        .where(eq(staffUsers.id, id));
      return this.deleteSessions(tx, id, options.keepSession);
    });
    await this.record(actor, options.event ?? 'password.reset', id, { sessions_ended: ended });
    return ended;
  }

  /** Replaces the password by a one-time setup link; the old password stops working. */
  async resetPasswordWithLink(id: string, actor: Actor = CLI_ACTOR): Promise<SetupLink> {
    // A reset ends the account's sessions: your own would end before you saw its link, and
    // your password would already be gone.
    if (actor.id === id) throw new StaffAccountError(SELF_RESET, 'self');
    const link = newSetupLink();
    const ended = await this.db.transaction(async (tx) => {
      const updated = await tx
        .update(staffUsers)
        .set({
          passwordHash: '',
          passwordChangeRequired: false,
          setupTokenHash: sha256(link.token),
          setupExpiresAt: link.expiresAt,
          // This link leads through the second factor's set-up too: it replaces that one.
          mfaSetupTokenHash: null,
          mfaSetupExpiresAt: null,
        })
        .where(eq(staffUsers.id, id))
        .returning({ id: staffUsers.id });
      if (updated.length === 0) throw new StaffAccountError('No such staff account', 'not_found');
      return this.deleteSessions(tx, id);
    });
    await this.record(actor, 'password.reset', id, { setup: 'link', sessions_ended: ended });
    return link;
  }

  /**
   * Removes TOTP and recovery codes, ends the sessions, and answers a one-time link for the owner
   * to set up a new second factor (with their password). Until they do, the password alone cannot
   * set one up; a new reset replaces the link. An account whose password is itself waiting for a
   * setup link keeps that link, which leads through the second factor's set-up too.
   */
  async resetMfa(id: string, actor: Actor = CLI_ACTOR): Promise<SetupLink | null> {
    const link = newSetupLink();
    const handed = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ passwordHash: staffUsers.passwordHash })
        .from(staffUsers)
        .where(eq(staffUsers.id, id))
        .limit(1);
      const needsLink = row !== undefined && row.passwordHash !== '';
      const updated = await tx
        .update(staffUsers)
        .set({
          totpSecret: null,
          totpLastStep: null,
          mfaEnrolledAt: null,
          mfaSetupTokenHash: needsLink ? sha256(link.token) : null,
          mfaSetupExpiresAt: needsLink ? link.expiresAt : null,
        })
        .where(eq(staffUsers.id, id))
        .returning({ id: staffUsers.id });
      if (updated.length === 0) throw new StaffAccountError('No such staff account', 'not_found');
      await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, id));
      await this.deleteSessions(tx, id);
      return needsLink;
    });
    await this.record(actor, 'mfa.reset', id, { setup: handed ? 'link' : 'none' });
    return handed ? link : null;
  }

  /** Ends the account's sessions (all, or all but `keep`); how many there were. */
  async endSessions(id: string, actor: Actor = CLI_ACTOR, keep?: string): Promise<number> {
    const ended = await this.deleteSessions(this.db, id, keep);
    await this.record(actor, 'staff.sessions_ended', id, { sessions_ended: ended });
    return ended;
  }

  /**
   * For tests and operators scripting an account: enrols a fresh TOTP key and answers it with
   * the recovery codes. (People set theirs up at first login.)
   */
  async enrolNewTotp(username: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const id = await this.idOf(username);
    const secret = this.mfa.newSecret();
    return { secret, recoveryCodes: await this.mfa.enrolTotp(id, secret, null) };
  }

  private async guardLastAdmin(tx: Pick<Db, 'select'>, id: string): Promise<void> {
    // Lock the admin rows so two concurrent demotions cannot both pass.
    const admins = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.role, 'admin'))
      .for('update');
    if (admins.length === 1 && admins[0]?.id === id) {
      throw new StaffAccountError('There must be at least one admin', 'last_admin');
    }
  }

  /**
   * Ends the account's sessions (but `keep`) and discards its pending login steps: a login begun
   * before a password, second-factor, session or role change must not be finished after it.
   */
  private async deleteSessions(tx: Pick<Db, 'delete'>, id: string, keep?: string): Promise<number> {
    await tx.delete(staffLoginChallenges).where(eq(staffLoginChallenges.userId, id));
    const gone = await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.userId, id), keep ? ne(staffSessions.id, keep) : undefined))
      .returning({ id: staffSessions.id });
    return gone.length;
  }

  private record(
    actor: Actor,
    event: AuditEvent,
    targetId: string,
    detail: Record<string, string | number | boolean | null>,
  ): Promise<void> {
    return this.auditLog.write({
      event,
      actorId: actor.id ?? null,
      actor: actor.username,
      ip: actor.ip ?? null,
      target: { type: 'staff_user', id: targetId },
      detail,
    });
  }
}
