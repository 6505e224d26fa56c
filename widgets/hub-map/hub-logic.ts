/** The hub map's arithmetic and grouping: no React, no d3. */
import { HUB_GROUPS, type Hub } from '../../content/hubs.ts';
import { MAP } from '../../content/constants.ts';
import { GEO_FILE } from './geo-file.ts';

export interface HubGroup {
  heading: string;
  hubs: Hub[];
}

/** The list's groups in order (Headquarters, then Future Sub-Headquarters), empty ones left out. */
export function groupHubs(hubs: readonly Hub[]): HubGroup[] {
  return HUB_GROUPS.map(({ category, heading }) => ({
    heading,
    hubs: hubs.filter((h) => h.category === category),
  })).filter((g) => g.hubs.length > 0);
}

/** Zoom after pressing zoom in (+1) or out (-1): doubles or halves, within 1 to 8. */
export function stepZoom(zoom: number, direction: 1 | -1): number {
  const next = direction > 0 ? zoom * 2 : zoom / 2;
  return Math.min(MAP.maxZoom, Math.max(MAP.minZoom, next));
}

export interface ZoomTransform {
  x: number;
  y: number;
  k: number;
}

/**
 * Where a projected map point (in the 980 × 600 viewBox) appears under the
 * current pan and zoom, as percentages of the map's box: for placing HTML over
 * the SVG, which scales with its container.
 */
export function overlayPosition(
  point: readonly [number, number],
  t: ZoomTransform,
): { left: number; top: number } {
  return {
    left: ((point[0] * t.k + t.x) / MAP.width) * 100,
    top: ((point[1] * t.k + t.y) / MAP.height) * 100,
  };
}

/** Default location of the projected states geometry on our server (built by scripts/build-geo.ts). */
export const geoUrlFor = (origin: string): string => `${origin}/widgets/${GEO_FILE}`;
