export interface SubmitButtonProps {
  busy: boolean;
  label: string;
  /** Shown with a spinner while busy, e.g. "Submitting...". */
  busyLabel: string;
}

/** The submit button: disabled with a spinner while the call runs, announced politely. */
export function SubmitButton({ busy, label, busyLabel }: SubmitButtonProps) {
  return (
    <>
      <button
        type="submit"
        className="spartan-submit"
        part="submit"
        disabled={busy}
        data-state={busy ? 'busy' : 'idle'}
      >
        {busy && <span className="spartan-spinner" aria-hidden="true" />}
        {busy ? busyLabel : label}
      </button>
      <p className="spartan-visually-hidden" role="status">
        {busy ? busyLabel : ''}
      </p>
    </>
  );
}

/** A failure shown before the form's feedback code could load (e.g. offline). */
export function FailureNote({ message }: { message: string | null }) {
  return message ? (
    <p className="spartan-field__error" role="alert">
      {message}
    </p>
  ) : null;
}
