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
const all = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const files = all.filter((f) => f.includes(filter));
const usage = `Usage: npm run bench [-- <name>]: every benchmark, or those whose name contains <name>: ${all
  .map((f) => f.replace(/\.bench\.ts$/, ''))
  .join(', ')}.`;
if (filter === '--help' || filter === '-h') {
  console.log(usage);
  process.exit(0);
}
if (files.length === 0) {
  console.error(`No benchmark's name contains "${filter}". ${usage}`);
  process.exit(2);
}
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
