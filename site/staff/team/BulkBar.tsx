import { useId, useState } from 'react';
import { REVIEW_STATUSES } from '../../../content/review.ts';
import type { BulkAnswer, BulkBody } from '../../../schemas/team-desk.ts';
import { announce } from '../data/applications.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { bulkAction } from '../data/team.ts';
import type { Kind } from '../kinds.ts';
import { AssigneeOptions, assigneeLabel, useAssignees } from './AssigneeSelect.tsx';

const NOBODY = '-';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "A", "A and B", "A, B and C". */
const listed = (names: readonly string[]) =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Why the server could not change one application of a bulk call, in words. */
const whyFailed = (code: string) =>
  /NOT_FOUND$/.test(code) ? 'it no longer exists' : `the server refused it (${code})`;

/** What a bulk answer means, in words: what was done, and which applications failed and why. */
export function bulkOutcome(
  answer: BulkAnswer,
  verb: string,
  nameOf: (id: string) => string,
): { said: string; failed: string | null } {
  const said = `${plural(answer.done.length, 'application')} ${verb}.`;
  if (answer.failed.length === 0) return { said, failed: null };
  const names = answer.failed.map((f) => `${nameOf(f.id)} (${whyFailed(f.code)})`);
  return {
    said,
    failed: `${answer.failed.length === 1 ? 'One application' : plural(answer.failed.length, 'application')} could not be changed: ${names.join('; ')}.`,
  };
}

/**
 * The actions for the applications selected on the page: set their status, assign them, and
 * (admins) delete them after a confirmation. It shows while the page has rows, its buttons
 * unavailable until something is selected (it does not come and go with the selection, so the
 * focus on its buttons stays). The outcome is said in the staff area's live region and shown
 * here; the applications that could not be changed are named, with why, as an alert.
 */
export function BulkBar({
  kind,
  selected,
  isAdmin,
  nameOf,
  onDone,
}: {
  kind: Kind;
  /** The ids selected, in the page's order. */
  selected: readonly string[];
  isAdmin: boolean;
  nameOf: (id: string) => string;
  /** After an action: the ids it was done for (the list is fetched again). */
  onDone: (done: readonly string[]) => void;
}) {
  const uid = useId();
  const people = useAssignees();
  const [status, setStatus] = useState<string>(REVIEW_STATUSES[kind][0]!.value);
  const [assignee, setAssignee] = useState(NOBODY);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ said: string; failed: string | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const none = selected.length === 0;

  const run = async (body: Omit<BulkBody, 'ids'>, verb: string) => {
    if (busy || none) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const answer = await bulkAction(kind, { ...body, ids: [...selected] });
      const outcome = bulkOutcome(answer, verb, nameOf);
      setResult(outcome);
      // The failures are the alert's to say (below): said once.
      announce(outcome.said);
      setConfirming(false);
      onDone(answer.done);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const statusName = REVIEW_STATUSES[kind].find((s) => s.value === status)?.label ?? status;
  const person = people.find((p) => p.username === assignee);
  const names = listed(selected.map(nameOf));

  return (
    <div className="staff-bulk" role="region" aria-label="Selected applications">
      <p className="staff-bulk__count">
        {none
          ? 'No application selected: select some to change them together.'
          : `${plural(selected.length, 'application')} selected`}
      </p>
      <div className="staff-bulk__action">
        <label htmlFor={`${uid}-status`}>New status</label>
        <select
          id={`${uid}-status`}
          className="staff-input"
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value)}
        >
          {REVIEW_STATUSES[kind].map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button button--dark staff-button--small"
          aria-disabled={busy || none || undefined}
          onClick={() => void run({ action: 'status', status }, `set to ${statusName}`)}
        >
          Set status
        </button>
      </div>
      <div className="staff-bulk__action">
        <label htmlFor={`${uid}-assignee`}>Assign to</label>
        <select
          id={`${uid}-assignee`}
          className="staff-input"
          value={assignee}
          onChange={(e) => setAssignee(e.currentTarget.value)}
        >
          <AssigneeOptions leading={[{ value: NOBODY, label: 'Nobody' }]} current={assignee} />
        </select>
        <button
          type="button"
          className="button button--dark staff-button--small"
          aria-disabled={busy || none || undefined}
          onClick={() =>
            void run(
              { action: 'assign', assignee: assignee === NOBODY ? null : assignee },
              assignee === NOBODY
                ? 'assigned to nobody'
                : `assigned to ${person ? assigneeLabel(person) : assignee}`,
            )
          }
        >
          Assign
        </button>
      </div>
      {isAdmin && (
        <button
          type="button"
          className="button staff-button--danger staff-button--small"
          aria-disabled={busy || none || undefined}
          onClick={() => {
            if (busy || none) return;
            setError(null);
            setConfirming(true);
          }}
        >
          Delete selected
        </button>
      )}
      <p className="staff-bulk__result">{busy ? 'Working…' : (result?.said ?? '')}</p>
      {(result?.failed || (error && !confirming)) && (
        <p className="staff-error" role="alert">
          {result?.failed ?? error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete ${plural(selected.length, 'application')}?`}
          message={`The application${selected.length === 1 ? '' : 's'} of ${names} will be deleted for good, with resumes, notes and history.`}
          confirmLabel={`Delete ${plural(selected.length, 'application')}`}
          busy={busy}
          error={error}
          onConfirm={() => void run({ action: 'delete' }, 'deleted')}
          onCancel={() => {
            setError(null);
            setConfirming(false);
          }}
        />
      )}
    </div>
  );
}
