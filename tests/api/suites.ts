/**
 * The API suites, run once per database by tests/api/pglite.test.ts (the embedded default) and
 * tests/api/postgres.test.ts (a real PostgreSQL 15). Each suite builds one app
 * (tests/api/setup/) and runs its parts in this order; a part sits under a path that mirrors the
 * server module it tests (tests/api/staff/login.suite.ts for server/staff/login-routes.ts).
 */
import { describe } from 'vitest';
import type { SuiteTarget } from './harness.ts';
import { apiHarness } from './setup/api.ts';
import { deskHarness } from './setup/desk.ts';
import { staffHarness } from './setup/staff.ts';
import { preparedStatementTests } from './db/prepared.suite.ts';
import { activityTests } from './desk/activity.suite.ts';
import { exportTests } from './desk/export.suite.ts';
import { retentionTests } from './desk/retention.suite.ts';
import { mailTests } from './mail/mailer.suite.ts';
import { liveListTests } from './routes/desk.suite.ts';
import { healthTests } from './routes/health.suite.ts';
import { investorTests } from './routes/investors.suite.ts';
import { listFilterTests } from './routes/list-filters.suite.ts';
import { listTests } from './routes/lists.suite.ts';
import { spartanTests } from './routes/spartan.suite.ts';
import { headerTests } from './security/headers.suite.ts';
import { tokenTests } from './security/tokens.suite.ts';
import { staffManagementTests } from './staff/admin.suite.ts';
import { auditTrailTests } from './staff/audit.suite.ts';
import { concurrentCallTests } from './staff/concurrent.suite.ts';
import { loginStepTests } from './staff/login-steps.suite.ts';
import { loginTests } from './staff/login.suite.ts';
import { passwordTests } from './staff/passwords.suite.ts';
import { roleTests } from './staff/roles.suite.ts';
import { sessionTests } from './staff/sessions.suite.ts';
import { sharedDatabaseTests } from './staff/shared-database.suite.ts';

/** The public calls and the staff basics, with the limits they reach on purpose. */
export function apiSuite(label: string, target: SuiteTarget): void {
  describe(`API on ${label}`, () => {
    const h = apiHarness(target);
    healthTests(h);
    preparedStatementTests(h);
    loginTests(h);
    tokenTests(h);
    spartanTests(h);
    investorTests(h);
    listTests(h);
    headerTests(h);
  });
}

/**
 * Staff security: login steps with TOTP, recovery codes, password policy and changes,
 * throttling, sessions, staff management, the audit trail, and every staff call × role.
 */
export function staffSuite(
  label: string,
  target: SuiteTarget,
  options: { postgres: boolean } = { postgres: false },
): void {
  describe(`staff security on ${label}`, () => {
    const h = staffHarness(target, options);
    loginStepTests(h);
    passwordTests(h);
    sessionTests(h);
    staffManagementTests(h);
    auditTrailTests(h);
    roleTests(h);
    sharedDatabaseTests(h);
    concurrentCallTests(h);
  });
}

/** The hiring desk: status and notes, filters, large lists, exports, mail, retention. */
export function deskSuite(label: string, target: SuiteTarget): void {
  describe(`Hiring desk on ${label}`, () => {
    const h = deskHarness(target);
    activityTests(h);
    listFilterTests(h);
    exportTests(h);
    mailTests(h);
    retentionTests(h);
    liveListTests(h);
  });
}
