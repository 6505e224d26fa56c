/**
 * How a screen reads a resource of data/ that only it shows (an account, the audit trail, the
 * sessions): `useResource(() => fetchAudit(filters), key)`. The applications, shown by several
 * screens at once, are read from their store instead (applications.ts).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Resource<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => Promise<void>;
}

/** Loads `load()` now, again when `key` changes, and on `reload()`; the last answer wins. */
export function useResource<T>(load: () => Promise<T>, key: string): Resource<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  const latest = useRef(0);
  const fetchNow = useCallback(async (mine: number) => {
    try {
      const data = await loadRef.current();
      if (mine === latest.current) setState({ data, error: null, loading: false });
    } catch (failure) {
      const error = (failure as Error).message;
      if (mine === latest.current) setState((old) => ({ ...old, error, loading: false }));
    }
  }, []);
  const reload = useCallback(async () => {
    const mine = ++latest.current;
    setState((old) => ({ ...old, loading: true }));
    await fetchNow(mine);
  }, [fetchNow]);
  useEffect(() => {
    void fetchNow(++latest.current);
  }, [key, fetchNow]);
  return { ...state, reload };
}
