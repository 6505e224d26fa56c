/**
 * dist/lib: the npm package `spartan-platform`, the widgets as React components (React 18 or 19
 * as a peer) and the element registration. What `npm pack` of that folder holds: ES modules and
 * CommonJS, `.d.ts` types, the widgets' stylesheet, custom-elements.json with the editor data
 * made from it (VS Code custom data, JetBrains web-types) and a README. Every
 * other dependency is bundled in, so the package depends on nothing but its React peer.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { vscodeCustomData, webTypes } from './editor-data.ts';
import { DIST, ROOT } from './paths.ts';
import { productionDefine } from './vite-shared.ts';
import { WIDGETS } from '../widgets/catalog.ts';

const OUT = path.join(DIST, 'lib');
/** Where tsc writes the declarations; `buildLib` moves them into the package (OUT/types). */
const TYPES_EMITTED = path.join(DIST, '.lib-types');
/** What the host app provides: React itself (a peer dependency). */
const EXTERNAL = /^(?:react|react-dom)(?:\/.*)?$/;
/**
 * The package's entries: every component (`spartan-platform/<folder>`), all of them together
 * (`spartan-platform`), and the elements' registration (`spartan-platform/register`). One entry
 * per component also makes each its own module behind the main entry: a host bundler that
 * drops the unused exports of `spartan-platform` then drops their modules too (webpack cannot
 * split one module between the components a page uses and those it does not).
 */
const ENTRIES: Record<string, string> = {
  index: 'widgets/index.ts',
  register: 'widgets/register.ts',
  ...Object.fromEntries(WIDGETS.map((w) => [w.folder, `widgets/${w.folder}/lib.ts`])),
};

/** The package's own manifest, from the repository's. */
function packageJson(): object {
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
    license: string;
    peerDependencies: Record<string, string>;
  };
  const entry = (name: string) => ({
    import: { types: `./${name}.d.ts`, default: `./${name}.js` },
    require: { types: `./${name}.d.cts`, default: `./${name}.cjs` },
  });
  return {
    name: 'spartan-platform',
    version: root.version,
    description: 'The Spartans widgets as React components and custom elements.',
    license: root.license,
    type: 'module',
    main: './index.cjs',
    module: './index.js',
    types: './index.d.ts',
    exports: {
      '.': entry('index'),
      './register': entry('register'),
      ...Object.fromEntries(WIDGETS.map((w) => [`./${w.folder}`, entry(w.folder)])),
      './styles.css': './styles.css',
      './custom-elements.json': './custom-elements.json',
      './vscode.html-custom-data.json': './vscode.html-custom-data.json',
      './web-types.json': './web-types.json',
      './package.json': './package.json',
    },
    // register defines the elements when imported; everything else is pure.
    sideEffects: ['./register.js', './register.cjs', './styles.css'],
    customElements: './custom-elements.json',
    // JetBrains IDEs read this field; VS Code takes the custom data through `html.customData`.
    'web-types': './web-types.json',
    peerDependencies: root.peerDependencies,
    engines: { node: '>=18' },
  };
}

interface ManifestModule {
  path: string;
  declarations: object[];
  exports: Array<{ declaration?: { module: string } }>;
}

/** The repository's custom-elements.json, as `npm run manifest` wrote it. */
function repositoryManifest(): { modules: ManifestModule[] } {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'custom-elements.json'), 'utf8')) as {
    modules: ManifestModule[];
  };
}

/** A module's exports, each declared as coming from `module` instead. */
const exportedFrom = (module: string, exports: ManifestModule['exports']) =>
  exports.map((e) => ({ ...e, declaration: { ...e.declaration, module } }));

/**
 * The repository's custom-elements.json as the server serves it at /custom-elements.json: each
 * element's module is its script-tag entry, `widgets/<tag>.js` (relative to the manifest, so
 * /widgets/<tag>.js), which exports the element class; the sources' paths mean nothing there.
 */
export function servedManifest(): { modules: ManifestModule[] } {
  const manifest = repositoryManifest();
  return {
    ...manifest,
    modules: manifest.modules.map((m) => {
      const declarations = m.declarations as Array<{ tagName?: string }>;
      const tag = declarations.find((d) => d.tagName)?.tagName;
      if (!tag) throw new Error(`custom-elements.json: ${m.path} declares no element`);
      const module = `widgets/${tag}.js`;
      return {
        ...m,
        path: module,
        exports: exportedFrom(module, m.exports),
      };
    }),
  };
}

/**
 * What the server attributes mean for the package's elements. The sources describe the
 * script-tag elements, which default to the origin of their script; the package's elements,
 * bundled into an app, have no such origin and call nothing without them (docs/LIBRARY.md).
 */
const PACKAGE_ATTRIBUTES: Record<string, string> = {
  'api-base':
    'Origin of the Spartans API. Needed in an app: without it the element calls nothing and says so in the console (the script-tag bundle defaults to the origin its script came from).',
  'media-base':
    'Origin the /media/ paths load from. Needed in an app: without it the element calls nothing (it shows no videos) and says so in the console (the script-tag bundle defaults to the origin of its script).',
};

interface AttributeDoc {
  name: string;
  description?: string;
}

/**
 * The repository's custom-elements.json as the package holds it: the element classes are
 * exported by `register.js`, so its modules (the sources' element.ts files) become that one,
 * and the server attributes say what they mean there (PACKAGE_ATTRIBUTES).
 */
function packageManifest(): { modules: ManifestModule[] } {
  const manifest = repositoryManifest();
  const module = 'register.js';
  const forPackage = (declaration: { attributes?: AttributeDoc[] }) => ({
    ...declaration,
    ...(declaration.attributes && {
      attributes: declaration.attributes.map((a) => ({
        ...a,
        description: PACKAGE_ATTRIBUTES[a.name] ?? a.description,
      })),
    }),
  });
  return {
    ...manifest,
    modules: [
      {
        kind: 'javascript-module',
        path: module,
        declarations: manifest.modules.flatMap((m) => m.declarations).map(forPackage),
        exports: manifest.modules.flatMap((m) => exportedFrom(module, m.exports)),
      } as ManifestModule,
    ],
  };
}

/**
 * The CSS of every widget, for pages that server-render the components (tokens first; not
 * widgets/shared-styles/, whose files only @import the others for the site).
 */
function stylesheet(): string {
  const skipped = /[\\/](?:runtime|shared-styles)$/;
  const files = [
    'widgets/runtime/tokens.css',
    ...fs
      .readdirSync(path.join(ROOT, 'widgets'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.css') && !skipped.test(e.parentPath))
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
      .sort(),
  ];
  // The mark that tells the components their CSS is linked (LINKED_PROPERTY, widgets/runtime/styles.ts).
  const mark = `/* Every widget's CSS is here: the components adopt none of their own. */\n:root {\n  --spartan-stylesheet: linked;\n}\n`;
  return [
    mark,
    ...files.map((f) => `/* ${f} */\n${fs.readFileSync(path.join(ROOT, f), 'utf8')}`),
  ].join('\n');
}

/**
 * tsc writes the sources' own specifiers into declarations: relative `.ts`/`.tsx` paths (the
 * sources import with extensions) and side-effect imports of our `#…` package imports, which
 * mean nothing in a consumer's project. Declarations point at `.js` and keep no side effects.
 */
function fixDeclarations(dir: string): void {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.d.ts')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = fs
      .readFileSync(file, 'utf8')
      .replace(/^import\s+'#[^']+';\n/gm, '')
      // Either quote: tsc writes the `import("…")` of an inferred type with double quotes.
      .replace(/(from\s+|import\()(['"])(\.{1,2}\/[^'"]+)\.tsx?\2/g, '$1$2$3.js$2');
    fs.writeFileSync(file, text);
  }
}

/**
 * Keeps the declarations the entries' types reach and deletes the rest: tsc declares every module
 * of the program, and the unreachable ones (the server's schemas, the widgets' internals) import
 * packages the library does not depend on (zod, axios, preact, d3-geo).
 */
function pruneDeclarations(dir: string, entries: string[]): void {
  const reached = new Set<string>();
  const queue = entries.map((entry) => path.join(dir, entry));
  const specifiers = /(?:from\s+|import\()['"](\.{1,2}\/[^'"]+)\.js['"]/g;
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (reached.has(file) || !fs.existsSync(file)) continue;
    reached.add(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(specifiers)) {
      queue.push(path.join(path.dirname(file), `${specifier}.d.ts`));
    }
  }
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (entry.isFile() && entry.name.endsWith('.d.ts') && !reached.has(file)) fs.rmSync(file);
  }
  // Folders left empty, deepest first.
  const folders = fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => path.join(e.parentPath, e.name))
    .sort((a, b) => b.length - a.length);
  for (const folder of folders) if (fs.readdirSync(folder).length === 0) fs.rmdirSync(folder);
}

/**
 * Emits the declarations, one per module (tsc, a process of its own), into TYPES_EMITTED. They
 * depend on the sources alone (widgets/hub-map/geo-file.ts among them, written by build-geo.ts),
 * so the build starts this once the sources are final and it runs beside the other steps, which
 * work in the build's own process; `buildLib` waits for it.
 */
export function emitDeclarations(): Promise<void> {
  fs.rmSync(TYPES_EMITTED, { recursive: true, force: true });
  const args = [
    '-p',
    'tsconfig.lib.json',
    '--rootDir',
    '.',
    '--outDir',
    TYPES_EMITTED,
    '--declaration',
    '--emitDeclarationOnly',
    '--rewriteRelativeImportExtensions',
  ];
  const tsc = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsc'), args, {
    cwd: ROOT,
    stdio: 'inherit',
  });
  const done = new Promise<void>((resolve, reject) => {
    tsc.on('error', reject);
    tsc.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`tsc (declarations) exited with ${signal ?? code}`));
    });
  });
  // Handled here too: when a step before the lib's fails, the build ends with that failure.
  done.catch(() => {});
  return done;
}

/** The package; `declarations` is `emitDeclarations()`'s promise when the build started it. */
export async function buildLib(declarations = emitDeclarations()): Promise<void> {
  fs.rmSync(OUT, { recursive: true, force: true });
  await build({
    configFile: false,
    root: ROOT,
    logLevel: 'warn',
    publicDir: false,
    // No script URL to read in a host app's bundle: the components find the server through
    // SpartanProvider or their props (widgets/runtime/server.tsx), in both formats alike.
    define: { ...productionDefine, 'import.meta.url': 'undefined' },
    build: {
      outDir: OUT,
      emptyOutDir: false,
      target: 'es2022',
      minify: false,
      sourcemap: false,
      reportCompressedSize: false,
      lib: {
        entry: ENTRIES,
        formats: ['es', 'cjs'],
        fileName: (format, name) => `${name}.${format === 'es' ? 'js' : 'cjs'}`,
      },
      rolldownOptions: {
        external: (id) => EXTERNAL.test(id),
        output: {
          // The components use hooks and the DOM: client components for React Server Components.
          banner: '"use client";',
          // Readable, not minified; our source comments stay in the repository. Annotations
          // (`/* @__PURE__ */`) stay: with them, a consumer's bundler drops the loaders of the
          // widgets it does not import (each `lazy(() => import(…))` of a form, say).
          comments: { legal: false, annotation: true, jsdoc: false },
        },
      },
    },
  });
  // Declarations, one per module, under types/ (a CommonJS scope, so that both the ESM and the
  // CJS entry typings below can point at them).
  await declarations;
  fs.renameSync(TYPES_EMITTED, path.join(OUT, 'types'));
  fixDeclarations(path.join(OUT, 'types'));
  pruneDeclarations(
    path.join(OUT, 'types'),
    Object.values(ENTRIES).map((source) => source.replace(/\.ts$/, '.d.ts')),
  );
  fs.writeFileSync(path.join(OUT, 'types', 'package.json'), '{}\n');
  for (const [name, source] of Object.entries(ENTRIES)) {
    const target = `./types/${source.replace(/\.ts$/, '.js')}`;
    const reexport = `export * from '${target}';\n`;
    fs.writeFileSync(path.join(OUT, `${name}.d.ts`), reexport);
    fs.writeFileSync(path.join(OUT, `${name}.d.cts`), reexport);
  }
  fs.writeFileSync(path.join(OUT, 'styles.css'), stylesheet());
  fs.writeFileSync(path.join(OUT, 'package.json'), `${JSON.stringify(packageJson(), null, 2)}\n`);
  fs.copyFileSync(path.join(ROOT, 'docs', 'LIBRARY.md'), path.join(OUT, 'README.md'));
  fs.copyFileSync(path.join(ROOT, 'docs', 'COMPONENTS.md'), path.join(OUT, 'COMPONENTS.md'));
  const manifest = packageManifest();
  const { name, version } = packageJson() as { name: string; version: string };
  const json = (data: object) => `${JSON.stringify(data, null, 2)}\n`;
  fs.writeFileSync(path.join(OUT, 'custom-elements.json'), json(manifest));
  fs.writeFileSync(
    path.join(OUT, 'vscode.html-custom-data.json'),
    json(vscodeCustomData(manifest)),
  );
  fs.writeFileSync(path.join(OUT, 'web-types.json'), json(webTypes(manifest, name, version)));
}
