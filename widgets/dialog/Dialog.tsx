/**
 * The modal dialog of the site and the widgets, on the native <dialog> opened with showModal():
 * in the top layer (even from a shadow root), the page behind it inert. Focus moves to its close
 * button and Tab and Shift+Tab stay inside; Escape, the close button or a click on the backdrop
 * close it, and focus returns to what had it before. It is labelled by its heading. Rendered only
 * while open (a video in it starts with it and stops with it). Its focus and keys are modal.ts's,
 * shared with the site's dialogs.
 *
 * Classes follow `block`: `block`, `block__panel`, `block__head`, `block__title`, `block__close`,
 * `block__body` (the site's `modal`, the widgets' `spartan-dialog` of dialog.css).
 */
import { useId, useRef, type ReactNode } from 'react';
import { activeIn } from '../runtime/focus.ts';
import { useBrowserLayoutEffect } from '../runtime/styles.ts';
import { closeDialog, modalKeyDown, openDialog, useDismiss } from './modal.ts';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Heading of the dialog, also its accessible name. */
  title: string;
  /** Hide the heading visually (still the accessible name). */
  hideTitle?: boolean;
  /** Name of the close button (default 'Close dialog'). */
  closeLabel?: string;
  /** Class block (default 'spartan-dialog'). */
  block?: string;
  /** More classes of the dialog element. */
  className?: string;
  children?: ReactNode;
}

export function Dialog(props: DialogProps) {
  return props.open ? <OpenDialog {...props} /> : null;
}

function OpenDialog({
  onClose,
  title,
  hideTitle,
  closeLabel = 'Close dialog',
  block = 'spartan-dialog',
  className,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  // The browser's own close requests (the Android back button) and a click on the backdrop end
  // in our state too.
  useDismiss(ref, onClose);

  useBrowserLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = activeIn(dialog) as HTMLElement | null;
    openDialog(dialog);
    closeRef.current?.focus();
    return () => {
      closeDialog(dialog);
      opener?.focus();
    };
  }, []);

  return (
    // The dialog handles Escape and Tab for everything inside it.
    <dialog
      ref={ref}
      className={className ? `${block} ${className}` : block}
      part="dialog"
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={(event) => modalKeyDown(event, onClose)}
    >
      <div className={`${block}__panel`}>
        <div className={`${block}__head`}>
          <h2 id={titleId} className={hideTitle ? 'spartan-visually-hidden' : `${block}__title`}>
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className={`${block}__close`}
            part="close"
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
            <span className="spartan-visually-hidden">{closeLabel}</span>
          </button>
        </div>
        <div className={`${block}__body`}>{children}</div>
      </div>
    </dialog>
  );
}
