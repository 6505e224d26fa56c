/**
 * The front-end-only login exists only in demo builds: a normal build's
 * bundles (site, widgets, library) contain neither its code nor any
 * credential. The second half shows this test can fail: the same module,
 * built in demo mode with the flag and an account, does contain them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { DIST, ROOT } from '../../scripts/paths.ts';
import {
  browserResolve,
  productionDefine,
  reactPlugin,
  shimsPlugin,
} from '../../scripts/vite-shared.ts';

/** Strings only the local variant has. */
const MARKERS = [
  'spartan-local-demo',
  'VITE_SPARTAN_LOCAL',
  'local login is not part of this build',
  'local login has no account',
  'Offline demo login',
];

function files(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(js|mjs|html)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Builds the auth store alone, as the site would, and returns the emitted code. */
async function buildStore(mode: string, env: Record<string, string>): Promise<string> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  try {
    const out = await build({
      configFile: false,
      root: ROOT,
      mode,
      logLevel: 'silent',
      resolve: browserResolve,
      plugins: [shimsPlugin(), reactPlugin()],
      define: productionDefine,
      build: {
        write: false,
        minify: true,
        rolldownOptions: {
          input: path.join(ROOT, 'site/auth/store.ts'),
          preserveEntrySignatures: 'strict',
        },
      },
    });
    const outputs = (Array.isArray(out) ? out : [out]) as Array<{
      output: Array<{ type: string; code?: string }>;
    }>;
    return outputs
      .flatMap((o) => o.output)
      .map((c) => (c.type === 'chunk' ? (c.code ?? '') : ''))
      .join('\n');
  } finally {
    for (const key of Object.keys(env)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

describe('the front-end-only login variant', () => {
  it('is in none of the built bundles (site, widgets, library)', () => {
    const all = [
      ...files(path.join(DIST, 'site')),
      ...files(path.join(DIST, 'widgets')),
      ...files(path.join(DIST, 'lib')),
    ];
    expect(all.length).toBeGreaterThan(10);
    const hits = all.filter((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return MARKERS.some((m) => text.includes(m));
    });
    expect(hits).toEqual([]);
  });

  it('is compiled in only by a demo build that asks for it, with that build’s account; a production build drops it even with the flag', async () => {
    const password = `pw-${crypto.randomUUID()}`;
    const env = {
      VITE_SPARTAN_LOCAL_AUTH: '1',
      VITE_SPARTAN_LOCAL_USERNAME: 'demo-user',
      VITE_SPARTAN_LOCAL_PASSWORD: password,
    };
    const demo = await buildStore('demo', env);
    expect(demo).toContain(password);
    expect(demo).toContain('spartan-local-demo');

    const production = await buildStore('production', env);
    expect(production).not.toContain(password);
    expect(MARKERS.filter((m) => production.includes(m))).toEqual([]);
    expect(production).toContain('/api/security-login/');
  });
});
