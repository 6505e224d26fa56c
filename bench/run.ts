/**
 * `npm run bench`: every benchmark, one table each. Each bench/<name>.bench.ts
 * exports a default async function returning a Markdown table.
 * `npm run bench -- size` runs only the benches whose name contains "size".
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? '';
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && f.includes(filter))
  .sort();
let failed = false;
for (const file of files) {
  const mod = (await import(path.join(dir, file))) as { default: () => Promise<string> };
  console.log(`\n## ${file.replace(/\.bench\.ts$/, '')}\n`);
  try {
    console.log(await mod.default());
  } catch (err) {
    failed = true;
    console.error(`${file} failed:`, err instanceof Error ? err.message : err);
  }
}
process.exit(failed ? 1 : 0);
