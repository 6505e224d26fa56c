/**
 * Error hygiene: no applicant data in any log line, every refusal in the {"detail", "code"} shape
 * (framework and Node's own too, over a real socket, and while the server shuts down), control and
 * invisible characters refused where text is searched or shown, multipart parts the parser skips or
 * names it does not bound refused, forms over their bound refused without reading the rest, and the
 * slow-client limits true to the second. What touches the
 * database runs on PGlite and on a throwaway PostgreSQL; the socket-level checks once.
 */
import { afterAll, describe } from 'vitest';
import {
  startPostgres,
  SKIP_POSTGRES,
  warnSkippedPostgres,
  type PostgresCluster,
} from './postgres.ts';
import { hygieneHarness, type Target } from './setup/hygiene.ts';
import { refusalTests } from './api-errors.hygiene.ts';
import { connectionTests } from './db/connections.hygiene.ts';
import { loggingTests } from './logging.hygiene.ts';
import { listParameterTests } from './routes/common.hygiene.ts';
import { serverLimitTests, slowAnswerTests } from './server.hygiene.ts';
import { multipartTests } from './uploads.hygiene.ts';
import { textTests } from './validation.hygiene.ts';

let cluster: PostgresCluster | undefined;
let databases = 0;
const postgres: Target = {
  label: 'PostgreSQL',
  cluster: async () => (cluster ??= await startPostgres()),
  database: async () => {
    cluster ??= await startPostgres();
    databases += 1;
    return { databaseUrl: await cluster.createDatabase(`hygiene_${process.pid}_${databases}`) };
  },
};

const targets: Target[] = [
  { label: 'PGlite', database: async () => ({}) },
  ...(SKIP_POSTGRES ? [] : [postgres]),
];
if (SKIP_POSTGRES) warnSkippedPostgres('the hygiene tests');
afterAll(async () => {
  await cluster?.stop();
});

// Each part sits under a path that mirrors the server module it tests.
describe.each(targets)('error hygiene on $label', (target) => {
  const h = hygieneHarness(target);
  loggingTests(h);
  listParameterTests(h);
  textTests(h);
  connectionTests(h);
  multipartTests(h);
  slowAnswerTests(h);

  // Below the database: once is enough.
  if (target.cluster) return;

  refusalTests(h);
  serverLimitTests(h);
});
