/**
 * Focus when a row of a staff table goes (an application deleted, a session ended): the removed
 * row's control had focus, and the browser would drop it to the page. Once the rows no longer hold
 * the removed one, focus moves to the same control of the row that took its place, else of the
 * row before, else to `fallback` (the table, its heading, or the note that it is empty).
 */
import { useEffect, useMemo, useRef, type RefObject } from 'react';

export interface FocusAfterRemoval {
  /** The row `id`, whose control is the `index`-th of the table's, is going. */
  removing(id: string, index: number): void;
  /** It stays after all (the removal failed): focus stays where it is. */
  kept(): void;
}

export function useFocusAfterRemoval(
  rows: readonly { id: string }[],
  table: RefObject<HTMLElement | null>,
  /** The rows' controls, in the table (e.g. `tbody button`). */
  controls: string,
  fallback: () => HTMLElement | null | undefined,
): FocusAfterRemoval {
  const going = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    const gone = going.current;
    if (!gone || rows.some((row) => row.id === gone.id)) return;
    going.current = null;
    const all = table.current?.querySelectorAll<HTMLElement>(controls);
    const next = all?.[Math.min(gone.index, all.length - 1)];
    (next ?? fallback())?.focus();
    // Runs when the rows change; the table, selector and fallback are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
  // The same object on every render, so that it can be a dependency of the caller's effects.
  return useMemo(
    () => ({
      removing: (id, index) => {
        going.current = { id, index };
      },
      kept: () => {
        going.current = null;
      },
    }),
    [],
  );
}
