import { geoAlbersUsa, geoArea, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection } from 'topojson-specification';
import { describe, expect, it } from 'vitest';
import { makeGeometry } from './build-geo.ts';

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
});
