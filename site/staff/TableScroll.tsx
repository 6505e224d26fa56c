/**
 * A staff table in a box of its own that scrolls sideways on a narrow screen (the page itself
 * never does). When the table is wider than its box, a line above it says so, and the box,
 * focusable, is described by it: on a phone, columns past the edge are otherwise easy to miss.
 */
import { useEffect, useId, useState, type ReactNode, type RefObject } from 'react';

export const SCROLL_HINT = 'Scroll the table sideways to see every column.';

export function TableScroll({
  label,
  wrapRef,
  children,
}: {
  /** The region's name (the table's caption says more). */
  label: string;
  /** For a list that moves focus into its rows. */
  wrapRef: RefObject<HTMLDivElement | null>;
  children: ReactNode;
}) {
  const hintId = useId();
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWider(wrap.scrollWidth > wrap.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(wrap);
    const table = wrap.firstElementChild;
    if (table) observer.observe(table);
    measure();
    return () => observer.disconnect();
  }, [wrapRef]);
  return (
    <>
      {wider && (
        <p id={hintId} className="staff-table-hint">
          {SCROLL_HINT}
        </p>
      )}
      <div
        ref={wrapRef}
        className="staff-table-wrap"
        role="region"
        aria-label={label}
        aria-describedby={wider ? hintId : undefined}
        // Focusable so keyboard users can scroll the table on narrow screens.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
      >
        {children}
      </div>
    </>
  );
}
