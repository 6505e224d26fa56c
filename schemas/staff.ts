/**
 * The staff side's answers (docs/STAFF-API.md): the login steps, the own session and its
 * sessions, staff accounts, and the audit trail. The requests are in login.ts and, for the
 * staff calls, beside their routes (server/staff/).
 */
import * as z from 'zod/mini';
import { instant, pageOf, type Answer, type Served } from './responses.ts';

export const STAFF_ROLES = ['admin', 'reviewer'] as const;
export type Role = (typeof STAFF_ROLES)[number];

/** `{id, username, role, name}`, as login answers and session calls show the user. */
export const staffUser = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(STAFF_ROLES),
  name: z.string(),
});

/** Between login steps only `username` and `name` are shown; a finished login shows all. */
export const stepUser = z.object({
  id: z.optional(z.string()),
  username: z.string(),
  role: z.optional(z.enum(STAFF_ROLES)),
  name: z.string(),
});

/** A login session, as its owner and admins see it. */
export const staffSession = z.object({
  id: z.string(),
  created_at: instant,
  last_seen_at: instant,
  expires_at: instant,
  /** When it ends unless used: the idle limit, or the absolute one if that comes first. */
  idle_expires_at: instant,
  absolute_expires_at: instant,
  ip: z.string(),
  user_agent: z.string(),
  /** The session of the request that asked. */
  current: z.boolean(),
});

/** A staff account as the admin API lists it. */
export const staffAccount = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  created_at: instant,
  last_login_at: z.nullable(instant),
  mfa_enrolled: z.boolean(),
  password_change_required: z.boolean(),
  setup_pending: z.boolean(),
  active_sessions: z.int(),
});

/** Every answer of a login step: done (`access`), or what comes next. */
export const loginStep = z.object({
  access: z.optional(z.string()),
  user: z.optional(stepUser),
  mfa_required: z.optional(z.boolean()),
  mfa_setup_required: z.optional(z.boolean()),
  password_change_required: z.optional(z.boolean()),
  challenge: z.optional(z.string()),
  secret: z.optional(z.string()),
  otpauth_url: z.optional(z.string()),
  qr_svg: z.optional(z.string()),
  recovery_codes: z.optional(z.array(z.string())),
  recovery_codes_left: z.optional(z.int()),
});

/** POST /api/security-setup/: whose link it is, and until when it works. */
export const setupLinkInfo = z.object({
  username: z.string(),
  name: z.string(),
  expires_at: instant,
  /** `password`: choose a password (then set up the second factor); `mfa`: set up a new one. */
  purpose: z.enum(['password', 'mfa']),
});

/** GET /api/security-session/. */
export const sessionInfo = z.object({
  user: staffUser,
  session: staffSession,
  mfa_enrolled: z.boolean(),
  recovery_codes_left: z.int(),
});

/** POST /api/security-session/extend/: a fresh token for the same session. */
export const sessionExtended = z.object({
  access: z.string(),
  user: staffUser,
  session: staffSession,
});

/** GET /api/security-sessions/, GET /api/staff/users/{id}/sessions/. */
export const sessionList = z.object({ data: z.array(staffSession) });

/** Log out everywhere, a password change: `{detail, sessions_ended}`. */
export const sessionsEnded = z.object({ detail: z.string(), sessions_ended: z.int() });

/** DELETE /api/staff/users/{id}/sessions/. */
export const sessionsEndedCount = z.object({ sessions_ended: z.int() });

/** POST /api/security-mfa/recovery-codes/: the new codes, shown once. */
export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) });

/** GET /api/staff/users/. */
export const staffAccountList = z.object({ data: z.array(staffAccount) });

/** An account after a change; with its setup link when one was made. */
export const staffAccountChanged = z.object({
  data: staffAccount,
  setup_url: z.optional(z.string()),
  setup_expires_at: z.optional(instant),
});

/** One entry of the audit trail: ids, event names and small non-personal facts. */
export const auditEntry = z.object({
  id: z.int(),
  at: instant,
  event: z.string(),
  actor_id: z.nullable(z.string()),
  actor: z.nullable(z.string()),
  target_type: z.nullable(z.string()),
  target_id: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  detail: z.record(z.string(), z.unknown()),
});

/** GET /api/staff/audit/. */
export const auditPage = pageOf(auditEntry);

export type StaffUser = Answer<typeof staffUser>;
export type StaffSession = Answer<typeof staffSession>;
export type StaffAccount = Answer<typeof staffAccount>;
export type LoginStepAnswer = Answer<typeof loginStep>;
export type SetupLinkInfo = Answer<typeof setupLinkInfo>;
export type SessionInfo = Answer<typeof sessionInfo>;
export type SessionExtended = Answer<typeof sessionExtended>;
export type SessionListAnswer = Answer<typeof sessionList>;
export type SessionsEndedAnswer = Answer<typeof sessionsEnded>;
export type SessionsEndedCount = Answer<typeof sessionsEndedCount>;
export type RecoveryCodesAnswer = Answer<typeof recoveryCodes>;
export type StaffAccountList = Answer<typeof staffAccountList>;
export type StaffAccountChanged = Answer<typeof staffAccountChanged>;
export type AuditEntry = Answer<typeof auditEntry>;
export type AuditPage = Answer<typeof auditPage>;

/** What the server hands the serialiser. */
export type ServedStaffSession = Served<typeof staffSession>;
export type ServedStaffAccount = Served<typeof staffAccount>;
