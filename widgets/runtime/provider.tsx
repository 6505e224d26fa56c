/**
 * `<SpartanProvider>`: where the npm library's components find the Spartans server. One origin
 * (`server`) serves the API, the media and the map geometry; `apiBase`, `mediaBase` and
 * `geoUrl` name them one by one where they differ. A component's own prop still wins.
 * Library only: the script-tag bundles and the site never import it (docs/LIBRARY.md).
 */
import { createContext, useMemo, type ReactNode } from 'react';

export interface SpartanServer {
  /** Origin of the Spartans server: API, `/media/…` and the map geometry, e.g. `https://spartans.example`. */
  server?: string | undefined;
  /** API origin, where it differs from `server`. */
  apiBase?: string | undefined;
  /** Origin or URL prefix of the `/media/…` paths, where it differs from `server`. */
  mediaBase?: string | undefined;
  /** URL of the map's projected states, where it differs from the one on `server`. */
  geoUrl?: string | undefined;
}

export interface SpartanProviderProps extends SpartanServer {
  children?: ReactNode;
}

export const SpartanServerContext = createContext<SpartanServer>({});

export function SpartanProvider({
  server,
  apiBase,
  mediaBase,
  geoUrl,
  children,
}: SpartanProviderProps) {
  const value = useMemo(
    () => ({ server, apiBase, mediaBase, geoUrl }),
    [server, apiBase, mediaBase, geoUrl],
  );
  return <SpartanServerContext.Provider value={value}>{children}</SpartanServerContext.Provider>;
}
