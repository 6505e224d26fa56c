/**
 * The states geometry the hub map fetches (built by scripts/build-geo.ts):
 * already projected for the map's geoAlbersUsa at width × height, one SVG path
 * per state, so drawing it costs the browser no projecting or path building.
 */
export interface StatePath {
  /** FIPS code. */
  id: string;
  name: string;
  /** SVG path data in the map's viewBox. */
  d: string;
}

export interface StatePaths {
  width: number;
  height: number;
  states: StatePath[];
}

/** Whether a fetched document is the projected states geometry (not, say, an old TopoJSON file). */
export const isStatePaths = (value: unknown): value is StatePaths =>
  Array.isArray((value as Partial<StatePaths> | null)?.states);
