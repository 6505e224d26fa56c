import { geoAlbersUsa, geoArea, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { MAP } from '../content/constants.ts';
import { makeGeometry, makeStatePaths, statePath } from './build-geo.ts';

/** The rings of a path as written by statePath (M, then relative l, then z), in absolute units. */
function rings(d: string): [number, number][][] {
  const out: [number, number][][] = [];
  for (const part of d.split('z').filter(Boolean)) {
    const match = /^M([^l]+)l(.*)$/.exec(part);
    if (!match) throw new Error(`unexpected path segment ${part.slice(0, 40)}`);
    const numbers = (s: string) => (s.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    const [x0, y0] = numbers(match[1]!);
    const ring: [number, number][] = [[x0!, y0!]];
    const steps = numbers(match[2]!);
    expect(steps.length % 2).toBe(0);
    for (let i = 0; i < steps.length; i += 2) {
      const [x, y] = ring[ring.length - 1]!;
      ring.push([x + steps[i]!, y + steps[i + 1]!]);
    }
    out.push(ring);
  }
  return out;
}

/** Signed shoelace area; in SVG's y-down space d3 draws outer rings with a positive one. */
const area = (ring: [number, number][]) =>
  ring.reduce((sum, [x, y], i) => {
    const [nx, ny] = ring[(i + 1) % ring.length]!;
    return sum + (x * ny - nx * y) / 2;
  }, 0);

describe('build-geo', () => {
  it('keeps the 50 states and DC, simplified, none inside out, all drawable in geoAlbersUsa', async () => {
    const topology = await makeGeometry();
    const states = feature(topology, topology.objects.states as GeometryCollection);
    const names = states.features.map((f) => (f.properties as { name: string }).name);
    expect(names).toHaveLength(51);
    expect(names).toContain('District of Columbia');
    expect(names).not.toContain('Puerto Rico');
    const path = geoPath(geoAlbersUsa().translate([490, 300]));
    for (const f of states.features) {
      expect(geoArea(f)).toBeLessThan(0.1);
      expect(path(f)).toBeTruthy();
    }
    // small enough for a 980 × 600 map
    expect(JSON.stringify(topology).length).toBeLessThan(80_000);
  });

  it('ships every state projected as the map projects it, inside the map, none inside out', async () => {
    const geometry = await makeStatePaths();
    expect(geometry.width).toBe(MAP.width);
    expect(geometry.height).toBe(MAP.height);
    const names = geometry.states.map((s) => s.name);
    expect(names).toHaveLength(51);
    expect(new Set(geometry.states.map((s) => s.id)).size).toBe(51);
    expect(names).toContain('District of Columbia');
    expect(names).toContain('Alaska');
    expect(names).toContain('Hawaii');
    expect(names).not.toContain('Puerto Rico');

    // The same projection react-simple-maps' ComposableMap builds for the map (no projectionConfig).
    const projection = geoAlbersUsa().translate([MAP.width / 2, MAP.height / 2]);
    const topology = await makeGeometry();
    const features = feature(topology, topology.objects.states as GeometryCollection).features;
    const runtime = geoPath(projection);
    let total = 0;
    for (const state of geometry.states) {
      const f = features.find((g) => String(g.id) === state.id)!;
      expect(state.d).toMatch(/^M[-\d. l]+z(M[-\d. l]+z)*$/);
      const drawn = rings(state.d);
      expect(drawn.length).toBeGreaterThan(0);
      let stateArea = 0;
      for (const ring of drawn) {
        for (const [x, y] of ring) {
          // Inside the frame: an inside-out state would fill the whole map.
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(MAP.width);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(y).toBeLessThanOrEqual(MAP.height);
        }
        stateArea += area(ring);
      }
      // Same area and bounds as d3 draws the state at run time, within the 0.1 unit rounding.
      const expected = runtime.area(f);
      expect(stateArea).toBeGreaterThan(0);
      expect(Math.abs(stateArea - expected)).toBeLessThan(Math.max(2, expected * 0.02));
      const [[x0, y0], [x1, y1]] = runtime.bounds(f);
      const xs = drawn.flat().map((p) => p[0]);
      const ys = drawn.flat().map((p) => p[1]);
      expect(Math.abs(Math.min(...xs) - x0)).toBeLessThan(0.06);
      expect(Math.abs(Math.max(...xs) - x1)).toBeLessThan(0.06);
      expect(Math.abs(Math.min(...ys) - y0)).toBeLessThan(0.06);
      expect(Math.abs(Math.max(...ys) - y1)).toBeLessThan(0.06);
      total += stateArea;
    }
    // The states cover a good part of the map, far from all of it.
    expect(total).toBeGreaterThan(0.2 * MAP.width * MAP.height);
    expect(total).toBeLessThan(0.6 * MAP.width * MAP.height);
    // Small to fetch: about 43 KB raw, 15 KB gzip.
    expect(JSON.stringify(geometry).length).toBeLessThan(60_000);
  });

  it('writes paths compactly: relative steps on a 0.1 unit grid, repeated points merged', () => {
    const corners: [number, number][] = [
      [-100, 40],
      [-99, 40],
      [-99, 39],
      [-100, 39],
    ];
    // Clockwise, as d3 wants an outer ring; the second point rounds onto the first.
    const d = statePath({
      type: 'Polygon',
      coordinates: [[corners[0]!, [-100, 40.0000001], ...corners.slice(1), corners[0]!]],
    });
    expect(d).toMatch(/^M\d+(\.\d)? \d+(\.\d)?l(-?\d*\.?\d+)(( |-)\d*\.?\d+)*z$/);
    const drawn = rings(d);
    expect(drawn).toHaveLength(1);
    const ring = drawn[0]!;
    for (let i = 1; i < ring.length; i++) expect(ring[i]).not.toEqual(ring[i - 1]);
    const projection = geoAlbersUsa().translate([MAP.width / 2, MAP.height / 2]);
    const near = ([x, y]: [number, number], [px, py]: [number, number]) =>
      Math.abs(px - x) < 0.06 && Math.abs(py - y) < 0.06;
    // Starts at the first corner and passes every other one (d3 may add points between).
    expect(near(ring[0]!, projection(corners[0]!)!)).toBe(true);
    for (const corner of corners) {
      expect(ring.some((p) => near(p, projection(corner)!))).toBe(true);
    }
    expect(area(ring)).toBeGreaterThan(0);
  });
});
