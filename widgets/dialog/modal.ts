/**
 * The one focus and Escape helper of the modal dialogs, widgets' and site's alike (the video
 * player's Dialog, the staff confirmations, the mobile menu), all native <dialog> elements opened
 * with showModal(): in the top layer, the page behind inert. Where showModal is missing (jsdom,
 * old engines) a dialog opens as a fixed overlay (`data-fallback`) with the same focus and keys.
 */
import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { activeIn } from '../runtime/focus.ts';

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

const FOCUSABLE =
  'button:not([disabled]),a[href],input:not([disabled]),select:not([disabled]),' +
  'textarea:not([disabled]),video[controls],[tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog's keys, for its onKeyDown (bound with the element, not in an effect, so that a
 * key pressed as soon as it shows is heard): Escape calls `onEscape` (and nothing else: no native
 * cancel), Tab and Shift+Tab wrap inside it, also in the overlay fallback and in a shadow root.
 */
export function modalKeyDown(event: KeyboardEvent<HTMLElement>, onEscape: () => void): void {
  if (event.key === 'Escape') {
    event.preventDefault();
    onEscape();
    return;
  }
  if (event.key !== 'Tab') return;
  const dialog = event.currentTarget;
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  const active = activeIn(dialog);
  if (!first || !last) return;
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The dialog's own requests to go, while it is mounted: the browser's cancel (Escape where the
 * keys above do not hear it, the Android back button) and close, and, with `backdrop`, a click
 * on the backdrop (a click whose target is the dialog itself). Each calls the latest `onDismiss`.
 */
export function useDismiss(
  ref: RefObject<HTMLDialogElement | null>,
  onDismiss: () => void,
  { backdrop = true }: { backdrop?: boolean } = {},
): void {
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  });
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      dismiss.current();
    };
    const onClose = () => dismiss.current();
    const onClick = (event: MouseEvent) => {
      if (backdrop && event.target === dialog) dismiss.current();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('click', onClick);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('click', onClick);
    };
  }, [ref, backdrop]);
}
