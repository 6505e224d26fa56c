/**
 * `node --import tsx tests/api/make-pglite-template.ts <folder>`: makes the embedded database's
 * template (pglite-template.ts) in `<folder>`. npm test (scripts/test.ts) makes one so, beside the
 * build, and names it to both of its vitest runs in SPARTAN_PGLITE_TEMPLATE, instead of each run's
 * global set-up making its own (several CPU-s each, before any browser test could start).
 */
import { makePgliteTemplate } from './pglite-template.ts';

const folder = process.argv[2];
if (!folder) throw new Error('usage: make-pglite-template.ts <folder>');
await makePgliteTemplate(folder);
