/** autocannon (CommonJS, untyped), with the part of its options and result the benches use. */
import { createRequire } from 'node:module';

export interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export type Autocannon = (opts: {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  connections?: number;
  duration?: number;
  overallRate?: number;
}) => Promise<AutocannonResult>;

export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
