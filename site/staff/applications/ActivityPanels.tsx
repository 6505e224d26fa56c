/**
 * The status panel and the notes panel of one application (its detail's side), each a form
 * with what has been said before.
 */
import { useId, type FormEvent } from 'react';
import { MAX_NOTE_LENGTH, REVIEW_STATUSES } from '../../../content/review.ts';
import type { Note, StatusChange } from '../data/applications.ts';
import { fieldText, type Kind } from '../kinds.ts';

/** One entry of the history: a status change, or an assignment (from and to are names). */
function changeText(change: StatusChange): { what: string; was: string } {
  if (change.event === 'assign') {
    return {
      what: change.to ? `Assigned to ${change.to}` : 'Unassigned',
      was: change.from ? ` (was ${change.from})` : '',
    };
  }
  return {
    what: fieldText('status', change.to),
    was: change.from ? ` (was ${fieldText('status', change.from)})` : '',
  };
}

/**
 * The review status (set from the one shown), and the history: who changed the status or the
 * assignment, when. With `onSaveAndNext`, a second button, "Save and next", submits the form
 * too, calling it first (so the submit handler knows which button was used).
 */
export function StatusPanel({
  kind,
  status,
  history,
  error,
  onSubmit,
  onSaveAndNext,
}: {
  kind: Kind;
  status: string;
  history: readonly StatusChange[];
  error: string | null;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Called by "Save and next" just before it submits the form. */
  onSaveAndNext?: () => void;
}) {
  const uid = useId();
  return (
    <section aria-labelledby={`${uid}-status-title`} className="staff-panel">
      <h3 id={`${uid}-status-title`}>Status</h3>
      <form className="staff-status-form" onSubmit={onSubmit}>
        <label htmlFor={`${uid}-status`}>Review status</label>
        <div className="staff-search__row">
          <select
            key={status}
            id={`${uid}-status`}
            name="status"
            className="staff-input"
            defaultValue={status}
          >
            {REVIEW_STATUSES[kind].map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--dark">
            Set status
          </button>
          {onSaveAndNext && (
            <button type="submit" className="button button--outline" onClick={onSaveAndNext}>
              Save and next
            </button>
          )}
        </div>
      </form>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      {history.length > 0 && (
        <>
          <h4>History</h4>
          <ol className="staff-timeline">
            {history.map((change) => {
              const { what, was } = changeText(change);
              return (
                <li key={change.id}>
                  <strong>{what}</strong>
                  {was}
                  <span className="staff-timeline__meta">
                    {change.actor}, {fieldText('at', change.at)}
                  </span>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </section>
  );
}

/** The staff's notes, newest first, and a box to add one. */
export function NotesPanel({
  note,
  onWrite,
  state,
  error,
  notes,
  onSubmit,
}: {
  note: string;
  onWrite: (text: string) => void;
  state: { busy: boolean; error: string | null };
  /** Loading the notes failed. */
  error: string | null;
  notes: readonly Note[];
  onSubmit: (event: FormEvent) => void;
}) {
  const uid = useId();
  return (
    <section aria-labelledby={`${uid}-notes-title`} className="staff-panel">
      <h3 id={`${uid}-notes-title`}>Notes</h3>
      <form onSubmit={onSubmit} className="staff-note-form">
        <label htmlFor={`${uid}-note`}>Add a note for colleagues</label>
        <textarea
          id={`${uid}-note`}
          className="staff-input staff-note-form__text"
          rows={3}
          maxLength={MAX_NOTE_LENGTH}
          value={note}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? `${uid}-note-error` : undefined}
          onChange={(event) => onWrite(event.currentTarget.value)}
        />
        {state.error && (
          <p id={`${uid}-note-error`} className="staff-error" role="alert">
            {state.error}
          </p>
        )}
        <button
          type="submit"
          className="button button--dark"
          aria-disabled={state.busy || undefined}
        >
          {state.busy ? 'Saving…' : 'Add note'}
        </button>
      </form>
      {error && (
        <p className="staff-error" role="alert">
          {error}
        </p>
      )}
      {notes.length > 0 ? (
        <ol className="staff-notes" aria-label="Notes, newest first">
          {notes.map((n) => (
            <li key={n.id} className="staff-note">
              <p className="staff-timeline__meta">
                <strong>{n.author}</strong>, {fieldText('at', n.at)}
              </p>
              <p className="staff-note__body">{n.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="staff-hint">No notes yet.</p>
      )}
    </section>
  );
}
