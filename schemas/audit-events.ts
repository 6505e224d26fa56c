/**
 * Every event the audit trail records, in the groups the staff area's Event filter offers them
 * (docs/STAFF-API.md, "Audit trail"). The server writes no other (its audit calls take an
 * `AuditEvent`), so the filter lists every kind of entry the trail can hold. `prefix`: the
 * group's events as one choice (the API's `event=login.`), where they share one.
 */
export const AUDIT_EVENT_GROUPS = [
  { label: 'Logins', prefix: 'login.', events: ['login.success', 'login.failure', 'login.locked'] },
  {
    label: 'Second factor',
    prefix: 'mfa.',
    events: [
      'mfa.challenge_failed',
      'mfa.enrolled',
      'mfa.recovery_used',
      'mfa.recovery_regenerated',
      'mfa.reset',
    ],
  },
  {
    label: 'Passwords',
    prefix: 'password.',
    events: ['password.changed', 'password.change_failed', 'password.reset', 'setup.completed'],
  },
  {
    label: 'Sessions',
    prefix: 'session.',
    events: ['session.extended', 'session.ended', 'logout', 'logout.all'],
  },
  {
    label: 'Staff changes',
    prefix: 'staff.',
    events: [
      'staff.created',
      'staff.role_changed',
      'staff.renamed',
      'staff.removed',
      'staff.sessions_ended',
      'staff.notifications',
    ],
  },
  {
    label: 'Applications',
    prefix: 'application.',
    events: [
      'application.list',
      'application.search',
      'application.view',
      'application.resume_download',
      'application.resume_view',
      'application.status',
      'application.assign',
      'application.note',
      'application.export_csv',
      'application.export_resumes',
      'application.delete',
    ],
  },
  { label: 'Applicant data', prefix: null, events: ['applicant.erase'] },
] as const;

/** An event the audit trail records. */
export type AuditEvent = (typeof AUDIT_EVENT_GROUPS)[number]['events'][number];
