import { useEffect } from 'react';
import { useSnapshot } from 'valtio/react';
import { navigate } from '../../navigation.ts';
import { fetchList, sameFilters, staffState, type ListFilters } from '../data/applications.ts';
import type { Kind } from '../kinds.ts';
import { detailHref, listHref } from '../urls.ts';

/** The filters of the page of the list before (-1) or after (1) the one `from` shows. */
const pageOf = (from: ListFilters, step: 1 | -1, cursor: string): ListFilters => ({
  ...from,
  page: Math.max(1, from.page + step),
  after: step === 1 ? cursor : '',
  before: step === 1 ? '' : cursor,
});

/**
 * The applications before and after this one in the list it was opened from (its filters kept),
 * crossing to the next or previous page of that list when this one is at an end of its page.
 */
export function useNeighbours(kind: Kind, id: string, from: ListFilters) {
  const list = useSnapshot(staffState[kind]).list;
  const loaded = sameFilters(list.filters, from) && !list.loading;
  const fromKey = JSON.stringify(from);
  useEffect(() => {
    // Opened from a link or after a reload: the list it came from, read for its neighbours.
    if (!sameFilters(staffState[kind].list.filters, from)) void fetchList(kind, from, 'background');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, fromKey]);
  const rows = loaded ? list.data : [];
  const at = rows.findIndex((a) => a.id === id);
  const prevId = at > 0 ? rows[at - 1]!.id : null;
  const nextId = at >= 0 && at < rows.length - 1 ? rows[at + 1]!.id : null;
  const nextPage = at >= 0 && at === rows.length - 1 && list.nextCursor ? list.nextCursor : null;
  const prevPage = at === 0 && list.prevCursor ? list.prevCursor : null;

  /** Opens the next (1) or previous (-1) application; false when there is none. */
  const go = async (step: 1 | -1): Promise<boolean> => {
    const near = step === 1 ? nextId : prevId;
    if (near) {
      navigate(detailHref(kind, near, from), false, true);
      return true;
    }
    const cursor = step === 1 ? nextPage : prevPage;
    if (!cursor) return false;
    const page = pageOf(from, step, cursor);
    await fetchList(kind, page);
    const data = staffState[kind].list.data;
    const target = step === 1 ? data[0] : data[data.length - 1];
    if (!target) return false;
    navigate(detailHref(kind, target.id, page), false, true);
    return true;
  };
  const href = (near: string | null, cursor: string | null, step: 1 | -1) =>
    near
      ? detailHref(kind, near, from)
      : cursor
        ? listHref(kind, pageOf(from, step, cursor))
        : null;
  return {
    /** The list is read, and this application is on it: its ends are known. */
    loaded: loaded && at >= 0,
    nextHref: href(nextId, nextPage, 1),
    prevHref: href(prevId, prevPage, -1),
    position: at >= 0 ? { at: at + 1, of: rows.length } : null,
    go,
  };
}

export type Neighbours = ReturnType<typeof useNeighbours>;
