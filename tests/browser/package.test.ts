/**
 * The npm package as a React developer receives it: `npm pack` of dist/lib, installed with npm
 * into a scratch React 18 app and a scratch React 19 app, each with its own React and types from
 * the npm registry (npm's cache first, so a second run needs no network). In each app:
 * a strict type check (skipLibCheck off), a Vite build (client and server), a server render with
 * renderToString, and in Chromium hydrateRoot over it with nothing in the console, then clicks
 * that work. The React 19 app also loads the package with `import` and `require` and type-checks
 * under the node16 and node10 resolutions, and holds a Next.js 15 app; the React 18 app holds a
 * React Router 7 app in framework mode, built, served with server rendering and hydrated.
 */
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIST, ROOT } from '../../scripts/paths.ts';
import { fetchFresh } from '../fetch.ts';
import { openPage } from './harness.ts';

// Made in beforeAll, not when the file is read: a run that filters every test out (`-t`) skips
// the hooks, afterAll's clean-up among them.
let scratch = '';
let packed: { files: Array<{ path: string }>; filename: string };

const run = (cmd: string, args: string[], cwd: string) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const runAsync = (cmd: string, args: string[], cwd: string) =>
  promisify(execFile)(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });

/** The type check of `dir`'s tsconfig.json: its output (empty when it passes). */
const tsc = async (dir: string): Promise<string> => {
  try {
    await runAsync(
      process.execPath,
      [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc')],
      dir,
    );
    return '';
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  }
};

/**
 * The type checks (each some seconds of one core), two at a time beside the other tests:
 * started once the apps are installed, awaited by the tests that report them.
 */
const checks = new Map<string, Promise<string>>();
const lanes: Array<Promise<string>> = [Promise.resolve(''), Promise.resolve('')];
let started = 0;
function startCheck(name: string, dir: string): void {
  const lane = started++ % lanes.length;
  const result = lanes[lane]!.then(() => tsc(dir));
  lanes[lane] = result;
  checks.set(name, result);
}
const check = (name: string) => checks.get(name) ?? Promise.resolve(`no check named ${name}`);

const REACT_19 = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'react', 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

/** What a React Router 7 framework-mode app installs beside React (its Vite comes with it). */
const RR7_PACKAGES = [
  'react-router@7',
  '@react-router/dev@7',
  '@react-router/node@7',
  '@react-router/serve@7',
  'isbot@5',
];

/**
 * The peers each app installs: React 18's latest, and the React 19 this repository uses. The
 * React 19 app also holds a Next.js 15 app (in its next-app/ folder, one install for both), the
 * React 18 app a React Router 7 app (rr7-app/).
 */
const APPS = {
  18: ['react@18', 'react-dom@18', '@types/react@18', '@types/react-dom@18', ...RR7_PACKAGES],
  19: [
    `react@${REACT_19}`,
    `react-dom@${REACT_19}`,
    '@types/react@19',
    '@types/react-dom@19',
    'next@15',
  ],
} as const;
type Major = keyof typeof APPS;
const appDir = (major: Major) => path.join(scratch, `react-${major}`);

const COMPILER_OPTIONS = {
  strict: true,
  skipLibCheck: false,
  // TypeScript's own lib files (lib.dom.d.ts and the like) are not checked again in each of the
  // four programs: they are TypeScript's. Every other declaration file (the package's, React's) is
  // checked, and an augmentation of a lib interface that conflicts with it is still reported at
  // the augmentation's own line (tried on a scratch program). The four checks, this file alone
  // one run after the other: 22.6 CPU-s instead of 34.7 (the whole file 71 instead of 85).
  skipDefaultLibCheck: true,
  noEmit: true,
  jsx: 'react-jsx',
  target: 'es2022',
  lib: ['es2022', 'dom', 'dom.iterable'],
  module: 'esnext',
  moduleResolution: 'bundler',
  types: [],
};

/**
 * The app: the banner and the counter as React components, the counter also as the custom
 * element, and a host stylesheet that paints every button lime (see docs/LIBRARY.md on style
 * isolation). It marks <html data-hydrated> once React has taken over the server's markup.
 */
const APP_FILES: Record<string, string> = {
  'index.html': `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Consumer</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/host.css" />
  </head>
  <body>
    <div id="root"><!--app--></div>
    <script type="module" src="/src/entry-client.tsx"></script>
  </body>
</html>
`,
  'public/host.css': 'button { background: lime; letter-spacing: 7px; }\n',
  'src/App.tsx': `import { useEffect, useState } from 'react';
import {
  LoginForm,
  SpartanProvider,
  StateBanner,
  WealthCounter,
  type SpartanEventDetails,
} from 'spartan-platform';
import { SpartanCounterElement } from 'spartan-platform/register';

export function App() {
  const [letter, setLetter] = useState('');
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    const element = document.querySelector('spartan-counter');
    element?.setAttribute('label', 'Element counter');
  }, []);
  return (
    <main>
      <h1>Consumer app</h1>
      <StateBanner onLetterChange={setLetter} />
      <p id="letter">{letter ? \`Chosen: \${letter}\` : 'None chosen'}</p>
      <WealthCounter startDate="2025-01-01T00:00:00Z" label="Component counter" />
      <spartan-counter start-date="2025-01-01T00:00:00Z" />
      <SpartanProvider server="https://spartans.example">
        <LoginForm heading="Provided login" />
      </SpartanProvider>
    </main>
  );
}

export function listen(el: HTMLElementTagNameMap['spartan-banner']): void {
  el.addEventListener('spartan-letter', (event) => {
    const detail: SpartanEventDetails['spartan-letter'] = event.detail;
    console.info(detail.letter);
  });
}

export function counterTag(): 'spartan-counter' | undefined {
  const counter: SpartanCounterElement | null = document.querySelector('spartan-counter');
  return counter?.localName;
}

export const counterAttributes: ReadonlyArray<'start-date' | 'label'> =
  SpartanCounterElement?.observedAttributes ?? [];
`,
  // The types a React developer expects, checked by the strict type check of each app (React 18
  // and 19): refs, className/id/style, controlled props, strict unions, typed element events.
  // Each @ts-expect-error fails the check when the mistake below it stops being an error.
  'src/types-test.tsx': `import { createRef, useRef } from 'react';
import {
  ApplyForm,
  Carousel,
  Explainers,
  HubMap,
  InvestForm,
  LoginForm,
  StateBanner,
  WealthCounter,
} from 'spartan-platform';
import { WealthCounter as Counter } from 'spartan-platform/counter';

export function Typed() {
  const root = useRef<HTMLDivElement>(null);
  const carousel = createRef<HTMLElement>();
  return (
    <>
      <WealthCounter ref={root} className="wide" id="fund" style={{ marginTop: 8 }} />
      <Counter ref={(node: HTMLDivElement | null) => node?.focus()} />
      <StateBanner letter="N" onLetterChange={(letter: string) => letter.toUpperCase()} />
      <HubMap selected="Boston HQ" onHubSelect={(name) => name.length} />
      <HubMap selected={null} />
      <Explainers layout="grid" index={2} onIndexChange={(index) => index + 1} />
      <Carousel label="Slides" index={0} onIndexChange={(index) => index + 1} ref={carousel}>
        <p>One</p>
      </Carousel>
      <ApplyForm defaultValues={{ fullname: 'Ada Lovelace', email: 'ada@example.com' }} />
      <InvestForm defaultValues={{ email: 'ada@example.com' }} className="invest" />
      <LoginForm id="login" style={{ maxWidth: 400 }} />
      <spartan-banner onspartan-letter={(event) => event.detail.letter.toUpperCase()} />
      <spartan-hub-map onspartan-hub-select={(event) => event.detail.name} />
      <spartan-apply-form
        api-base="https://spartans.example"
        onspartan-applied={(event) => event.detail.applicationId}
      />
      <spartan-explainers layout="grid" />
      {/* @ts-expect-error: a layout the component does not have */}
      <Explainers layout="list" />
      {/* @ts-expect-error: nor the element */}
      <spartan-explainers layout="list" />
      {/* @ts-expect-error: the counter's root is a div, not a button */}
      <WealthCounter ref={createRef<HTMLButtonElement>()} />
      {/* @ts-expect-error: the hub map's event carries a name, not a letter */}
      <spartan-hub-map onspartan-hub-select={(event: CustomEvent<{ letter: string }>) => event} />
      {/* @ts-expect-error: the letter event's detail has no name */}
      <spartan-banner onspartan-letter={(event) => event.detail.name} />
      {/* @ts-expect-error: the index is a number */}
      <Carousel label="Slides" index="1">
        <p>One</p>
      </Carousel>
      {/* @ts-expect-error: not a field of the application form */}
      <ApplyForm defaultValues={{ salary: '1' }} />
      {/* @ts-expect-error: the honeypot is never prefilled */}
      <ApplyForm defaultValues={{ website: 'https://bot.example' }} />
      {/* @ts-expect-error: a letter is a string */}
      <StateBanner letter={1} />
    </>
  );
}
`,
  'src/entry-client.tsx': `import { hydrateRoot } from 'react-dom/client';
import 'spartan-platform/styles.css';
import { App } from './App';

hydrateRoot(document.getElementById('root')!, <App />, {
  onRecoverableError: (error) => console.error('recoverable error:', error),
});
`,
  'src/entry-server.tsx': `import { renderToString } from 'react-dom/server';
import { App } from './App';

export const render = (): string => renderToString(<App />);
`,
  'tsconfig.json': JSON.stringify({ compilerOptions: COMPILER_OPTIONS, include: ['src'] }),
};

/**
 * A Next.js 15 App Router app, exported statically: a page with the counter alone (imported the
 * documented way, from its own entry), a page with no widget, and one with every widget from
 * the main entry. Its layout links the package's styles.css and then the host's stylesheet,
 * which overrides a class of ours; a client component marks <html data-hydrated>. JavaScript
 * files, not TypeScript: `next build` type-checks nothing then (the strict checks above do).
 */
const NEXT_FILES: Record<string, string> = {
  'next.config.mjs': `export default { output: 'export', eslint: { ignoreDuringBuilds: true } };\n`,
  'app/layout.jsx': `import 'spartan-platform/styles.css';
import './host.css';
import { Hydrated } from './Hydrated';

export const metadata = { title: 'Consumer' };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>
        <Hydrated />
        {children}
      </body>
    </html>
  );
}
`,
  'app/host.css': '.spartan-submit { background-color: rgb(255, 0, 0); }\n',
  'app/Hydrated.jsx': `'use client';
import { useEffect } from 'react';

export function Hydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return null;
}
`,
  'app/counter-only/page.jsx': `import { WealthCounter } from 'spartan-platform/counter';

export default function Page() {
  return <main><WealthCounter startDate="2025-01-01T00:00:00Z" /></main>;
}
`,
  'app/none/page.jsx': `export default function Page() {
  return <main><h1>No widget</h1></main>;
}
`,
  'app/all/page.jsx': `import {
  ApplyForm, Explainers, HubMap, InvestForm, LoginForm, SpartanProvider, StateBanner, WealthCounter,
} from 'spartan-platform';

export default function Page() {
  return (
    <SpartanProvider server="https://spartans.example">
      <main>
        <WealthCounter /><StateBanner /><Explainers /><HubMap />
        <ApplyForm /><InvestForm /><LoginForm />
      </main>
    </SpartanProvider>
  );
}
`,
};
const nextDir = () => path.join(appDir(19), 'next-app');

/** `next build`'s route table: each route's first-load JS in kB. */
let nextBuild: Promise<{ output: string; firstLoad: Record<string, number> }> | undefined;
function buildNext(): NonNullable<typeof nextBuild> {
  const dir = nextDir();
  for (const [file, text] of Object.entries(NEXT_FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const next = path.join(appDir(19), 'node_modules', 'next', 'dist', 'bin', 'next');
  const built = promisify(execFile)(process.execPath, [next, 'build'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  }).then(({ stdout }) => {
    const firstLoad: Record<string, number> = {};
    for (const [, route, kb] of stdout.matchAll(
      /^\S\s+\S\s+(\/[\w-]*)\s+[\d.]+ k?B\s+([\d.]+) kB$/gm,
    ))
      firstLoad[route!] = Number(kb);
    return { output: stdout, firstLoad };
  });
  built.catch(() => {});
  return built;
}

/**
 * A React Router 7 app in framework mode with server rendering, as docs/LIBRARY.md shows it:
 * the root links styles.css by `?url`, and a route holds a StateBanner whose letter the route
 * controls. The root marks <html data-hydrated> once React has taken over the server's markup.
 */
const RR7_FILES: Record<string, string> = {
  'react-router.config.ts': `export default { ssr: true };\n`,
  'vite.config.ts': `import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  optimizeDeps: { include: ['spartan-platform', 'spartan-platform/banner'] },
});
`,
  'app/routes.ts': `import { index } from '@react-router/dev/routes';

export default [index('routes/home.tsx')];
`,
  'app/root.tsx': `import { useEffect } from 'react';
import { Links, Meta, Outlet, Scripts } from 'react-router';
import styles from 'spartan-platform/styles.css?url';

export const links = () => [{ rel: 'stylesheet', href: styles }];

export default function App() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <title>Consumer</title>
        <link rel="icon" href="data:," />
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}
`,
  'app/routes/home.tsx': `import { useState } from 'react';
import { StateBanner } from 'spartan-platform/banner';

export default function Home() {
  const [letter, setLetter] = useState('');
  return (
    <main>
      <StateBanner letter={letter} onLetterChange={setLetter} />
      <p id="letter">{letter ? \`Chosen: \${letter}\` : 'None chosen'}</p>
    </main>
  );
}
`,
};
const rr7Dir = () => path.join(appDir(18), 'rr7-app');

/** `react-router build` of the app above (client and server bundles), started in beforeAll. */
let rr7Build: Promise<unknown> | undefined;
function buildRr7(): Promise<unknown> {
  const dir = rr7Dir();
  for (const [file, text] of Object.entries(RR7_FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    // React Router finds its server runtime among the app's dependencies (installed a folder up).
    JSON.stringify({
      name: 'consumer-rr7',
      private: true,
      type: 'module',
      dependencies: Object.fromEntries(
        RR7_PACKAGES.map((spec) => [spec.slice(0, spec.lastIndexOf('@')), '*']),
      ),
    }),
  );
  const cli = path.join(appDir(18), 'node_modules', '@react-router', 'dev', 'bin.js');
  const built = promisify(execFile)(process.execPath, [cli, 'build'], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    env: { ...process.env, NODE_ENV: 'production' },
  });
  built.catch(() => {});
  return built;
}

/** A strict app of the React 19 install that imports the package under `resolution`. */
function writeResolutionApp(resolution: 'node16' | 'node10'): string {
  const dir = path.join(appDir(19), resolution);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        ...COMPILER_OPTIONS,
        module: resolution === 'node16' ? 'node16' : 'commonjs',
        moduleResolution: resolution,
      },
      files: ['app.tsx'],
    }),
  );
  fs.writeFileSync(
    path.join(dir, 'app.tsx'),
    `import {
  WealthCounter,
  ApplyForm,
  SpartanProvider,
  type ApplyFormProps,
  type SpartanServer,
} from 'spartan-platform';
export const props: ApplyFormProps = { apiBase: 'https://spartans.example' };
export const server: SpartanServer = { server: 'https://spartans.example', geoUrl: undefined };
export const page = (
  <SpartanProvider {...server}>
    <WealthCounter startDate="2025-01-01T00:00:00Z" />
    <ApplyForm {...props} />
    <spartan-counter start-date="2025-01-01T00:00:00Z" className="wide" />
    <spartan-explainers layout="grid" media-base="https://spartans.example" />
  </SpartanProvider>
);
export function listen(): string | undefined {
  const banner = document.querySelector('spartan-banner');
  let letter: string | undefined;
  banner?.addEventListener('spartan-letter', (event) => {
    letter = event.detail.letter;
  });
  return letter;
}
`,
  );
  return dir;
}

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-consumer-'));
  [packed] = JSON.parse(
    run('npm', ['pack', path.join(DIST, 'lib'), '--json', '--pack-destination', scratch], scratch),
  ) as [typeof packed];
  // The two apps install side by side (npm mostly waits on its cache and the registry).
  await Promise.all(
    (Object.keys(APPS) as unknown as Major[]).map(async (major) => {
      const dir = appDir(major);
      for (const [file, text] of Object.entries(APP_FILES)) {
        fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        fs.writeFileSync(path.join(dir, file), text);
      }
      fs.writeFileSync(
        path.join(dir, 'package.json'),
        JSON.stringify({ name: `consumer-${major}`, private: true, type: 'module' }),
      );
      // A plain install, as an app would do it: the package's peer ranges must accept this React.
      await runAsync(
        'npm',
        [
          'install',
          '--prefer-offline',
          '--no-audit',
          '--no-fund',
          path.join(scratch, packed.filename),
          ...APPS[major],
        ],
        dir,
      );
    }),
  );
  // Beside the type checks: next build is mostly one process's work.
  nextBuild = buildNext();
  rr7Build = buildRr7();
  startCheck('React 18', appDir(18));
  startCheck('React 19', appDir(19));
  for (const resolution of ['node16', 'node10'] as const)
    startCheck(resolution, writeResolutionApp(resolution));
}, 240_000);
// The checks started run to their end before the scratch folder goes.
afterAll(async () => {
  await Promise.all([
    ...checks.values(),
    nextBuild?.catch(() => undefined),
    rr7Build?.catch(() => undefined),
  ]);
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('holds only the library: JS, types, styles, the manifest, editor data, a README and the reference', () => {
    const files = packed.files.map((f) => f.path);
    for (const file of files) {
      expect(file).toMatch(
        /^(?:[\w.-]+\.(?:js|cjs)|types\/.+\.d\.ts|types\/package\.json|[\w-]+\.d\.c?ts|styles\.css|custom-elements\.json|vscode\.html-custom-data\.json|web-types\.json|(?:README|COMPONENTS)\.md|package\.json)$/,
      );
    }
    for (const needed of [
      'index.js',
      'counter.js',
      'counter.d.ts',
      'COMPONENTS.md',
      'index.cjs',
      'index.d.ts',
      'register.js',
      'styles.css',
      'custom-elements.json',
      'vscode.html-custom-data.json',
      'web-types.json',
    ]) {
      expect(files).toContain(needed);
    }
  });

  it('declares types that import nothing but the package itself and its React peers', () => {
    const installed = path.join(appDir(19), 'node_modules', 'spartan-platform');
    const outside = packed.files
      .map((f) => f.path)
      .filter((file) => file.endsWith('.d.ts') || file.endsWith('.d.cts'))
      .flatMap((file) =>
        [
          ...fs
            .readFileSync(path.join(installed, file), 'utf8')
            .matchAll(/(?:from\s+|import\()['"]([^'"]+)['"]/g),
        ]
          .map(([, specifier]) => specifier!)
          .filter((specifier) => !/^(?:\.{1,2}\/|react(?:-dom)?(?:\/|$))/.test(specifier))
          .map((specifier) => `${file}: ${specifier}`),
      );
    expect(outside).toEqual([]);
  });

  it('is not the repository: `npm pack` at its root refuses, naming `npm run pack`', () => {
    const result = spawnSync('npm', ['pack', '--dry-run'], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain(
      'This is the repository, not the package: `npm run pack` builds the library and packs dist/lib.',
    );
  });

  it('depends on nothing but its React peers, says which files have side effects, and points editors at its data', () => {
    const installed = path.join(appDir(19), 'node_modules', 'spartan-platform');
    const manifest = JSON.parse(
      fs.readFileSync(path.join(installed, 'package.json'), 'utf8'),
    ) as Record<string, unknown>;
    expect(manifest.dependencies).toBeUndefined();
    expect(Object.keys(manifest.peerDependencies as object).sort()).toEqual(['react', 'react-dom']);
    expect(manifest.sideEffects).toEqual(['./register.js', './register.cjs', './styles.css']);
    expect(fs.readFileSync(path.join(installed, 'index.js'), 'utf8')).toMatch(/^"use client";/);
    expect(manifest['web-types']).toBe('./web-types.json');
    expect(manifest.customElements).toBe('./custom-elements.json');
  });

  it('ships editor data for every tag and attribute of the manifest', () => {
    const installed = path.join(appDir(19), 'node_modules', 'spartan-platform');
    const read = <T>(file: string) =>
      JSON.parse(fs.readFileSync(path.join(installed, file), 'utf8')) as T;
    const cem = read<{
      modules: Array<{
        declarations: Array<{ tagName?: string; attributes?: Array<{ name: string }> }>;
      }>;
    }>('custom-elements.json');
    const tags = cem.modules
      .flatMap((m) => m.declarations)
      .filter((d) => d.tagName)
      .map((d) => ({ name: d.tagName, attributes: (d.attributes ?? []).map((a) => a.name) }));
    expect(tags.length).toBe(7);
    const vscode = read<{
      tags: Array<{ name: string; attributes: Array<{ name: string; description?: string }> }>;
    }>('vscode.html-custom-data.json');
    expect(
      vscode.tags.map((t) => ({ name: t.name, attributes: t.attributes.map((a) => a.name) })),
    ).toEqual(tags);
    const webTypes = read<{
      contributions: {
        html: {
          elements: Array<{
            name: string;
            attributes: Array<{ name: string; description?: string }>;
            css: { parts: unknown[] };
          }>;
        };
      };
    }>('web-types.json');
    const elements = webTypes.contributions.html.elements;
    expect(
      elements.map((e) => ({ name: e.name, attributes: e.attributes.map((a) => a.name) })),
    ).toEqual(tags);
    expect(elements.every((e) => e.css.parts.length > 0)).toBe(true);

    // They agree with the code and the README: the elements have no properties (no fieldName),
    // and a package element without api-base or media-base calls nothing (no script origin).
    const attributes = cem.modules
      .flatMap((m) => m.declarations)
      .flatMap((d) => (d.attributes ?? []) as Array<{ name: string; description?: string }>);
    expect(attributes.filter((a) => 'fieldName' in a)).toEqual([]);
    const readme = fs.readFileSync(path.join(installed, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    expect(readme).toContain('without `api-base` or `media-base` they call nothing');
    const server = (list: Array<{ name: string; description?: string }>) =>
      list.filter((a) => a.name === 'api-base' || a.name === 'media-base');
    for (const described of [
      server(attributes),
      server(vscode.tags.flatMap((t) => t.attributes)),
      server(elements.flatMap((e) => e.attributes)),
    ]) {
      expect(described).toHaveLength(4);
      for (const a of described) {
        expect(a.description).toContain('without it the element calls nothing');
        expect(a.description).not.toMatch(/^[^(]*default: the origin/);
      }
    }
  });

  it("its manifest's classes are what register.js exports", () => {
    const dir = appDir(19);
    const cem = JSON.parse(
      fs.readFileSync(
        path.join(dir, 'node_modules', 'spartan-platform', 'custom-elements.json'),
        'utf8',
      ),
    ) as { modules: Array<{ path: string; declarations: Array<{ name: string }> }> };
    expect(cem.modules.map((m) => m.path)).toEqual(['register.js']);
    fs.writeFileSync(
      path.join(dir, 'register-keys.mjs'),
      `console.log(JSON.stringify(Object.keys(await import('spartan-platform/register')).sort()));`,
    );
    const exported = JSON.parse(run(process.execPath, ['register-keys.mjs'], dir)) as string[];
    const classes = cem.modules[0]!.declarations.map((d) => d.name);
    expect(classes).toHaveLength(7);
    for (const name of classes) expect(exported).toContain(name);
  });

  it('loads with import and with require, and renders with React on the server', () => {
    const dir = appDir(19);
    fs.writeFileSync(
      path.join(dir, 'load.mjs'),
      `import { createElement } from 'react';
      import { renderToString } from 'react-dom/server';
      import { createRequire } from 'node:module';
      const esm = await import('spartan-platform');
      const cjs = createRequire(import.meta.url)('spartan-platform');
      const html = renderToString(createElement(esm.StateBanner));
      console.log(JSON.stringify({
        esm: Object.keys(esm).sort(),
        cjs: Object.keys(cjs).filter((k) => k !== '__esModule').sort(),
        banner: html.includes('Wyoming'),
      }));`,
    );
    const out = JSON.parse(run(process.execPath, ['load.mjs'], dir)) as {
      esm: string[];
      cjs: string[];
      banner: boolean;
    };
    expect(out.esm).toContain('WealthCounter');
    expect(out.esm).toContain('ApplyForm');
    expect(out.cjs).toEqual(out.esm);
    expect(out.banner).toBe(true);
  });

  it.each(['node16', 'node10'] as const)(
    'type-checks in a strict app with moduleResolution %s and skipLibCheck off',
    async (resolution) => {
      expect(await check(resolution)).toBe('');
    },
    180_000,
  );
});

describe.each([18, 19] as const)('a React %i app', (major) => {
  // Read in beforeAll: the scratch folder is made in the file's beforeAll, after collection.
  let dir = '';
  beforeAll(() => {
    dir = appDir(major);
  });

  it('has that React installed beside the package', () => {
    const version = (name: string) =>
      (
        JSON.parse(
          fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8'),
        ) as { version: string }
      ).version;
    expect(version('react')).toMatch(new RegExp(`^${major}\\.`));
    expect(version('react-dom')).toMatch(new RegExp(`^${major}\\.`));
    expect(version('@types/react')).toMatch(new RegExp(`^${major}\\.`));
  });

  it('renders every component on the server with nothing said on stderr', () => {
    // React's development build warns there about what would break hydration (React 18 warned
    // of the banner's layout effect and of the carousel's `inert`).
    fs.writeFileSync(
      path.join(dir, 'ssr-quiet.mjs'),
      `import { createElement as h } from 'react';
      import { renderToString } from 'react-dom/server';
      import * as lib from 'spartan-platform';
      const inProvider = [lib.StateBanner, lib.Explainers, lib.HubMap, lib.ApplyForm,
        lib.InvestForm, lib.LoginForm];
      const html = renderToString(h(lib.SpartanProvider, { server: 'https://spartans.example' },
        h(lib.WealthCounter), ...inProvider.map((c) => h(c))));
      process.stdout.write(String(html.length));`,
    );
    const result = spawnSync(process.execPath, ['ssr-quiet.mjs'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'development' },
    });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(Number(result.stdout)).toBeGreaterThan(1000);
  });

  it('type-checks strictly with skipLibCheck off', async () => {
    expect(await check(`React ${major}`)).toBe('');
  }, 180_000);

  it('builds with Vite, renders on the server, hydrates in Chromium with a clean console, and works', async () => {
    const common = { root: dir, configFile: false as const, logLevel: 'warn' as const };
    await build({ ...common, build: { outDir: 'dist' } });
    await build({ ...common, build: { outDir: 'dist-server', ssr: 'src/entry-server.tsx' } });
    // Rendered in the app's folder, by its own React (dist-server imports it from there).
    fs.writeFileSync(
      path.join(dir, 'render.mjs'),
      `import { render } from './dist-server/entry-server.js';\nprocess.stdout.write(render());`,
    );
    const markup = run(process.execPath, ['render.mjs'], dir);
    expect(markup).toContain('Wyoming');
    expect(markup).toContain('Component counter');
    // The login form knows its server from the provider: no "not connected" note.
    expect(markup).toContain('Provided login');
    expect(markup).not.toContain('not connected');
    const template = fs.readFileSync(path.join(dir, 'dist', 'index.html'), 'utf8');
    expect(template).toMatch(/<link rel="stylesheet"[^>]+\/assets\/[^"]+\.css"/);
    fs.writeFileSync(path.join(dir, 'dist', 'index.html'), template.replace('<!--app-->', markup));

    // With motion: the check works the counter's pause button, shown only while it runs.
    const t = await openPage({ reducedMotion: 'no-preference' });
    try {
      const messages: string[] = [];
      t.page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning')
          messages.push(`${m.type()}: ${m.text()}`);
      });
      const origin = `http://react-${major}.consumer.test`;
      await t.context.route(`${origin}/**`, (route) => {
        const { pathname } = new URL(route.request().url());
        const file = path.join(dir, 'dist', pathname === '/' ? 'index.html' : pathname);
        if (!fs.existsSync(file)) return route.fulfill({ status: 404, body: '' });
        const type = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }[
          path.extname(file)
        ];
        return route.fulfill({ body: fs.readFileSync(file), contentType: type ?? 'text/plain' });
      });
      await t.page.goto(`${origin}/`);
      await t.page.locator('html[data-hydrated]').waitFor();
      const page = t.page;

      // The banner's letter picker: open it, choose N, and the app hears the letter.
      await page.getByRole('combobox', { name: 'A–Z: highlight states by letter' }).click();
      await page.getByRole('option', { name: 'N', exact: true }).click();
      await expect(page.locator('#letter').textContent()).resolves.toBe('Chosen: N');
      await expect(
        page.locator('.spartan-banner [part~="state-highlighted"]').count(),
      ).resolves.toBeGreaterThan(0);

      // The component counter's pause button pauses it.
      const counter = page.locator('main > .spartan-counter');
      const toggle = page.getByRole('button', { name: 'Pause counter' }).first();
      await toggle.click();
      await page.getByRole('button', { name: 'Resume counter' }).first().waitFor();
      const paused = await counter.locator('[part~="value"]').textContent();
      await page.waitForFunction(() => {
        // Two ticks of the element counter beside it: time went on, the paused one did not move.
        const el = document.querySelector('spartan-counter')?.shadowRoot;
        const w = window as unknown as { ticks?: Set<string> };
        w.ticks ??= new Set();
        w.ticks.add(el?.querySelector('[part~="value"]')?.textContent ?? '');
        return w.ticks.size >= 3;
      });
      await expect(counter.locator('[part~="value"]').textContent()).resolves.toBe(paused);

      // Style isolation as documented in docs/LIBRARY.md: the components are in the light DOM,
      // so the host's `button { background: lime; letter-spacing: 7px }` reaches them wherever
      // their own class rules say nothing (the letter spacing); their background stays theirs,
      // as their class rules are more specific. The element's shadow root takes neither.
      const styles = await page.evaluate(() => {
        const pick = (button: Element) => {
          const style = getComputedStyle(button);
          return { background: style.backgroundColor, letterSpacing: style.letterSpacing };
        };
        const shadow = document.querySelector('spartan-counter')!.shadowRoot!;
        return {
          component: pick(document.querySelector('main > .spartan-counter [part~="toggle"]')!),
          element: pick(shadow.querySelector('[part~="toggle"]')!),
        };
      });
      expect(styles.component.letterSpacing).toBe('7px');
      expect(styles.component.background).not.toBe('rgb(0, 255, 0)');
      expect(styles.element.letterSpacing).toBe('normal');
      expect(styles.element.background).not.toBe('rgb(0, 255, 0)');

      expect(messages).toEqual([]);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
    }
  }, 180_000);
});

describe('a Next.js 15 App Router app', () => {
  const built = () => nextBuild ?? Promise.reject(new Error('next build did not start'));

  it('ships one widget for one widget: a counter-only page costs a few kB over a page with none', async () => {
    const { firstLoad, output } = await built();
    const table = output.slice(output.indexOf('Route (app)'));
    expect(Object.keys(firstLoad).sort(), table).toEqual(
      ['/_not-found', '/all', '/counter-only', '/none'].sort(),
    );
    // The counter and the shared runtime only; every widget weighs far more (25 kB before each
    // component had its own entry, when the counter-only page weighed what the page of all did).
    expect(firstLoad['/counter-only']! - firstLoad['/none']!, table).toBeLessThanOrEqual(10);
    expect(firstLoad['/all']! - firstLoad['/counter-only']!, table).toBeGreaterThan(10);
  }, 300_000);

  it("keeps the host's override of a library class the same before and after hydration", async () => {
    await built();
    const out = path.join(nextDir(), 'out');
    const origin = 'http://next.consumer.test';
    const submitBackground = async (javaScriptEnabled: boolean) => {
      const t = await openPage({ javaScriptEnabled });
      try {
        await t.context.route('https://spartans.example/**', (route) =>
          route.fulfill({ status: 404, body: '' }),
        );
        await t.context.route(`${origin}/**`, (route) => {
          const { pathname } = new URL(route.request().url());
          const file = path.join(out, path.extname(pathname) ? pathname : `${pathname}.html`);
          if (!fs.existsSync(file)) return route.fulfill({ status: 404, body: '' });
          const type = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' }[
            path.extname(file)
          ];
          return route.fulfill({ body: fs.readFileSync(file), contentType: type ?? 'text/plain' });
        });
        await t.page.goto(`${origin}/all`);
        if (javaScriptEnabled) await t.page.locator('html[data-hydrated]').waitFor();
        return await t.page.evaluate(() => ({
          background: getComputedStyle(document.querySelector('.spartan-submit')!).backgroundColor,
          // What the components adopted into the document (nothing, as styles.css is linked).
          adopted: document.adoptedStyleSheets.length,
        }));
      } finally {
        await t.close();
      }
    };
    const server = await submitBackground(false);
    const hydrated = await submitBackground(true);
    expect(server.background).toBe('rgb(255, 0, 0)');
    expect(hydrated.background).toBe('rgb(255, 0, 0)');
    expect(hydrated.adopted).toBe(0);
  }, 300_000);
});

describe('a React Router 7 framework-mode app (server rendering, React 18)', () => {
  it('serves the banner in its server HTML with the styles linked, hydrates with a clean console, and its route controls the letter', async () => {
    await (rr7Build ?? Promise.reject(new Error('react-router build did not start')));
    const dir = rr7Dir();
    // React Router's own production server (Express) on a free port of its choice.
    const port = await new Promise<number>((resolve, reject) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
      probe.on('error', reject);
    });
    const cli = path.join(appDir(18), 'node_modules', '@react-router', 'serve', 'dist', 'cli.js');
    const server = spawn(process.execPath, [cli, './build/server/index.js'], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    server.stdout.on('data', (chunk: Buffer) => (said += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()));
    const t = await openPage();
    try {
      await expect.poll(() => said, { timeout: 60_000 }).toContain(`:${port}`);
      const origin = `http://127.0.0.1:${port}`;
      const html = await (await fetchFresh(`${origin}/`)).text();
      expect(html).toContain('spartan-root spartan-banner');
      expect(html).toContain('Wyoming');
      const css = /<link rel="stylesheet" href="([^"]+\.css)"/.exec(html)?.[1];
      expect(css, html.slice(0, 400)).toBeDefined();
      expect(await (await fetchFresh(`${origin}${css}`)).text()).toContain('.spartan-banner');

      const messages: string[] = [];
      t.page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning')
          messages.push(`${m.type()}: ${m.text()}`);
      });
      await t.page.goto(`${origin}/`);
      await t.page.locator('html[data-hydrated]').waitFor();
      const page = t.page;
      await page.getByRole('combobox', { name: 'A–Z: highlight states by letter' }).click();
      await page.getByRole('option', { name: 'M', exact: true }).click();
      await expect.poll(() => page.locator('#letter').textContent()).toBe('Chosen: M');
      await expect
        .poll(() => page.locator('.spartan-banner [part~="state-highlighted"]').allTextContents())
        .toContain('Maine');
      expect(messages).toEqual([]);
      expect(t.errors).toEqual([]);
    } finally {
      await t.close();
      server.kill();
    }
  }, 300_000);
});
