/**
 * dist/site: the static site. A client build (Vite, React API on preact's core: docs/REACT.md),
 * then a Node build of site/render.tsx that renders every prerendered route to
 * dist/site/<route>/index.html (and the not-found page to 404.html), each with
 * its title, description, and modulepreload links for its page chunk, so the
 * browser hydrates the same markup without waiting for a second round trip.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, defaultServerConditions, type InlineConfig } from 'vite';
import { DIST, ROOT } from './paths.ts';
import {
  browserResolve,
  pageKeyPlugin,
  productionDefine,
  reactPlugin,
  shimsPlugin,
} from './vite-shared.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface RenderModule {
  renderRoute: (url: string) => Promise<{
    route: string;
    html: string;
    title: string;
    description: string | undefined;
    pages: string[];
  }>;
  prerenderPaths: () => string[];
  shellRoutes: () => Array<{ path: string; route: string; title: string }>;
  NOT_FOUND_URL: string;
}

const siteRoot = path.join(ROOT, 'site');

const shared: InlineConfig = {
  configFile: false,
  root: siteRoot,
  base: '/',
  logLevel: 'warn',
  resolve: browserResolve,
  plugins: [shimsPlugin(), reactPlugin(), pageKeyPlugin(siteRoot)],
  define: productionDefine,
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JS and CSS files a page chunk needs, beyond those the template already loads. */
function chunkFiles(manifest: Manifest, keys: string[], loaded: Set<string>) {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`Page module ${key} is not in the site manifest`);
    if (!loaded.has(chunk.file)) js.add(chunk.file);
    chunk.css?.forEach((file) => loaded.has(file) || css.add(file));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

/** The template with a route's markup, title, description and page-chunk links. */
export function fillTemplate(
  template: string,
  page: { route: string; html: string; title: string; description: string | undefined },
  links: { js: string[]; css: string[] },
): string {
  const head = [
    ...links.css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...links.js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
  ].join('\n    ');
  let out = template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      '<div id="app"></div>',
      () => `<div id="app" data-route="${escapeHtml(page.route)}">${page.html}</div>`,
    );
  if (page.description)
    out = out.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    );
  if (head) out = out.replace('</head>', () => `    ${head}\n  </head>`);
  return out;
}

/** The chunks of the forms' code, loaded on first interaction (their source files' names). */
const FORM_CODE = /^(?:kit|submit|login-api|axios)-/;

export async function buildSite(): Promise<void> {
  const outDir = path.join(DIST, 'site');
  await build({
    ...shared,
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      manifest: true,
      modulePreload: {
        polyfill: false,
        // The forms' code, loaded on first interaction, is not preloaded: each part is then
        // asked for only by the module that imports it. A part that failed to load (offline)
        // stays failed in the browser's module map, preloaded ones among them; the forms try
        // again by loading the importer under a new address (widgets/internal/retry-import.ts),
        // which asks anew for the parts it imports, and only for parts never asked for before.
        resolveDependencies: (file, deps) => (FORM_CODE.test(path.basename(file)) ? [] : deps),
      },
      reportCompressedSize: false,
      rolldownOptions: {
        output: {
          // Every module the entry imports statically (preact, the chrome, the content constants,
          // the motion helpers) is in the entry chunk: every page loads them all anyway.
          // Left to itself, rolldown gives a module that the entry and some lazily loaded pages
          // share a chunk of its own (a 69-byte React shim, a 123-byte context, the 421-byte
          // content constants, each one more request and 100 to 240 bytes more on the wire),
          // and a new shared helper adds another; one group of the `$initial` modules makes
          // that impossible: the home page's first load went from 12 files to 7.
          codeSplitting: {
            groups: [{ name: 'index', tags: ['$initial'] }],
          },
        },
      },
    },
  });

  const ssrDir = path.join(DIST, '.site-ssr');
  await build({
    ...shared,
    // The prerender resolves package.json "imports" as the client does (the `preact` variants),
    // so that its markup is what the browser hydrates.
    ssr: { noExternal: true, resolve: { conditions: ['preact', ...defaultServerConditions] } },
    build: {
      ssr: path.join(siteRoot, 'render.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      target: 'node20',
      copyPublicDir: false,
      reportCompressedSize: false,
      rolldownOptions: { output: { entryFileNames: 'render.mjs', codeSplitting: false } },
    },
  });

  try {
    const render = (await import(
      pathToFileURL(path.join(ssrDir, 'render.mjs')).href
    )) as RenderModule;
    const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
    const manifest = JSON.parse(
      fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Manifest;
    const loaded = new Set(
      [...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1] ?? ''),
    );
    const write = async (url: string, file: string) => {
      const page = await render.renderRoute(url);
      const html = fillTemplate(template, page, chunkFiles(manifest, page.pages, loaded));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, html);
    };
    for (const route of render.prerenderPaths()) {
      await write(route, path.join(outDir, route, 'index.html'));
    }
    await write(render.NOT_FOUND_URL, path.join(outDir, '404.html'));
    for (const shell of render.shellRoutes()) {
      const page = { route: shell.route, html: '', title: shell.title, description: undefined };
      const file = path.join(outDir, shell.path, 'index.html');
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, fillTemplate(template, page, { js: [], css: [] }));
    }
  } finally {
    fs.rmSync(ssrDir, { recursive: true, force: true });
  }
}
