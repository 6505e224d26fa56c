import { useEffect, useState } from 'react';

export interface SubmitButtonProps {
  busy: boolean;
  label: string;
  /** Shown with a spinner while busy, e.g. "Submitting...". */
  busyLabel: string;
  /** Said (politely) when not busy, e.g. that an upload was cancelled. */
  status?: string | null;
}

/**
 * The submit button: marked busy with a spinner while the call runs, announced politely. It says
 * it is unavailable (aria-disabled) but is not `disabled`: a disabled button loses focus, which
 * drops the keyboard user to the top of the page for the whole call. The form ignores a submit
 * while busy.
 */
export function SubmitButton({ busy, label, busyLabel, status }: SubmitButtonProps) {
  // Not a submit button until the form's code runs (an effect runs in the browser only, after
  // hydration): on a prerendered page still loading, a click or Enter would send the form to
  // the page's own address and leave it for an answer meant for scripts. It waits instead, and
  // what was typed meanwhile is kept.
  const [live, setLive] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- once, after mount: the first render must match the server's
  useEffect(() => setLive(true), []);
  return (
    <>
      <button
        type={live ? 'submit' : 'button'}
        className="spartan-submit"
        part="submit"
        aria-disabled={busy ? true : undefined}
        data-state={busy ? 'busy' : 'idle'}
      >
        {busy && <span className="spartan-spinner" aria-hidden="true" />}
        {busy ? busyLabel : label}
      </button>
      <p className="spartan-visually-hidden" role="status">
        {busy ? busyLabel : (status ?? '')}
      </p>
    </>
  );
}

/** A failure shown before the form's feedback code could load (e.g. offline), and its note. */
export function FailureNote({ message, note }: { message: string | null; note: string | null }) {
  return message ? (
    <p className="spartan-field__error" role="alert">
      {message} {note}
    </p>
  ) : null;
}
