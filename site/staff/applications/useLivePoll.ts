/**
 * The live list: a cheap poll for the newest application (304 while nothing arrived), every
 * LIVE_POLL_MS and whenever the tab comes back. On the first page, newest first, new ones appear
 * in place and are announced politely; elsewhere `arrived` turns true, for a notice that offers
 * the newest. `onChange` runs at each new answer (the first included).
 */
import { useEffect, useRef, useState } from 'react';
import {
  announce,
  fetchLatest,
  fetchList,
  staffState,
  type ListFilters,
} from '../data/applications.ts';
import type { Kind } from '../kinds.ts';

/** How often the list asks whether an application arrived (and whenever the tab comes back). */
const LIVE_POLL_MS = 10_000;

export function useLivePoll(kind: Kind, filters: ListFilters, onChange: () => void): boolean {
  const [arrived, setArrived] = useState(false);
  const latest = useRef<string | null | undefined>(undefined);
  const key = JSON.stringify(filters);
  useEffect(() => {
    let stopped = false;
    const inPlace =
      filters.page === 1 && !filters.after && !filters.before && filters.sort === 'newest';
    const poll = async () => {
      if (document.hidden) return;
      let now: string | null;
      try {
        now = await fetchLatest(kind);
      } catch {
        return; // A failed poll says nothing; the next one tries again.
      }
      if (stopped || now === latest.current) return;
      const first = latest.current === undefined;
      latest.current = now;
      onChange();
      if (first) return;
      if (!inPlace) {
        setArrived(true);
        announce('New applications arrived');
        return;
      }
      const shown = new Set(staffState[kind].list.data.map((a) => a.id));
      await fetchList(kind, filters, 'background');
      const fresh = staffState[kind].list.data.filter((a) => !shown.has(a.id)).length;
      if (!stopped && fresh > 0) {
        announce(`${fresh} new application${fresh === 1 ? '' : 's'} at the top of the list`);
      }
    };
    const onVisible = () => void poll();
    void poll();
    const timer = setInterval(onVisible, LIVE_POLL_MS);
    window.addEventListener('focus', onVisible);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('focus', onVisible);
      document.removeEventListener('visibilitychange', onVisible);
    };
    // The filters are compared by value (a new object comes with each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind, key]);
  return arrived;
}
