/** Vite settings shared by the script-tag bundles and the site. */
import path from 'node:path';
import { defaultClientConditions, type Plugin } from 'vite';
import { ROOT } from './paths.ts';

/**
 * `react` in the browser bundles (widgets and site): our own code gets preact's core and hooks
 * (widgets/runtime/react.ts); a dependency written for React gets its shim (SHIMS, resolved
 * first), else preact/compat, in the chunk that needs it. The rule and why: docs/REACT.md.
 */
export function reactPlugin(): Plugin {
  return {
    name: 'spartan:react',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'react') return null;
      return importer && NODE_MODULES.test(importer)
        ? this.resolve('preact/compat', importer, { skipSelf: true })
        : path.join(ROOT, 'widgets/runtime/react.ts');
    },
  };
}

const NODE_MODULES = /[\\/]node_modules[\\/]/;

/** `lazyPage(() => import('./x.tsx'), name)` in the site's own source, before the TS transform. */
const LAZY_PAGE =
  /lazyPage\(\s*\(\)\s*=>\s*import\((['"])(\.{1,2}\/[^'"]+)\1\)\s*,\s*([^(),]+?)\s*,?\s*\)/g;

/**
 * Each lazily loaded page's Vite manifest key (its path relative to site/), added as lazyPage's
 * third argument from the import specifier beside it, so the route table writes each page once.
 * A plugin rather than import.meta.glob, which carried a map of every page into the first load;
 * only the prerenderer (the SSR build) reads the key, so the browser bundle has none. A lazyPage
 * call this misses fails the prerender (site/lazy.tsx) instead of losing its modulepreload.
 */
export function pageKeyPlugin(siteRoot: string): Plugin {
  return {
    name: 'spartan:page-key',
    enforce: 'pre',
    transform(code, id, options) {
      if (!options?.ssr || !id.startsWith(siteRoot + path.sep) || !code.includes('lazyPage(')) {
        return null;
      }
      return code.replace(LAZY_PAGE, (_call, quote: string, specifier: string, name: string) => {
        const key = path.relative(siteRoot, path.resolve(path.dirname(id), specifier));
        const source = JSON.stringify(key.split(path.sep).join('/'));
        return `lazyPage(() => import(${quote}${specifier}${quote}), ${name}, ${source})`;
      });
    },
  };
}

/** Resolve settings of the browser bundles: the `preact` variants of package.json "imports". */
export const browserResolve = {
  conditions: ['preact', ...defaultClientConditions],
  alias: [
    { find: /^react\/jsx-(?:dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    { find: /^react-dom(?:\/client)?$/, replacement: 'preact/compat' },
    { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  ],
};

export const productionDefine = {
  'process.env.NODE_ENV': JSON.stringify('production'),
};

/**
 * Every shim of a third-party dependency, in one place: the dependency, what it imports, and
 * what that import becomes in our bundles. Each shim's file says why, and shims.test.ts fails
 * when the dependency starts to need what its shim leaves out.
 */
export const SHIMS = [
  {
    importer: 'react-simple-maps',
    source: 'd3-geo',
    replacement: path.join(ROOT, 'widgets/hub-map/shims/d3-geo.ts'),
  },
  {
    importer: 'react-simple-maps',
    source: 'react',
    replacement: path.join(ROOT, 'widgets/hub-map/shims/react.ts'),
  },
  {
    importer: 'embla-carousel-react',
    source: 'react',
    replacement: path.join(ROOT, 'widgets/carousel/shims/react.ts'),
  },
] as const;

export function shimsPlugin(): Plugin {
  return {
    name: 'spartan:shims',
    enforce: 'pre',
    resolveId(source, importer) {
      const shim = SHIMS.find(
        (s) =>
          s.source === source &&
          importer?.split(path.sep).join('/').includes(`/node_modules/${s.importer}/`),
      );
      return shim ? shim.replacement : null;
    },
  };
}
