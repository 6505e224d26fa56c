/**
 * The modal dialog of the site and the widgets, on the native <dialog> opened with showModal():
 * in the top layer (even from a shadow root), the page behind it inert. Focus moves to its close
 * button and Tab and Shift+Tab stay inside; Escape, the close button or a click on the backdrop
 * close it, and focus returns to what had it before. It is labelled by its heading. Rendered only
 * while open (a video in it starts with it and stops with it). Where showModal is missing (jsdom,
 * old engines) it opens as a fixed overlay (`data-fallback`) with the same focus and keys.
 *
 * Classes follow `block`: `block`, `block__panel`, `block__head`, `block__title`, `block__close`,
 * `block__body` (the site's `modal`, the widgets' `spartan-dialog` of dialog.css).
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { activeIn } from '../runtime/focus.ts';
import { useBrowserLayoutEffect } from '../runtime/styles.ts';

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

/** Opens a <dialog> modally, or as an overlay where showModal is missing. */
export function openDialog(dialog: HTMLDialogElement): void {
  if (dialog.open) return;
  if (typeof dialog.showModal === 'function') dialog.showModal();
  else {
    dialog.setAttribute('open', '');
    dialog.dataset.fallback = '';
  }
}

export function closeDialog(dialog: HTMLDialogElement): void {
  if (!dialog.open) return;
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

const FOCUSABLE = 'button:not([disabled]),a[href],video[controls],[tabindex]:not([tabindex="-1"])';

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
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useBrowserLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = activeIn(dialog) as HTMLElement | null;
    openDialog(dialog);
    closeRef.current?.focus();
    // The browser's own close requests (the Android back button) end in our state too.
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
      closeDialog(dialog);
      opener?.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key !== 'Tab') return;
    const dialog = e.currentTarget;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    const active = activeIn(dialog);
    if (!first || !last) return;
    if (e.shiftKey && (active === first || !dialog.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    // The dialog handles Escape and Tab for everything inside it.
    <dialog
      ref={ref}
      className={className ? `${block} ${className}` : block}
      part="dialog"
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={onKeyDown}
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
