import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { eraseApplicant } from '../data/applications.ts';

/**
 * Erasing, in two steps: "Erase…" asks, and the confirmation takes its place with focus on
 * Cancel (the group's name says what would be erased, and that it cannot be undone). Cancelled
 * or done, focus goes back to "Erase…"; the result is said once, by the form's status line.
 */
export function EraseApplicant({ onErased }: { onErased: () => void }) {
  const uid = useId();
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string }>({
    busy: false,
    error: null,
    done: '',
  });
  const startRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Where focus goes once the step shown has rendered: the button that had it is gone.
  const focusNext = useRef<'cancel' | 'start' | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next) (next === 'cancel' ? cancelRef : startRef).current?.focus();
  });
  const step = (confirm: boolean) => {
    focusNext.current = confirm ? 'cancel' : 'start';
    setConfirming(confirm);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setState({ busy: false, error: 'Enter the applicant’s email', done: '' });
      return;
    }
    setState({ busy: false, error: null, done: '' });
    step(true);
  };
  const erase = async () => {
    if (state.busy) return;
    setState({ busy: true, error: null, done: '' });
    const result = await eraseApplicant(email.trim());
    step(false);
    if (typeof result === 'string') {
      setState({ busy: false, error: result, done: '' });
      return;
    }
    const n = result.spartan + result.investor;
    const done =
      n === 0
        ? 'No application has this email.'
        : `Erased ${n} application${n === 1 ? '' : 's'} (${result.spartan} Spartan, ${result.investor} investor).`;
    setState({ busy: false, error: null, done });
    setEmail('');
    onErased();
  };
  return (
    <details className="staff-panel">
      <summary>Erase an applicant’s data</summary>
      <form onSubmit={onSubmit} className="staff-tools__form">
        <p className="staff-hint">
          On the applicant’s request: every application with this email is deleted, with its resume
          and notes. This cannot be undone.
        </p>
        <div className="staff-filter">
          <label htmlFor={`${uid}-email`}>Applicant’s email</label>
          <input
            id={`${uid}-email`}
            type="email"
            className="staff-input"
            value={email}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? `${uid}-error` : undefined}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setConfirming(false);
            }}
          />
        </div>
        {state.error && (
          <p id={`${uid}-error`} className="staff-error" role="alert">
            {state.error}
          </p>
        )}
        {confirming ? (
          <div role="group" aria-labelledby={`${uid}-confirm`}>
            <p id={`${uid}-confirm`} className="staff-hint">
              Erase every application of {email.trim()}? This cannot be undone.
            </p>
            <div className="staff-filters__actions">
              <button
                type="button"
                className="button staff-button--danger"
                // Not `disabled` while busy: a disabled button drops the keyboard focus.
                aria-disabled={state.busy || undefined}
                onClick={() => void erase()}
              >
                {state.busy ? 'Erasing…' : `Erase every application of ${email.trim()}`}
              </button>
              <button
                ref={cancelRef}
                type="button"
                className="button button--outline"
                onClick={() => step(false)}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div className="staff-filters__actions">
            <button ref={startRef} type="submit" className="button button--outline">
              Erase…
            </button>
          </div>
        )}
        <p className="staff-status" role="status">
          {state.done}
        </p>
      </form>
    </details>
  );
}
