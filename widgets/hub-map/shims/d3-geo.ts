/**
 * What `d3-geo` is for react-simple-maps in our bundles (scripts/vite-shared.ts, `shims`).
 *
 * react-simple-maps imports d3-geo as a namespace and spreads it to look projections up by
 * name, so a bundler keeps every projection d3-geo has (about 8 KB on the wire) though our
 * map uses one. It reads `geoPath` and `geoGraticule` by name, and the projection named by
 * MapView's `projection` prop. shims.test.ts fails if either side starts to need more.
 */
export { geoAlbersUsa, geoGraticule, geoPath } from 'd3-geo';
