import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { useSnapshot } from 'valtio/react';
import {
  closeDialog,
  modalKeyDown,
  openDialog,
  useDismiss,
} from '../../../widgets/dialog/modal.ts';
import { setShortcutsOn, shortcutState } from './shortcuts.ts';

type Keys = ReadonlyArray<{ key: string; does: string }>;

/**
 * The visible way to the shortcuts: a button that opens their list (a modal dialog, as `?`
 * does), with the switch that turns them off or on.
 */
export function ShortcutsHelp({ keys }: { keys: Keys }) {
  const snap = useSnapshot(shortcutState);
  // A screen left with the list open (the browser's Back) does not open it on the next one.
  useEffect(
    () => () => {
      shortcutState.helpOpen = false;
    },
    [],
  );
  return (
    <>
      <button
        type="button"
        className="button button--outline staff-button--small"
        aria-haspopup="dialog"
        onClick={() => (shortcutState.helpOpen = true)}
      >
        Keyboard shortcuts
      </button>
      {snap.helpOpen && <ShortcutsDialog keys={keys} on={snap.on} />}
    </>
  );
}

/**
 * The shortcuts' list, a modal dialog (widgets/dialog/modal.ts, as the staff confirmations):
 * focus moves to the switch, Escape, the backdrop and Close close it, and focus goes back to
 * where it was (the button, or the row `?` was pressed on).
 */
function ShortcutsDialog({ keys, on }: { keys: Keys; on: boolean }) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const switchRef = useRef<HTMLInputElement>(null);
  const close = () => {
    shortcutState.helpOpen = false;
  };
  useDismiss(dialogRef, close);
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement;
    if (dialog) openDialog(dialog);
    switchRef.current?.focus();
    return () => {
      if (dialog) closeDialog(dialog);
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className="staff-dialog staff-shortcuts"
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => modalKeyDown(event, close)}
    >
      <h2 id={`${id}-title`} className="staff-dialog__title">
        Keyboard shortcuts
      </h2>
      <label className="staff-shortcuts__switch">
        <input
          ref={switchRef}
          type="checkbox"
          checked={on}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setShortcutsOn(event.currentTarget.checked)}
        />{' '}
        Use single-key shortcuts
      </label>
      <p id={`${id}-hint`} className="staff-hint">
        They never act while you type in a field, nor with Ctrl, Alt or ⌘ held.{' '}
        {on ? 'They are on.' : 'They are off: the keys below do nothing.'} This browser keeps the
        choice.
      </p>
      <table className="staff-shortcuts__keys">
        <caption className="spartan-visually-hidden">Shortcuts</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">What it does</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.key}>
              <th scope="row">
                <kbd>{k.key}</kbd>
              </th>
              <td>{k.does}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" className="button button--dark" onClick={close}>
        Close
      </button>
    </dialog>
  );
}
