/**
 * Lighthouse 12 (mobile defaults: Moto G Power emulation, simulated slow 4G)
 * against the built site served by the real server on 127.0.0.1, in Debian's
 * Chromium. Targets: performance ≥ 95, accessibility 100, best practices ≥ 95,
 * SEO 100, CLS 0. Builds first when dist/site is missing.
 *
 * Each page runs LIGHTHOUSE_RUNS times (default 3) and the run with the median
 * performance score is reported, as Lighthouse's own docs advise for variance;
 * a run that fails to record a trace (busy machine) is retried.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { DIST } from '../scripts/paths.ts';
import { build } from '../server/app.ts';
import { CHROMIUM_ARGS, chromePath } from '../tests/browser/chromium.ts';

export const LIGHTHOUSE_PATHS = ['/', '/explainers', '/innovation-hubs', '/apply-spartan'];

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

type Result = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;
type Category = keyof typeof TARGETS;

export default async function lighthouseBench(): Promise<string> {
  if (!fs.existsSync(path.join(DIST, 'site', 'index.html'))) {
    const { buildAll } = await import('../scripts/build.ts');
    await buildAll();
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spartan-lighthouse-'));
  const app = await build({ distDir: DIST, dataDir, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const rows: string[] = [
    '| page | performance | accessibility | best practices | SEO | CLS | LCP ms | TBT ms | |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  const misses: string[] = [];
  try {
    for (const route of LIGHTHOUSE_PATHS) {
      const runs: Result[] = [];
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 3; attempt++) {
        const result = await lighthouse(`${base}${route}`, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: Object.keys(TARGETS),
        });
        if (result?.lhr && !result.lhr.runtimeError) runs.push(result.lhr);
      }
      if (!runs.length) throw new Error(`Lighthouse could not measure ${route}`);
      runs.sort(
        (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
      );
      const lhr = runs[Math.floor(runs.length / 2)] as Result;
      const score = (c: Category) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN;
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
      const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN;
      const missed = (Object.keys(TARGETS) as Category[])
        .filter((c) => score(c) < TARGETS[c])
        .map((c) => {
          const failing = Object.values(lhr.audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id);
          return `${c} ${score(c)}${failing.length ? ` (${failing.slice(0, 4).join(', ')})` : ''}`;
        });
      if (cls > 0) missed.push(`CLS ${cls.toFixed(3)}`);
      if (missed.length) misses.push(`${route}: ${missed.join('; ')}`);
      rows.push(
        `| ${route} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${cls.toFixed(3)} | ${Math.round(lcp)} | ${Math.round(tbt)} | ${missed.length ? 'MISS' : 'ok'} |`,
      );
    }
  } finally {
    chrome.kill();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const table = rows.join('\n');
  if (misses.length) {
    throw new Error(`Lighthouse targets missed:\n${misses.join('\n')}\n\n${table}`);
  }
  return table;
}
