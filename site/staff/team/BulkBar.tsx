import { useId, useState } from 'react';
import { REVIEW_STATUSES } from '../../../content/review.ts';
import type { BulkAnswer, BulkBody } from '../../../schemas/team-desk.ts';
import { announce } from '../data/applications.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { bulkAction } from '../data/team.ts';
import type { Kind } from '../kinds.ts';
import { AssigneeOptions } from './AssigneeSelect.tsx';

const NOBODY = '-';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What a bulk answer means, in words: what was done, and which applications failed. */
export function bulkOutcome(
  answer: BulkAnswer,
  verb: string,
  nameOf: (id: string) => string,
): { said: string; failed: string | null } {
  const said = `${plural(answer.done.length, 'application')} ${verb}.`;
  if (answer.failed.length === 0) return { said, failed: null };
  const names = answer.failed.map((f) => nameOf(f.id)).join(', ');
  return {
    said,
    failed: `${plural(answer.failed.length, 'application')} could not be changed (deleted or unknown): ${names}.`,
  };
}

/**
 * The actions for the applications selected on the page: set their status, assign them, and
 * (admins) delete them after a confirmation. The outcome is announced; failures are named.
 */
export function BulkBar({
  kind,
  selected,
  isAdmin,
  nameOf,
  onDone,
}: {
  kind: Kind;
  selected: readonly string[];
  isAdmin: boolean;
  nameOf: (id: string) => string;
  onDone: () => void;
}) {
  const uid = useId();
  const [status, setStatus] = useState<string>(REVIEW_STATUSES[kind][0]!.value);
  const [assignee, setAssignee] = useState(NOBODY);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ said: string; failed: string | null } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (body: Omit<BulkBody, 'ids'>, verb: string) => {
    if (busy || selected.length === 0) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await bulkAction(kind, { ...body, ids: [...selected] });
      const outcome = bulkOutcome(answer, verb, nameOf);
      setResult(outcome);
      announce(outcome.failed ? `${outcome.said} ${outcome.failed}` : outcome.said);
      setConfirming(false);
      onDone();
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const statusName = REVIEW_STATUSES[kind].find((s) => s.value === status)?.label ?? status;

  return (
    <div className="staff-bulk" role="region" aria-label="Selected applications">
      <p className="staff-bulk__count">{plural(selected.length, 'application')} selected</p>
      <div className="staff-bulk__action">
        <label htmlFor={`${uid}-status`}>Status</label>
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
          aria-disabled={busy || selected.length === 0 || undefined}
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
          aria-disabled={busy || selected.length === 0 || undefined}
          onClick={() =>
            void run(
              { action: 'assign', assignee: assignee === NOBODY ? null : assignee },
              assignee === NOBODY ? 'unassigned' : `assigned to ${assignee}`,
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
          aria-disabled={busy || selected.length === 0 || undefined}
          onClick={() => selected.length > 0 && setConfirming(true)}
        >
          Delete selected
        </button>
      )}
      <p className="staff-status" role="status">
        {busy ? 'Working…' : (result?.said ?? '')}
      </p>
      {(result?.failed || (error && !confirming)) && (
        <p className="staff-error" role="alert">
          {result?.failed ?? error}
        </p>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Delete ${plural(selected.length, 'application')}?`}
          message="They are deleted for good, with their resumes, notes and history."
          confirmLabel={`Delete ${plural(selected.length, 'application')}`}
          busy={busy}
          error={error}
          onConfirm={() => void run({ action: 'delete' }, 'deleted')}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
