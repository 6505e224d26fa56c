/**
 * The load generator of bench/api.bench.ts, in a process of its own so that its work never
 * shares the measured server's event loop or counts as the server's CPU:
 * `tsx bench/load-client.ts '<json>'` with `{url, method, headers, bodyFile, connections,
 * duration, overallRate}`. Prints `started` as the load begins (after its own start-up, so that a
 * caller can time the load alone), then autocannon's summary and its own CPU time meanwhile as
 * one JSON line.
 */
import fs from 'node:fs';
import { autocannon } from './autocannon.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  bodyFile?: string;
  connections: number;
  duration: number;
  overallRate?: number;
};
const body = options.bodyFile ? fs.readFileSync(options.bodyFile) : undefined;
console.log('started');
const cpu = process.cpuUsage();
const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.duration,
  ...(options.method ? { method: options.method } : {}),
  ...(options.headers ? { headers: options.headers } : {}),
  ...(body ? { body } : {}),
  ...(options.overallRate ? { overallRate: options.overallRate } : {}),
});
const used = process.cpuUsage(cpu);
console.log(
  JSON.stringify({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    requests: result.requests.total,
    cpuSeconds: (used.user + used.system) / 1e6,
  }),
);
