/**
 * The state of an action asked first in a ConfirmDialog (ConfirmDialog.tsx): what is being asked,
 * and running it, with the dialog busy meanwhile and a failure shown inside it.
 *
 *   const confirmation = useConfirmation<'remove'>();
 *   <button onClick={() => confirmation.ask('remove')}>Remove…</button>
 *   {confirmation.asked && (
 *     <ConfirmDialog {...confirmation.dialog} onConfirm={() => void confirmation.run(remove)} … />
 *   )}
 */
import { useState } from 'react';

export function useConfirmation<T>() {
  const [asked, setAsked] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Runs the action for what was asked: true once done (the dialog closes), false if it failed. */
  const run = async (action: (what: T) => Promise<void>): Promise<boolean> => {
    if (asked === null) return false;
    setBusy(true);
    setError(null);
    try {
      await action(asked);
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(false);
      return false;
    }
    setBusy(false);
    setAsked(null);
    return true;
  };
  const onCancel = () => {
    setError(null);
    setAsked(null);
  };
  return { asked, ask: setAsked, run, dialog: { busy, error, onCancel } };
}
