import { useId, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio/react';
import { staffState } from './data/applications.ts';
import { fieldText, type Kind } from './kinds.ts';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  /** Defaults: "Cancel", "Deleting...", a danger button, focus on Cancel. */
  cancelLabel?: string;
  busyLabel?: string;
  tone?: 'danger' | 'primary';
  initialFocus?: 'cancel' | 'confirm';
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal confirmation (WAI-ARIA dialog pattern): focus moves to Cancel, stays
 * inside while open (Tab wraps), Escape cancels, and focus returns to the
 * control that opened it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, message, confirmLabel, busy, error, onConfirm, onCancel, initialFocus } = props;
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Before the first paint: a key pressed as soon as the dialog shows acts inside it.
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    (initialFocus === 'confirm' ? confirmRef : cancelRef).current?.focus();
    // Back to the opener, unless it went away with what was deleted (the list then moves focus).
    return () => {
      if (opener?.isConnected) opener.focus();
    };
    // Once, on opening: the first focus never moves again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Bound with the element, not in an effect (which runs after paint): a key pressed as soon as
  // the dialog shows is heard.
  const onKeyDown = (event: KeyboardEvent) => {
    const dialog = dialogRef.current;
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab' || !dialog) return;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return (
    <div className="staff-dialog__backdrop">
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a modal dialog hears Escape and Tab for its controls (the WAI-ARIA dialog pattern) */}
      <div
        ref={dialogRef}
        className="staff-dialog"
        role="alertdialog"
        aria-modal="true"
        onKeyDown={onKeyDown}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
      >
        <h2 id={`${id}-title`} className="staff-dialog__title">
          {title}
        </h2>
        <p id={`${id}-message`}>{message}</p>
        {error && (
          <p className="staff-error" role="alert">
            {error}
          </p>
        )}
        <div className="button-row staff-dialog__actions">
          <button
            ref={cancelRef}
            type="button"
            className="button button--outline"
            onClick={onCancel}
          >
            {props.cancelLabel ?? 'Cancel'}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className={
              props.tone === 'primary' ? 'button button--dark' : 'button staff-button--danger'
            }
            // Unavailable while busy, but not `disabled`: a disabled button loses focus, which
            // would fall out of the modal to the page behind, and a failure would leave it there.
            aria-disabled={busy ? true : undefined}
            onClick={() => {
              if (!busy) onConfirm();
            }}
          >
            {busy ? (props.busyLabel ?? 'Deleting...') : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The confirmation before deleting one application, with the store's progress and error. */
export function DeleteDialog({
  kind,
  item,
  onConfirm,
  onClose,
}: {
  kind: Kind;
  item: Readonly<Record<string, unknown>>;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const snap = useSnapshot(staffState[kind]);
  return (
    <ConfirmDialog
      title="Delete this application?"
      message={`The application of ${fieldText('fullname', item.fullname)} (${fieldText('email', item.email)}) and its files will be deleted for good.`}
      confirmLabel="Delete application"
      busy={snap.deleting}
      error={snap.deleteError}
      onConfirm={onConfirm}
      onCancel={() => {
        staffState[kind].deleteError = null;
        onClose();
      }}
    />
  );
}
