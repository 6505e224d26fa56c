/** A list's Previous and Next (by the server's cursors) and where in the list it is. */
import type { ReactNode, RefObject } from 'react';
import type { ListFilters } from '../data/applications.ts';
import { KINDS, type Kind } from '../kinds.ts';
import { AppLink } from '../links.tsx';
import { listHref } from '../urls.ts';
import { countText } from './ApplicationTable.tsx';

export function ListPager({
  kind,
  filters,
  cursors,
  pages,
  capped,
  tableRef,
}: {
  kind: Kind;
  filters: ListFilters;
  cursors: { prevCursor: string | null; nextCursor: string | null };
  pages: number;
  capped: boolean;
  /** Takes focus once the other page shows. */
  tableRef: RefObject<HTMLDivElement | null>;
}) {
  const { prevCursor, nextCursor } = cursors;
  if (!prevCursor && !nextCursor && filters.page <= 1) return null;
  const at = (changes: Partial<ListFilters>) => listHref(kind, { ...filters, ...changes });
  const focusTable = () => tableRef.current?.focus();
  return (
    <nav aria-label={`${KINDS[kind].title} pages`} className="staff-pager">
      {prevCursor || filters.page > 1 ? (
        <PagerLink
          href={
            prevCursor
              ? at({ page: Math.max(1, filters.page - 1), before: prevCursor, after: '' })
              : at({ page: 1 })
          }
          onNavigate={focusTable}
        >
          Previous <span className="spartan-visually-hidden">page</span>
        </PagerLink>
      ) : (
        <span />
      )}
      <span>
        Page {filters.page} of {/* A capped total undercounts the pages; an exact one does not. */}
        {capped ? countText(Math.max(pages, filters.page), true) : pages}
      </span>
      {nextCursor ? (
        <PagerLink
          href={at({ page: filters.page + 1, after: nextCursor, before: '' })}
          onNavigate={focusTable}
        >
          Next <span className="spartan-visually-hidden">page</span>
        </PagerLink>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A pager link: the next page loads in place and focus goes to the results. */
function PagerLink({
  href,
  onNavigate,
  children,
}: {
  href: string;
  onNavigate: () => void;
  children: ReactNode;
}) {
  return (
    <AppLink
      className="button button--outline"
      href={href}
      ownFocus
      onNavigate={() => requestAnimationFrame(onNavigate)}
    >
      {children}
    </AppLink>
  );
}
