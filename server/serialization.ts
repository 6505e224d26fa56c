/**
 * Answers serialised through their route's zod response schema (schemas/responses.ts and its
 * neighbours), the counterpart of validation.ts for requests: the answer is encoded by the
 * schema (times become ISO strings, fields the schema does not name are dropped, as Fastify's
 * default serialiser drops them) and must match it. An answer that does not is a fault of ours:
 * it is logged with the route and the paths of the mismatched fields (never their values,
 * which may be applicants' data), and the client gets the API's 500.
 *
 * Written here rather than taken from fastify-type-provider-zod: that package's compilers are
 * for zod's classic API, and the schemas are zod/mini (the forms ship them to browsers).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as z from 'zod/mini';
import type { $ZodIssue, $ZodType } from 'zod/v4/core';

export function isZodSchema(schema: unknown): schema is $ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

/** An answer that does not match its route's response schema. */
export class ResponseDriftError extends Error {
  readonly code = 'SPARTAN_RESPONSE_DRIFT';
  constructor(
    readonly route: string,
    readonly paths: string[],
  ) {
    super(`The answer of ${route} does not match its schema at ${paths.join(', ')}`);
    this.name = 'ResponseDriftError';
  }
}

const pathOf = (issue: $ZodIssue) => issue.path.map(String).join('.') || '(the answer)';

/** The answer as JSON text, checked and encoded by `schema`; throws ResponseDriftError. */
export function serialiseAnswer(schema: $ZodType, data: unknown, route: string): string {
  const result = z.safeEncode(schema, data);
  if (!result.success) {
    throw new ResponseDriftError(route, [...new Set(result.error.issues.map(pathOf))]);
  }
  return JSON.stringify(result.data);
}

/** Serialises every answer that has a response schema with it; refuses schemas not in zod. */
export function useZodSerialization(app: FastifyInstance): void {
  app.setSerializerCompiler(({ schema, method, url, httpStatus }) => {
    const route = `${method} ${url} (${httpStatus})`;
    if (!isZodSchema(schema)) {
      throw new Error(`The response schema of ${route} must be a zod schema (schemas/)`);
    }
    return (data: unknown) => {
      try {
        return serialiseAnswer(schema, data, route);
      } catch (err) {
        if (err instanceof ResponseDriftError) {
          app.log.error({ drift: { route: err.route, paths: err.paths } }, 'answer drift');
        }
        throw err;
      }
    };
  });
}

/** `useZodSerialization` for every route ('zod-serialization'). */
export const zodSerialization = fp(async (app: FastifyInstance) => useZodSerialization(app), {
  name: 'zod-serialization',
});
