import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'tsup';
import { DIST, ROOT } from './paths.ts';

/** dist/lib: the React components and element registration, React as a peer dependency. */
export async function buildLib(): Promise<void> {
  await build({
    entry: { index: 'widgets/index.ts', register: 'widgets/register.ts' },
    outDir: path.join(DIST, 'lib'),
    format: ['esm'],
    target: 'es2022',
    dts: true,
    clean: true,
    splitting: true,
    treeshake: true,
    silent: true,
    tsconfig: path.join(ROOT, 'tsconfig.lib.json'),
    external: ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'],
    esbuildOptions(options) {
      options.jsx = 'automatic';
    },
    esbuildPlugins: [
      {
        // `import css from './x.css?inline'` → the CSS text, as Vite does.
        name: 'css-inline',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /\.css\?inline$/ }, (args) => ({
            // A non-.css path keeps tsup's own CSS handling away from it.
            path: path.resolve(args.resolveDir, args.path.replace(/\?inline$/, '')) + '.inline',
            namespace: 'css-inline',
          }));
          pluginBuild.onLoad({ filter: /.*/, namespace: 'css-inline' }, async (args) => ({
            contents: `export default ${JSON.stringify(await fs.readFile(args.path.replace(/\.inline$/, ''), 'utf8'))};`,
            loader: 'js',
          }));
        },
      },
    ],
  });
}
