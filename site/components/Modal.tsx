/**
 * A modal dialog on the native <dialog> element: focus is kept inside and
 * restored on close by the browser, Escape closes, a click on the backdrop closes.
 * Its content is rendered only while open (a video starts with it, stops with it).
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { closeDialog, openDialog } from './dialog.ts';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Heading of the dialog, also its accessible name. */
  title: string;
  /** Hide the heading visually (still the accessible name). */
  hideTitle?: boolean;
  className?: string;
  children?: ReactNode;
}

export function Modal({ open, onClose, title, hideTitle, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) openDialog(dialog);
    else closeDialog(dialog);
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onNativeClose = () => onCloseRef.current();
    // A click whose target is the dialog itself landed on the backdrop.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) onCloseRef.current();
    };
    dialog.addEventListener('close', onNativeClose);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('close', onNativeClose);
      dialog.removeEventListener('click', onClick);
    };
  }, []);

  return (
    <dialog ref={ref} className={`modal ${className ?? ''}`} aria-labelledby={titleId}>
      {open && (
        <div className="modal__panel">
          <div className="modal__head">
            <h2 id={titleId} className={hideTitle ? 'spartan-visually-hidden' : 'modal__title'}>
              {title}
            </h2>
            <button type="button" className="modal__close" onClick={onClose}>
              <span aria-hidden="true">×</span>
              <span className="spartan-visually-hidden">Close dialog</span>
            </button>
          </div>
          <div className="modal__body">{children}</div>
        </div>
      )}
    </dialog>
  );
}
