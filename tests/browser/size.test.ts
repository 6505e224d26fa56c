/**
 * The size budgets of budgets.json, measured as `npm run size` measures them (scripts/size.ts:
 * bytes on the wire with Chromium's Accept-Encoding, following the JS imports), from the server the
 * browser tests already run on the built output, instead of a server and a database of their own.
 * The table is printed at the end, as `npm run size` prints it.
 */
import { afterAll, expect, it } from 'vitest';
import { measureBudget, readBudgets, sizeTable, type SizeRow } from '../../scripts/size.ts';
import { mainUrl } from './harness.ts';

const rows: SizeRow[] = [];

afterAll(() => {
  console.log(sizeTable(rows));
});

it.each(readBudgets().map((b) => [b.name, b] as const))(
  'size budget: %s',
  async (_name, budget) => {
    const row = await measureBudget(mainUrl(), budget);
    rows.push(row);
    expect(
      row.bytes,
      `${row.bytes} bytes on the wire, over the limit of ${row.limit}: ${row.files.join(', ')}`,
    ).toBeLessThanOrEqual(row.limit);
  },
);
