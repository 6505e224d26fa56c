/**
 * The third-party shims of scripts/vite-shared.ts still cover what their libraries need: each
 * name a library imports from a shimmed module is exported by the shim, the projection
 * MapView names is there, and MapView hands no ref to the library's components (the react
 * shim's forwardRef passes none on).
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './paths.ts';
import { SHIMS } from './vite-shared.ts';

/** The ES module files of each shimmed library. */
const LIBRARY_FILES: Record<(typeof SHIMS)[number]['importer'], string> = {
  'react-simple-maps': 'node_modules/react-simple-maps/dist/shared',
  'embla-carousel-react': 'node_modules/embla-carousel-react/esm',
};
const sourcesOf = (importer: keyof typeof LIBRARY_FILES) => {
  const folder = path.join(ROOT, LIBRARY_FILES[importer]);
  return fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.es.js') || f.endsWith('.esm.js'))
    .map((f) => fs.readFileSync(path.join(folder, f), 'utf8'));
};
const mapView = fs.readFileSync(path.join(ROOT, 'widgets/hub-map/MapView.tsx'), 'utf8');

/** Names a module imports from `source`: named imports, plus `default` and namespace reads. */
function namesImported(code: string, source: string): Set<string> {
  const names = new Set<string>();
  const from = new RegExp(`import\\s*([^;]*?)\\s*from\\s*["']${source}["']`, 'g');
  for (const [, clause] of code.matchAll(from)) {
    const named = /\{([^}]*)\}/.exec(clause!)?.[1];
    for (const part of named?.split(',') ?? []) names.add(part.trim().split(/\s+as\s+/)[0]!);
    const namespace = /\*\s*as\s*(\w+)/.exec(clause!)?.[1];
    if (namespace) {
      // Reads of the namespace: `ns.name` and destructuring `{name: x, ...rest} = ns`.
      for (const [, name] of code.matchAll(new RegExp(`\\b${namespace}\\.(\\w+)`, 'g'))) {
        names.add(name!);
      }
      const destructured = new RegExp(`\\{([^}]*)\\}\\s*=\\s*${namespace}\\b`).exec(code)?.[1];
      for (const part of destructured?.split(',') ?? []) {
        const name = part.trim().split(':')[0]!.trim();
        if (name && !name.startsWith('...')) names.add(name);
      }
    }
    if (/^\w+\s*(?:,|$)/.test(clause!.trim())) names.add('default');
  }
  names.delete('');
  return names;
}

describe('third-party shims', () => {
  for (const shim of SHIMS) {
    it(`${shim.importer}: the ${shim.source} shim exports every name it imports`, async () => {
      const exported = new Set(Object.keys(await import(shim.replacement)));
      const needed = new Set(
        sourcesOf(shim.importer).flatMap((code) => [...namesImported(code, shim.source)]),
      );
      expect(needed.size).toBeGreaterThan(0);
      for (const name of needed) expect(exported, `${shim.source}.${name}`).toContain(name);
    });
  }

  it('the projection MapView names is one the d3-geo shim exports', async () => {
    const projection = /projection="(\w+)"/.exec(mapView)?.[1];
    expect(projection).toBeDefined();
    const shim = await import('../widgets/hub-map/shims/d3-geo.ts');
    expect(Object.keys(shim)).toContain(projection);
  });

  it('MapView passes no ref to a react-simple-maps component', () => {
    const imported = /import\s*\{([^}]*)\}\s*from\s*'react-simple-maps'/.exec(mapView)?.[1];
    const components = (imported ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => /^[A-Z]/.test(s));
    expect(components.length).toBeGreaterThan(0);
    for (const name of components) {
      expect(mapView).not.toMatch(new RegExp(`<${name}\\b[^>]*\\bref=`));
    }
  });
});
