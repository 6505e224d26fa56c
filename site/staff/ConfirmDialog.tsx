import { useId, useLayoutEffect, useRef } from 'react';
import { useSnapshot } from 'valtio/react';
import { closeDialog, modalKeyDown, openDialog, useDismiss } from '../../widgets/dialog/modal.ts';
import { staffState, type Application } from './data/applications.ts';
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

/**
 * A modal confirmation (WAI-ARIA alertdialog) on a native <dialog> (widgets/dialog/modal.ts, as
 * the site's other dialogs): the page behind is inert, focus moves to Cancel and Tab wraps
 * inside, Escape cancels (unless busy), and focus returns to the control that opened it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, message, confirmLabel, busy, error, onConfirm, onCancel, initialFocus } = props;
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    if (!busy) onCancel();
  };
  // The browser's own requests (the Android back button) cancel too; the backdrop does not.
  useDismiss(dialogRef, cancel, { backdrop: false });
  // Before the first paint: a key pressed as soon as the dialog shows acts inside it.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement as HTMLElement | null;
    if (dialog) openDialog(dialog);
    (initialFocus === 'confirm' ? confirmRef : cancelRef).current?.focus();
    // Back to the opener, unless it went away with what was deleted (the list then moves focus).
    return () => {
      if (dialog) closeDialog(dialog);
      if (opener?.isConnected) opener.focus();
    };
    // Once, on opening: the first focus never moves again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className="staff-dialog"
      role="alertdialog"
      aria-modal="true"
      onKeyDown={(event) => modalKeyDown(event, cancel)}
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
        <button ref={cancelRef} type="button" className="button button--outline" onClick={onCancel}>
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
    </dialog>
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
  item: Readonly<Pick<Application, 'fullname' | 'email'>>;
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
