/** Field rules shared by the forms (zod/mini, so client bundles stay small). */
import * as z from 'zod/mini';

/** Text that must be present: trimmed, at least one character, at most `max`. */
export function requiredText(message: string, max: number, tooLong?: string) {
  return z.string({ error: message }).check(
    z.trim(),
    z.minLength(1, message),
    z.maxLength(max, tooLong ?? `Use at most ${max} characters`),
    z.refine((s) => !CONTROL.test(s), 'Remove control characters'),
    z.refine((s) => !BIDI.test(s), BIDI_MESSAGE),
  );
}

/** Text that may be left empty: trimmed, at most `max`. */
export function optionalText(max: number) {
  return z.optional(
    z.string({ error: 'Enter text' }).check(
      z.trim(),
      z.maxLength(max, `Use at most ${max} characters`),
      z.refine((s) => !CONTROL_EXCEPT_NEWLINES.test(s), 'Remove control characters'),
      z.refine((s) => !BIDI.test(s), BIDI_MESSAGE),
    ),
  );
}

// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f]/;
/**
 * Characters that reorder the text around them without being seen (bidirectional embeddings,
 * overrides and isolates, and the direction marks): in a name they could make the staff list
 * show something else than was sent ("evil\u202Etxt.pdf").
 */
export const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const BIDI_MESSAGE = 'Remove invisible text-direction characters';
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const email = z
  .string({ error: 'Enter a valid email address' })
  .check(
    z.trim(),
    z.maxLength(254, 'Enter a valid email address'),
    z.email('Enter a valid email address'),
  );

/** Digits with the usual separators and an optional leading +; 7 to 15 digits (E.164). */
export const phone = z.string({ error: 'Enter your phone number' }).check(
  z.trim(),
  z.minLength(1, 'Enter your phone number'),
  z.maxLength(25, 'Enter a valid phone number'),
  z.regex(/^\+?[0-9 ().-]+$/, 'Use digits, spaces, +, -, ( and ) only'),
  z.refine((s) => {
    const digits = s.replace(/\D/g, '').length;
    return digits >= 7 && digits <= 15;
  }, 'Enter a valid phone number'),
);

/** The honeypot: hidden from people, so it arrives empty; bots fill it in. */
export const honeypot = z.optional(z.string().check(z.maxLength(2000)));
