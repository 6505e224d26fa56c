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

/**
 * The partner origins the Source filter offers beside "our site": the server's, with the chosen
 * one and the page's own (should the server's list be late or unavailable), sorted.
 */
export function offeredPartners(
  chosen: string | undefined,
  origins: readonly string[],
  shown: readonly (string | null | undefined)[],
): string[] {
  return [
    ...new Set(
      [chosen, ...origins, ...shown].filter(
        (o): o is string => typeof o === 'string' && o !== '' && o !== 'site',
      ),
    ),
  ].sort();
}
