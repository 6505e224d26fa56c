import { useEffect, useId, useRef } from 'react';
import { useSnapshot } from 'valtio/react';
import { setShortcutsOn, shortcutState } from './shortcuts.ts';

/**
 * The visible way to the shortcuts: a button that opens their list (a modal dialog, as `?`
 * does), with the switch that turns them off or on.
 */
export function ShortcutsHelp({ keys }: { keys: ReadonlyArray<{ key: string; does: string }> }) {
  const snap = useSnapshot(shortcutState);
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (snap.helpOpen && !dialog.open) dialog.showModal();
    if (!snap.helpOpen && dialog.open) dialog.close();
  }, [snap.helpOpen]);
  return (
    <>
      <button
        ref={openerRef}
        type="button"
        className="button button--outline staff-button--small"
        onClick={() => (shortcutState.helpOpen = true)}
      >
        Keyboard shortcuts
      </button>
      <dialog
        ref={dialogRef}
        className="staff-dialog staff-shortcuts"
        aria-labelledby={`${id}-title`}
        onClose={() => {
          shortcutState.helpOpen = false;
          openerRef.current?.focus();
        }}
      >
        <h2 id={`${id}-title`}>Keyboard shortcuts</h2>
        <label className="staff-shortcuts__switch">
          <input
            type="checkbox"
            checked={snap.on}
            onChange={(event) => setShortcutsOn(event.currentTarget.checked)}
          />{' '}
          Use single-key shortcuts
        </label>
        <p className="staff-hint">
          They never act while you type in a field.{' '}
          {snap.on ? 'They are on.' : 'They are off: the keys below do nothing.'}
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
        <form method="dialog">
          <button type="submit" className="button button--dark">
            Close
          </button>
        </form>
      </dialog>
    </>
  );
}
