/**
 * The Source filter's partners: every origin applications of this kind came from, not only the
 * page's. `complete` says whether the server listed every partner (it lists a few hundred at
 * most). Unavailable, the filter offers the origins the page shows.
 */
import { useState } from 'react';
import { fetchOrigins, type Asker, type PartnerOrigins } from '../data/applications.ts';
import type { Kind } from '../kinds.ts';

export function usePartnerOrigins(kind: Kind): [PartnerOrigins, (by?: Asker) => Promise<void>] {
  const [origins, setOrigins] = useState<PartnerOrigins>({ origins: [], complete: true });
  const load = (by: Asker = 'user') =>
    fetchOrigins(kind, by).then(
      setOrigins,
      () => undefined, // Unavailable: the filter offers the origins this page shows.
    );
  return [origins, load];
}
