import { useEffect } from 'react';
import { useSnapshot } from 'valtio/react';
import { navigate } from '../../navigation.ts';
import { fetchList, sameFilters, staffState, type ListFilters } from '../data/applications.ts';
import type { Kind } from '../kinds.ts';
import { detailHref } from '../urls.ts';

/**
 * The applications before and after this one in the list it was opened from (its filters kept),
 * crossing to the next or previous page of that list when this one is at an end of its page.
 */
export function useNeighbours(kind: Kind, id: string, from: ListFilters) {
  const list = useSnapshot(staffState[kind]).list;
  const loaded = sameFilters(list.filters, from) && !list.loading;
  useEffect(() => {
    // Opened from a link or after a reload: the list it came from, read for its neighbours.
    if (!sameFilters(staffState[kind].list.filters, from)) void fetchList(kind, from, 'background');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, JSON.stringify(from)]);
  const rows = loaded ? list.data : [];
  const at = rows.findIndex((a) => a.id === id);
  const prevId = at > 0 ? rows[at - 1]!.id : null;
  const nextId = at >= 0 && at < rows.length - 1 ? rows[at + 1]!.id : null;
  const nextPage = at === rows.length - 1 && list.nextCursor ? list.nextCursor : null;
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
    const page: ListFilters = {
      ...from,
      page: Math.max(1, from.page + step),
      after: step === 1 ? cursor : '',
      before: step === 1 ? '' : cursor,
    };
    await fetchList(kind, page);
    const data = staffState[kind].list.data;
    const target = step === 1 ? data[0] : data[data.length - 1];
    if (!target) return false;
    navigate(detailHref(kind, target.id, page), false, true);
    return true;
  };
  return {
    hasNext: Boolean(nextId || nextPage),
    hasPrev: Boolean(prevId || prevPage),
    position: at >= 0 ? { at: at + 1, of: rows.length } : null,
    go,
  };
}
