/**
 * Turns a failed zod parse into `{ field: message }`: one human-friendly
 * message per field (the first problem found), as the API answers in
 * `errors` and the forms show beside each input.
 */
import * as z from 'zod/mini';
import type { $ZodIssue, $ZodType, output } from 'zod/v4/core';

export type FieldErrors = Record<string, string>;

/** Message for a field the form does not have. */
export const UNKNOWN_FIELD = 'This field is not accepted';

export function fieldErrors(issues: readonly $ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    // Own-property check: a field named "__proto__" or "constructor" is still just a name.
    if (!Object.prototype.hasOwnProperty.call(errors, field)) {
      Object.defineProperty(errors, field, {
        value: message,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  };
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(key, UNKNOWN_FIELD);
      continue;
    }
    const field = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    add(field, issue.message);
  }
  return errors;
}

/** Result of validating a form: the parsed value, or the field errors. */
export type Validation<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

/** Parses `input` with `schema`: the value, or one message per field. */
export function validate<S extends $ZodType>(schema: S, input: unknown): Validation<output<S>> {
  const result = z.safeParse(schema, input);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, errors: fieldErrors(result.error.issues) };
}
