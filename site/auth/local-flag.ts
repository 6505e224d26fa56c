/**
 * Whether this build includes the front-end-only login (offline demos): only a
 * non-production build (`vite build --mode demo`) with VITE_SPARTAN_LOCAL_AUTH=1
 * in its environment. Vite writes MODE in at compile time, so in a production
 * build this is the literal `false` and the local variant is removed as dead code.
 */
export const LOCAL_AUTH_ENABLED: boolean =
  import.meta.env.MODE !== 'production' && import.meta.env.VITE_SPARTAN_LOCAL_AUTH === '1';
