/**
 * First-party map geometry: the US states of us-atlas (1:10m, longitude /
 * latitude), limited to the 50 states and DC (what geoAlbersUsa draws),
 * simplified for a 980 × 600 map, then projected here, at build time, exactly
 * as the hub map's ComposableMap projects (geoAlbersUsa, d3's default scale,
 * centred in MAP.width × MAP.height) into one SVG path per state, rounded to
 * 0.1 unit. Written to dist/widgets/geo/us-states-<hash>.json as
 * `{ width, height, states: [{ id, name, d }] }` for the hub map to fetch
 * lazily from our server (no CDN): the browser draws the paths as they are,
 * with no projecting or path building on the main thread.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { geoAlbersUsa, geoArea, geoPath, type GeoProjection } from 'd3-geo';
import { feature, quantize } from 'topojson-client';
import type { GeometryCollection, Objects, Topology } from 'topojson-specification';
import { MAP } from '../content/constants.ts';
import type { StatePaths } from '../widgets/hub-map/geometry.ts';
import { DIST, ROOT } from './paths.ts';

interface SimplifyModule {
  presimplify: (topology: Topology, weight?: unknown) => Topology;
  simplify: (topology: Topology, minWeight: number) => Topology;
  filter: (topology: Topology, keep: unknown) => Topology;
  filterWeight: (topology: Topology, minWeight: number, weight: unknown) => unknown;
  sphericalTriangleArea: unknown;
  sphericalRingArea: unknown;
}

/** The module that tells the hub map the geometry's hashed file name (committed, kept current here). */
const GEO_FILE_MODULE = path.join(ROOT, 'widgets', 'hub-map', 'geo-file.ts');
/** Steradians: smaller triangles are dropped, about a pixel on a 980 px wide US map. */
export const MIN_WEIGHT = 1e-6;
/** Grid of the output: a step is under a pixel even at zoom 8 on a 980 px wide map. */
export const QUANTIZATION = 1e4;

/** FIPS codes 60 and up are territories outside geoAlbersUsa (it returns no path for them). */
const isStateOrDc = (id: unknown) => Number(id) > 0 && Number(id) < 60;

export async function makeGeometry(): Promise<Topology> {
  const require = createRequire(import.meta.url);
  const source = JSON.parse(
    fs.readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8'),
  ) as Topology;
  // The package ships no types (SimplifyModule says what is used): a string specifier keeps tsc
  // from looking for them.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const simplifier = (await import('topojson-simplify' as string)) as SimplifyModule;
  const states = source.objects.states as GeometryCollection<{ name?: string }>;
  const topology: Topology = {
    type: 'Topology',
    ...(source.transform ? { transform: source.transform } : {}),
    arcs: source.arcs,
    objects: {
      states: {
        type: 'GeometryCollection',
        geometries: states.geometries
          .filter((g) => isStateOrDc(g.id))
          .map((g) => ({
            ...g,
            properties: { name: (g.properties as { name?: string } | undefined)?.name ?? '' },
          })),
      },
    },
  };
  const weighted = simplifier.presimplify(topology, simplifier.sphericalTriangleArea);
  const simplified = simplifier.simplify(weighted, MIN_WEIGHT);
  // Islets smaller than a pixel go: simplified to slivers, their rings can turn inside out.
  const filtered = simplifier.filter(
    simplified,
    simplifier.filterWeight(simplified, MIN_WEIGHT * 4, simplifier.sphericalRingArea),
  );
  // Unused arcs (the nation outline's, territories') and weights are dropped by re-quantizing.
  const out = pruneArcs(quantize(filtered as Topology<Objects>, QUANTIZATION));
  assertNoInvertedStates(out);
  return out;
}

/**
 * A ring wound the wrong way makes d3-geo fill the whole sphere except the state
 * (a map covered in one colour): refuse to ship that.
 */
function assertNoInvertedStates(topology: Topology): void {
  const states = feature(topology, topology.objects.states as GeometryCollection);
  for (const f of states.features) {
    if (geoArea(f) > 2 * Math.PI) {
      throw new Error(
        `build-geo: ${(f.properties as { name?: string } | null)?.name} came out inside out`,
      );
    }
  }
}

/** Drops arcs no geometry references and renumbers the rest. */
function pruneArcs(topology: Topology): Topology {
  const used = new Map<number, number>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const v of value) {
        if (typeof v === 'number') {
          const index = v < 0 ? ~v : v;
          if (!used.has(index)) used.set(index, used.size);
        } else walk(v);
      }
    }
  };
  const collection = topology.objects.states as GeometryCollection;
  for (const g of collection.geometries) if ('arcs' in g) walk(g.arcs);
  const renumber = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map((v: unknown) =>
          typeof v === 'number' ? (v < 0 ? ~used.get(~v)! : used.get(v)!) : renumber(v),
        )
      : value;
  const arcs = new Array<Topology['arcs'][number]>(used.size);
  for (const [old, next] of used) arcs[next] = topology.arcs[old]!.map((p) => [p[0]!, p[1]!]);
  return {
    ...topology,
    arcs,
    objects: {
      states: {
        ...collection,
        geometries: collection.geometries.map((g) =>
          'arcs' in g ? ({ ...g, arcs: renumber(g.arcs) } as typeof g) : g,
        ),
      },
    },
  };
}

/**
 * The projection react-simple-maps' ComposableMap builds for
 * `projection="geoAlbersUsa"` at MAP.width × MAP.height with no projectionConfig
 * (MapView passes none): `geoAlbersUsa().translate([width / 2, height / 2])`.
 */
export function mapProjection(): GeoProjection {
  return geoAlbersUsa().translate([MAP.width / 2, MAP.height / 2]);
}

/** Steps of the path grid per map unit: 0.1 unit, under a pixel even at zoom 8. */
const PATH_GRID = 10;

/** A number in tenths as SVG writes it shortest: 5 → ".5", -5 → "-.5", 20 → "2". */
function tenths(v: number): string {
  const s = (v / PATH_GRID).toString();
  return s.replace(/^(-?)0\./, '$1.');
}

/**
 * One state as an SVG path: per ring an absolute move, then relative lines on
 * the 0.1 unit grid (consecutive points that round together are merged), closed.
 * The same rings, in the same order and winding, as d3's geoPath draws at run time.
 */
export function statePath(geometry: Parameters<ReturnType<typeof geoPath>>[0]): string {
  const rings: [number, number][][] = [];
  let ring: [number, number][] = [];
  const point = (x: number, y: number): [number, number] => [
    Math.round(x * PATH_GRID),
    Math.round(y * PATH_GRID),
  ];
  const context = {
    moveTo(x: number, y: number) {
      ring = [point(x, y)];
      rings.push(ring);
    },
    lineTo(x: number, y: number) {
      const p = point(x, y);
      const last = ring[ring.length - 1]!;
      if (p[0] !== last[0] || p[1] !== last[1]) ring.push(p);
    },
    closePath() {},
    arc() {},
  };
  geoPath(mapProjection(), context as unknown as CanvasRenderingContext2D)(geometry);
  // A number after another needs a space unless its minus sign separates them.
  const next = (s: string) => (s.startsWith('-') ? s : ` ${s}`);
  let d = '';
  for (const r of rings) {
    // Rounded to fewer than 3 distinct points, a ring encloses nothing.
    if (r.length < 3) continue;
    const [x0, y0] = r[0]!;
    d += `M${tenths(x0)}${next(tenths(y0))}l`;
    for (let i = 1; i < r.length; i++) {
      const dx = tenths(r[i]![0] - r[i - 1]![0]);
      d += `${i === 1 ? dx : next(dx)}${next(tenths(r[i]![1] - r[i - 1]![1]))}`;
    }
    d += 'z';
  }
  return d;
}

/** The states as projected SVG paths: what the hub map fetches. */
export async function makeStatePaths(): Promise<StatePaths> {
  const topology = await makeGeometry();
  const states = feature(topology, topology.objects.states as GeometryCollection);
  return {
    width: MAP.width,
    height: MAP.height,
    states: states.features.map((f) => ({
      id: String(f.id),
      name: (f.properties as { name: string }).name,
      d: statePath(f),
    })),
  };
}

/**
 * Writes dist/widgets/geo/us-states-<hash>.json (a content hash, so it is cached immutably)
 * and keeps widgets/hub-map/geo-file.ts naming it. Runs before the widget and site builds,
 * which bundle that name; `npm test` fails when the committed name is stale.
 */
export async function buildGeo(): Promise<string> {
  const json = JSON.stringify(await makeStatePaths());
  const hash = crypto.createHash('sha256').update(json).digest('base64url').slice(0, 10);
  const name = `geo/us-states-${hash}.json`;
  const file = path.join(DIST, 'widgets', name);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, json);
  const module = `/** Generated by scripts/build-geo.ts: the states geometry, relative to the widgets folder. */\nexport const GEO_FILE = '${name}';\n`;
  if (!fs.existsSync(GEO_FILE_MODULE) || fs.readFileSync(GEO_FILE_MODULE, 'utf8') !== module) {
    fs.writeFileSync(GEO_FILE_MODULE, module);
  }
  return file;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = await buildGeo();
  console.log(`${file}: ${fs.statSync(file).size} bytes`);
}
