/**
 * The attacker of bench/login-flood.bench.ts, in a process of its own so its work does not
 * share an event loop with the measurements: `tsx bench/login-flood-client.ts <base> <seconds> [rate]`.
 * Logins with wrong passwords, each from a new address (X-Forwarded-For; the server trusts
 * its proxy): half for one real account, half for made-up usernames, at `rate` per second
 * overall (default 300; the attacker's own CPU is not the server's to pay on a small machine).
 * Prints a JSON summary.
 */
import { createRequire } from 'node:module';

interface Request {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}
type Autocannon = (opts: {
  url: string;
  connections: number;
  duration: number;
  overallRate: number;
  requests: Array<{ setupRequest: (req: Request) => Request }>;
}) => Promise<{
  requests: { average: number };
  statusCodeStats: Record<string, { count: number }>;
}>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const [base = '', seconds = '10', rate = '300'] = process.argv.slice(2);
let n = 0;
const result = await autocannon({
  url: base,
  connections: 64,
  duration: Number(seconds),
  overallRate: Number(rate),
  requests: [
    {
      setupRequest: (req) => {
        n += 1;
        const ip = `100.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
        const username = n % 2 ? 'bench' : `ghost${n}`;
        return {
          ...req,
          method: 'POST',
          path: '/api/security-login/',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({ username, password: `wrong password number ${n}` }),
        };
      },
    },
  ],
});
const codes = Object.fromEntries(
  Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count]),
);
console.log(JSON.stringify({ rps: result.requests.average, codes }));
