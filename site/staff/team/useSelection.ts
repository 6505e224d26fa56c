import { useState } from 'react';

/** The rows selected on the page shown: cleared when the page's rows change. */
export function useSelection(ids: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const pageKey = ids.join(',');
  const [forPage, setForPage] = useState(pageKey);
  if (forPage !== pageKey) {
    setForPage(pageKey);
    // Rows that left the page leave the selection.
    const kept = new Set([...selected].filter((id) => ids.includes(id)));
    if (kept.size !== selected.size) setSelected(kept);
  }
  const toggle = (id: string) =>
    setSelected((old) => {
      const next = new Set(old);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const all = ids.length > 0 && ids.every((id) => selected.has(id));
  return {
    selected,
    all,
    some: selected.size > 0 && !all,
    toggle,
    toggleAll: () => setSelected(all ? new Set() : new Set(ids)),
    clear: () => setSelected(new Set()),
    /** Unselects these (what a bulk action was done for). */
    drop: (ids: readonly string[]) =>
      setSelected((old) => new Set([...old].filter((id) => !ids.includes(id)))),
  };
}
