/** Field rules shared by the forms (zod/mini, so client bundles stay small). */
import * as z from 'zod/mini';

/** Text that must be present: trimmed, at least one character, at most `max`. */
export function requiredText(message: string, max: number, tooLong?: string) {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, tooLong ?? `Use at most ${max} characters`),
      ...shownText(),
    );
}

/**
 * The checks of one-line text that staff see as someone's name (names, places, staff display
 * names): no control characters, no bidi controls, no invisible format characters.
 */
export function shownText() {
  return [
    z.refine<string>((s) => !CONTROL.test(s), 'Remove control characters'),
    z.refine<string>((s) => !BIDI.test(s), BIDI_MESSAGE),
    z.refine<string>((s) => !INVISIBLE.test(s), 'Remove invisible characters'),
    z.refine<string>((s) => !UNREADABLE.test(s), UNREADABLE_MESSAGE),
  ] as const;
}

/** Text that may be left empty (free text: a message): trimmed, at most `max`. */
export function optionalText(max: number) {
  return z.optional(
    z.string({ error: 'Enter text' }).check(
      z.trim(),
      z.maxLength(max, `Use at most ${max} characters`),
      z.refine((s) => !CONTROL_EXCEPT_NEWLINES.test(s), 'Remove control characters'),
      z.refine((s) => !BIDI_CONTROLS.test(s), BIDI_MESSAGE),
      z.refine((s) => !UNREADABLE.test(s), UNREADABLE_MESSAGE),
    ),
  );
}

/** C0 controls, DEL and the C1 controls (U+0080–U+009F). */
// eslint-disable-next-line no-control-regex
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/**
 * Characters that reorder the text around them without being seen (bidirectional embeddings,
 * overrides and isolates, and the direction marks): in a name they could make the staff list
 * show something else than was sent ("evil\u202Etxt.pdf").
 */
export const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/**
 * The embeddings, overrides and isolates alone: free text (a message) keeps the direction marks,
 * which right-to-left keyboards type and copied Arabic or Hebrew text carries, and which move no
 * run of text around them.
 */
export const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;
const BIDI_MESSAGE = 'Remove invisible text-direction characters';
/**
 * Format characters that show nothing: the soft hyphen, the zero-width space, the word joiner and
 * the invisible operators (U+2060–U+2064), the byte-order mark; with them "Ada" and "A\u200Bda"
 * look the same in the staff list. The zero-width joiner and non-joiner (U+200C, U+200D) shape
 * Persian and Indic names, so they pass between two letters (or marks) and are refused anywhere
 * else. (The direction marks U+200E and U+200F are in BIDI.)
 */
export const INVISIBLE =
  /[\u00ad\u200b\u2060-\u2064\ufeff]|(?<![\p{L}\p{M}])[\u200c\u200d]|[\u200c\u200d](?![\p{L}\p{M}])/u;
/**
 * What is left of text that was not text: the replacement character U+FFFD (the multipart parser
 * puts it where bytes were not UTF-8) and a lone surrogate (JSON may escape one; PostgreSQL would
 * get U+FFFD in its place). Either way what was sent is not what would be stored.
 */
export const UNREADABLE = /[\p{Cs}\ufffd]/u;
const UNREADABLE_MESSAGE = 'Remove characters that could not be read (\ufffd)';
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_NEWLINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

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

/** A staff member's display name, as the staff screens and the CLI take it: may be empty. */
export const staffName = z
  .string({ error: 'The name must be text' })
  .check(z.trim(), z.maxLength(150, 'Use at most 150 characters'), ...shownText());
