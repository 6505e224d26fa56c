/**
 * Response headers and cross-origin rules.
 *
 * - Every response: CSP (`default-src 'self'`, no inline script, `frame-src 'self'`,
 *   `object-src 'none'`, `base-uri 'none'`, `frame-ancestors 'none'`), nosniff, Referrer-Policy, HSTS in
 *   production; `Cross-Origin-Resource-Policy: same-origin` except on /widgets/, /media/
 *   and /custom-elements.json, which server/static.ts opens to every origin for partner
 *   pages and tools.
 * - API CORS (@fastify/cors), never with credentials:
 *   - the submissions (apply, invest) answer any origin (`*`), so a form works on any
 *     partner page; `CORS_ORIGINS` may restrict them to its origins;
 *   - login (each of its steps: password, second factor, its setup, a new password), the
 *     session check (`GET /api/security-session/`, which the login widget makes after a reload),
 *     logout and health answer the `CORS_ORIGINS` partners, echoed exactly: the login widget on a
 *     listed partner page goes through every step;
 *   - staff calls carry no CORS headers, and a request from a foreign origin is refused (403).
 * - API responses are never cached.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import { ERR_FORBIDDEN_ORIGIN } from '../api-errors.ts';
import {
  ACCOUNT_PATHS,
  APPLY_PATH,
  HEALTH_PATH,
  INVEST_PATH,
  LOGIN_MFA_PATH,
  LOGIN_MFA_SETUP_PATH,
  LOGIN_PASSWORD_PATH,
  LOGIN_PATH,
  LOGOUT_PATH,
} from '../../schemas/api-paths.ts';

/** The submissions: any partner page may call them, unless restricted. */
export const SUBMIT_API_PATHS = new Set([APPLY_PATH, INVEST_PATH]);

/** Calls partner pages may make cross-origin (paths exactly as routed). */
export const PUBLIC_API_PATHS = new Set([
  ...SUBMIT_API_PATHS,
  LOGIN_PATH,
  LOGIN_MFA_PATH,
  LOGIN_MFA_SETUP_PATH,
  LOGIN_PASSWORD_PATH,
  LOGOUT_PATH,
  ACCOUNT_PATHS.session,
  HEALTH_PATH,
]);

const OPEN_ASSETS = /^\/(?:(?:widgets|media)\/|custom-elements\.json$)/;
const ALLOWED_HEADERS = 'Content-Type, Authorization, X-XSRF-TOKEN';

export interface HttpSecurityOptions {
  corsOrigins: readonly string[];
  submitOrigins: '*' | readonly string[];
  production: boolean;
}

/** A request URL without its query string. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
}

/**
 * The path a request's rules go by: its route's own when an API route matched (`/api/…/:id/`),
 * else the path decoded as the router decodes it. Never the raw URL: `/%61pi/…` reaches the
 * `/api/…` routes too, and must meet the same rules.
 */
export function rulePath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route?.startsWith('/api/')) return route;
  const path = pathOf(request.url);
  try {
    return decodeURIComponent(path);
  } catch {
    return path; // Not decodable: the router refuses it (400) before any handler runs.
  }
}

/**
 * True if `origin` is this server as the browser addressed it: the same scheme, host and port
 * (behind a trusted proxy, X-Forwarded-Proto and X-Forwarded-Host). A page served over http on
 * our host is another origin than our https pages: a network attacker can write it.
 */
export function sameOrigin(request: FastifyRequest, origin: string): boolean {
  try {
    const url = new URL(origin);
    const ours = new URL(`${request.protocol}://${request.host}`);
    return url.protocol === ours.protocol && url.host === ours.host;
  } catch {
    return false;
  }
}

/**
 * The partner origin a request comes from: its Origin when that is not this server, else null
 * (no Origin: not a browser page; or a page of ours).
 */
export function partnerOriginOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  return origin && !sameOrigin(request, origin) ? origin : null;
}

export async function httpSecurity(app: FastifyInstance, opts: HttpSecurityOptions) {
  const partners = [...opts.corsOrigins];
  const submitters = opts.submitOrigins === '*' ? '*' : [...opts.submitOrigins];
  const shared = {
    credentials: false,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  };
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      const path = rulePath(request);
      // An OPTIONS that is no preflight (no Origin, or no method asked for) is left to the
      // routes, which answer it in the API's shape (405 naming the methods): the plugin would
      // answer a plain-text 400 of its own.
      const notPreflight =
        request.method === 'OPTIONS' &&
        (request.headers.origin === undefined ||
          request.headers['access-control-request-method'] === undefined);
      if (notPreflight || !path.startsWith('/api/') || !PUBLIC_API_PATHS.has(path)) {
        callback(null, { origin: false });
      } else if (SUBMIT_API_PATHS.has(path)) {
        callback(null, { ...shared, origin: submitters });
      } else {
        callback(null, { ...shared, origin: partners });
      }
    },
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No inline styles: widgets adopt constructed stylesheets, the site links its CSS, and
        // style changes after hydration go through the CSSOM.
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        // Frames load our own URLs only (the staff area's résumé read in place, whose answer
        // sandboxes itself); never blob: or data: documents, which would run on our origin.
        frameSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(opts.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    hsts: opts.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });

  /**
   * Whether the page that made this API call may make it. A call without an Origin (not from a
   * browser page) and a page of this server may make any; a page elsewhere only the public ones.
   * With partners named, a page elsewhere may not submit either: without this, a form post (which
   * a browser sends without asking first) would be stored though its page could not read the
   * answer. The preflight itself is answered by the CORS plugin above.
   */
  const mayCall = (request: FastifyRequest, path: string): boolean => {
    const origin = partnerOriginOf(request);
    if (!origin) return true;
    if (!PUBLIC_API_PATHS.has(path)) return false;
    if (submitters === '*' || !SUBMIT_API_PATHS.has(path) || request.method === 'OPTIONS') {
      return true;
    }
    return submitters.includes(origin);
  };

  app.addHook('onRequest', async (request, reply) => {
    const path = rulePath(request);
    if (!OPEN_ASSETS.test(path)) reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (!path.startsWith('/api/')) return;
    reply.header('Cache-Control', 'no-store');
    reply.header('Vary', 'Origin');
    if (!mayCall(request, path)) throw ERR_FORBIDDEN_ORIGIN();
  });
}

/**
 * `httpSecurity` as a plugin ('http-security'), not encapsulated: its headers and CORS rules
 * apply to every route, static ones too.
 */
export const httpSecurityPlugin = fp(httpSecurity, { name: 'http-security' });
