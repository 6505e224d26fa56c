/**
 * WAI-ARIA tabs behaviour as prop getters, so a tab list and its panels can sit
 * apart (the story pages' sidebar): roving tabindex, arrow keys (both axes),
 * Home and End, automatic activation. Controlled or uncontrolled. In a tab row
 * that scrolls sideways (phones), a newly chosen tab is scrolled into sight.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface UseTabsOptions {
  count: number;
  /** Controlled selection. */
  selected?: number;
  onSelect?: (index: number) => void;
  /** Uncontrolled start (default 0). */
  initial?: number;
}

export function useTabs({ count, selected, onSelect, initial = 0 }: UseTabsOptions) {
  const id = useId();
  const [own, setOwn] = useState(initial);
  const current = selected ?? own;
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  // After a change of tab (Next, a click, the keys), the row shows the chosen tab. Only the row
  // scrolls: the page stays where the visitor is reading.
  const shown = useRef(current);
  useEffect(() => {
    if (shown.current === current) return;
    shown.current = current;
    const tab = tabRefs.current[current];
    let row = tab?.parentElement ?? null;
    while (row && row.scrollWidth <= row.clientWidth) row = row.parentElement;
    if (!tab || !row || row === document.documentElement) return;
    const t = tab.getBoundingClientRect();
    const r = row.getBoundingClientRect();
    const pad = 16;
    // Going right, the start of the next tab's label shows too (the story tabs are at most the
    // row's width less 4.5 rem): the row is seen to go on.
    const peek = tab.nextElementSibling ? 72 : pad;
    if (t.left < r.left) row.scrollLeft -= r.left - t.left + pad;
    else if (t.right + peek > r.right) row.scrollLeft += t.right + peek - r.right;
  }, [current]);

  const select = (index: number, focus = false) => {
    const next = ((index % count) + count) % count;
    if (selected === undefined) setOwn(next);
    onSelect?.(next);
    if (focus) tabRefs.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowDown: index + 1,
      ArrowLeft: index - 1,
      ArrowUp: index - 1,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target, true);
  };

  return {
    selected: current,
    select,
    tabId: (index: number) => `${id}-tab-${index}`,
    panelId: (index: number) => `${id}-panel-${index}`,
    tabProps: (index: number) => ({
      ref: (el: HTMLButtonElement | null) => {
        tabRefs.current[index] = el;
      },
      id: `${id}-tab-${index}`,
      type: 'button' as const,
      role: 'tab' as const,
      'aria-selected': index === current,
      'aria-controls': `${id}-panel-${index}`,
      tabIndex: index === current ? 0 : -1,
      onClick: () => select(index),
      onKeyDown: (event: KeyboardEvent) => onKeyDown(event, index),
    }),
    panelProps: (index: number) => ({
      id: `${id}-panel-${index}`,
      role: 'tabpanel' as const,
      'aria-labelledby': `${id}-tab-${index}`,
      tabIndex: 0,
      hidden: index !== current,
    }),
  };
}
