/**
 * Size budgets in bytes on the wire: what the server really sends a browser before an embed's
 * (or the site's) first render. The built output is served by the real server (in this
 * process, on a free loopback port), every file is requested with Chromium's Accept-Encoding,
 * and the bytes of the response bodies as sent (compressed) are counted. From each widget
 * entry the JS imports are followed as a browser follows them: static imports always, dynamic
 * ones where a budget says so. `npm run size` prints the table and exits 1 past a budget;
 * `npm test` measures the same budgets from the server its browser tests run
 * (tests/browser/size.test.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { GEO_FILE } from '../widgets/hub-map/geo-file.ts';
import { DIST, ROOT } from './paths.ts';

/** What Chromium sends. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export interface Budget {
  name: string;
  kind: 'widget' | 'site';
  /** widget: file in /widgets/; site: a page path. */
  entry: string;
  /** Bytes on the wire. */
  limit: number;
  /** Also follow dynamic imports (what loads right after first render). */
  followDynamic?: boolean;
  /** Also count the hub map's geometry, which the map fetches as it loads. */
  geometry?: boolean;
}

export interface SizeRow {
  name: string;
  bytes: number;
  limit: number;
  files: string[];
  ok: boolean;
}

interface Fetched {
  /** Bytes of the body as sent. */
  wire: number;
  encoding: string;
  /** The body decoded, for following imports. */
  text: string;
}

function get(url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      url,
      // A connection of its own for each request (`agent: false`), as tests/fetch.ts explains: a
      // reused idle one can be closed by the server just as the next request goes out.
      { headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          if (res.statusCode !== 200) {
            reject(new Error(`${url}: HTTP ${res.statusCode}`));
            return;
          }
          const body = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          const decoded =
            encoding === 'br'
              ? zlib.brotliDecompressSync(body)
              : encoding === 'gzip'
                ? zlib.gunzipSync(body)
                : encoding === 'identity'
                  ? body
                  : null;
          if (!decoded) {
            reject(new Error(`${url}: unexpected Content-Encoding ${encoding}`));
            return;
          }
          resolve({ wire: body.length, encoding, text: decoded.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
  });
}

// The minifier writes strings with any of the three quotes.
const STATIC_IMPORT =
  /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]*?\bfrom\s*)?["'`]([^"'`]+)["'`]/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g;

/** The relative module specifiers a built JS file imports. */
export function importsOf(js: string, followDynamic: boolean): string[] {
  const found = [...js.matchAll(STATIC_IMPORT)].map((m) => m[1]!);
  if (followDynamic) found.push(...[...js.matchAll(DYNAMIC_IMPORT)].map((m) => m[1]!));
  return found.filter((s) => s.startsWith('./') || s.startsWith('../') || s.startsWith('/'));
}

/**
 * What a prerendered page loads before its first render: its module scripts,
 * stylesheets and modulepreloaded chunks (the page's own chunk is preloaded and
 * awaited before hydration). Prefetches, icons and media are not counted.
 */
export function siteEntryFiles(html: string): string[] {
  const files: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const isScript = tag.startsWith('<script');
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1] ?? '';
    if (!isScript && rel !== 'stylesheet' && rel !== 'modulepreload') continue;
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url || /^(?:[a-z]+:)?\/\//i.test(url)) continue;
    files.push(url.replace(/^\//, ''));
  }
  return files;
}

/** One budget, measured against the server at `origin` serving the built output. */
export async function measureBudget(origin: string, b: Budget): Promise<SizeRow> {
  const seen = new Set<string>();
  let bytes = 0;
  const visit = async (url: string): Promise<void> => {
    if (seen.has(url)) return;
    seen.add(url);
    const res = await get(url);
    bytes += res.wire;
    if (!url.endsWith('.js')) return;
    for (const spec of importsOf(res.text, b.followDynamic ?? false)) {
      await visit(new URL(spec, url).href);
    }
  };
  if (b.kind === 'widget') {
    await visit(`${origin}/widgets/${b.entry}`);
    if (b.geometry) await visit(`${origin}/widgets/${GEO_FILE}`);
  } else {
    const page = `${origin}${b.entry}`;
    const html = await get(page);
    seen.add(page);
    bytes += html.wire;
    for (const file of siteEntryFiles(html.text)) await visit(`${origin}/${file}`);
  }
  const limit = b.limit;
  return {
    name: b.name,
    bytes,
    limit,
    files: [...seen].map((u) => new URL(u).pathname),
    ok: bytes <= limit,
  };
}

/** The budgets of budgets.json. */
export function readBudgets(): Budget[] {
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'budgets.json'), 'utf8')) as {
    budgets: Budget[];
  };
  return config.budgets;
}

/**
 * Serves dist/ with the real server (on a throwaway data folder) and measures every budget of
 * budgets.json. The browser tests measure them from the server they already run
 * (tests/browser/size.test.ts).
 */
export async function measure(): Promise<SizeRow[]> {
  const budgets = readBudgets();
  const { build } = await import('../server/app.ts');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-size-'));
  const app = await build({ distDir: DIST, dataDir });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const origin = `http://127.0.0.1:${port}`;
    const rows: SizeRow[] = [];
    for (const b of budgets) rows.push(await measureBudget(origin, b));
    return rows;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function sizeTable(rows: SizeRow[]): string {
  const lines = [
    '| budget | bytes on the wire | limit | files | |',
    '| --- | ---: | ---: | ---: | --- |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.bytes.toLocaleString('en-US')} | ${r.limit.toLocaleString('en-US')} | ${r.files.length} | ${r.ok ? 'ok' : 'OVER'} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measure();
  console.log(sizeTable(rows));
  const over = rows.filter((r) => !r.ok);
  if (over.length) {
    console.error(`Over budget: ${over.map((r) => r.name).join(', ')}`);
    process.exit(1);
  }
}
