/**
 * Strict request validation. Fastify's default Ajv strips unknown fields and
 * coerces types; here route schemas are zod schemas (the same ones the forms
 * use), run as they are: an unknown field, a wrong type or a repeated value
 * is a 400 with `errors: {field: message}`. JSON bodies are parsed with
 * prototype-poisoning keys refused and duplicate keys detected.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import * as z from 'zod/mini';
import { fieldErrors, UNKNOWN_FIELD } from '../schemas/errors.ts';
import { ERR_BAD_REQUEST, ERR_INVALID_FORM } from './api-errors.ts';
import { isZodSchema } from './serialization.ts';

export const REPEATED_FIELD = 'Send this field once';

/** JSON bodies (login, investor application) are small. */
export const JSON_BODY_LIMIT = 16 * 1024;

/** Validates with zod the parts of a request whose route schema is a zod schema. */
export function useZodValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (!isZodSchema(schema)) {
      throw new Error('Route schemas for request parts must be zod schemas');
    }
    return (data: unknown) => {
      const result = z.safeParse(schema, data ?? {});
      if (result.success) return { value: result.data };
      const errors = fieldErrors(result.error.issues);
      // A repeated query parameter arrives as an array: say so rather than "wrong type".
      if (httpPart === 'querystring' && data && typeof data === 'object') {
        for (const [key, value] of Object.entries(data)) {
          if (Array.isArray(value) && key in errors) errors[key] = REPEATED_FIELD;
        }
      }
      return { error: ERR_INVALID_FORM(errors) };
    };
  });
}

/** The first key that appears twice in one object of a JSON text (assumed valid JSON), or null. */
export function duplicateJsonKey(text: string): string | null {
  const stack: Array<Set<string> | null> = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '{') stack.push(new Set());
    else if (c === '[') stack.push(null);
    else if (c === '}' || c === ']') stack.pop();
    else if (c === '"') {
      const start = i;
      for (i += 1; i < text.length && text[i] !== '"'; i += 1) {
        if (text[i] === '\\') i += 1;
      }
      let j = i + 1;
      while (j < text.length && /\s/.test(text[j] ?? '')) j += 1;
      const keys = stack[stack.length - 1];
      if (text[j] === ':' && keys) {
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        if (keys.has(key)) return key;
        keys.add(key);
      }
    }
  }
  return null;
}

/**
 * Which key made the safe parser refuse `text`: `__proto__`, else `constructor` (with a
 * `prototype` inside), which it refuses with the same message. The text is JSON (the refusal
 * comes after parsing), and a plain parse makes `__proto__` an own key, not a prototype.
 */
function forbiddenKey(text: string): string {
  let proto = false;
  JSON.parse(text, (key: string, value: unknown) => {
    if (key === '__proto__') proto = true;
    return value;
  });
  return proto ? '__proto__' : 'constructor';
}

/** Replaces the JSON parser: refuses `__proto__`/`constructor.prototype` and repeated keys. */
export function useStrictJson(app: FastifyInstance, bodyLimit: number): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      const text = body as string;
      let value: unknown;
      try {
        value = secureJson.parse(text, null, { protoAction: 'error', constructorAction: 'error' });
      } catch (err) {
        const poisoned = err instanceof Error && /prototype/.test(err.message);
        done(
          poisoned
            ? ERR_INVALID_FORM({ [forbiddenKey(text)]: UNKNOWN_FIELD })
            : ERR_BAD_REQUEST('Malformed JSON body'),
          undefined,
        );
        return;
      }
      const repeated = duplicateJsonKey(text);
      if (repeated !== null) {
        done(ERR_INVALID_FORM({ [repeated]: REPEATED_FIELD }), undefined);
        return;
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        done(ERR_BAD_REQUEST('The body must be a JSON object'), undefined);
        return;
      }
      done(null, value);
    },
  );
}

/** Strict JSON bodies and zod request schemas, for every route ('request-validation'). */
export const requestValidation = fp(
  async (app: FastifyInstance) => {
    useStrictJson(app, JSON_BODY_LIMIT);
    useZodValidation(app);
  },
  { name: 'request-validation' },
);
