/**
 * Size budgets: gzip bytes a page loads before first render, from the Vite
 * manifests of the built output. `npm run size` prints the table and exits 1
 * when a budget is exceeded (npm test runs it).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { DIST, ROOT } from './paths.ts';

interface Budget {
  name: string;
  kind: 'widget' | 'site';
  /** widget: file in dist/widgets; site: HTML file in dist/site. */
  entry: string;
  limitKB: number;
  followDynamic?: boolean;
  /** Further files (relative to dist/) counted too, e.g. map geometry. */
  extra?: string[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export interface SizeRow {
  name: string;
  bytes: number;
  limit: number;
  files: string[];
  ok: boolean;
}

const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

function readManifest(dir: string): Record<string, ManifestChunk> {
  const file = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} missing: run npm run build`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
}

/** Files reached from the chunks whose output file is in `files`, through static (and optionally dynamic) imports. */
function closure(
  manifest: Record<string, ManifestChunk>,
  startFiles: string[],
  followDynamic: boolean,
): string[] {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const seen = new Set<string>();
  const out = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    out.add(chunk.file);
    chunk.css?.forEach((c) => out.add(c));
    chunk.imports?.forEach(visit);
    if (followDynamic) chunk.dynamicImports?.forEach(visit);
  };
  for (const file of startFiles) {
    const key = byFile.get(file);
    if (key) visit(key);
    else out.add(file);
  }
  return [...out];
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

export function measure(): SizeRow[] {
  const config = JSON.parse(fs.readFileSync(path.join(ROOT, 'budgets.json'), 'utf8')) as {
    budgets: Budget[];
  };
  return config.budgets.map((b) => {
    const dir = path.join(DIST, b.kind === 'widget' ? 'widgets' : 'site');
    const manifest = readManifest(dir);
    const start =
      b.kind === 'widget'
        ? [b.entry]
        : siteEntryFiles(fs.readFileSync(path.join(dir, b.entry), 'utf8'));
    const files = closure(manifest, start, b.followDynamic ?? false).map((f) => path.join(dir, f));
    for (const extra of b.extra ?? []) files.push(path.join(DIST, extra));
    const bytes = files.reduce((sum, f) => sum + gzipSize(f), 0);
    const limit = b.limitKB * 1000;
    return {
      name: b.name,
      bytes,
      limit,
      files: files.map((f) => path.relative(DIST, f)),
      ok: bytes <= limit,
    };
  });
}

export function sizeTable(rows: SizeRow[]): string {
  const lines = ['| budget | gzip KB | limit KB | files | |', '| --- | ---: | ---: | ---: | --- |'];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${(r.bytes / 1000).toFixed(2)} | ${(r.limit / 1000).toFixed(0)} | ${r.files.length} | ${r.ok ? 'ok' : 'OVER'} |`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = measure();
  console.log(sizeTable(rows));
  const over = rows.filter((r) => !r.ok);
  if (over.length) {
    console.error(`Over budget: ${over.map((r) => r.name).join(', ')}`);
    process.exit(1);
  }
}
