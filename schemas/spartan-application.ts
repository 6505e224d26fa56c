/**
 * The Spartan application form (docs/FORMS.md, "Fields"), shared by the form widget
 * and the server (`POST /api/spartan_join/apply-spartan/`). Every value is a
 * string, as multipart sends them; the resume file is checked apart
 * (`resumeFileError` here, its content on the server).
 */
import * as z from 'zod/mini';
import {
  GENDERS,
  HONEYPOT_FIELD,
  JOB_ROLES,
  MAX_RESUME_BYTES,
  MIN_APPLICANT_AGE,
  RESUME_EXTENSIONS,
} from '../content/forms.ts';
import { validate, type Validation } from './errors.ts';
import { email, honeypot, phone, requiredText } from './fields.ts';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MAX_AGE = 120;

/** Age in whole years on `today` of someone born on `iso` (YYYY-MM-DD), or null if not a real date. */
export function ageOn(iso: string, today: Date = new Date()): number | null {
  const m = ISO_DATE.exec(iso);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return null;
  }
  let age = today.getUTCFullYear() - y;
  const beforeBirthday =
    today.getUTCMonth() + 1 < mo || (today.getUTCMonth() + 1 === mo && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

const dateOfBirth = z.string({ error: 'Enter your date of birth' }).check(
  z.trim(),
  z.minLength(1, 'Enter your date of birth'),
  z.refine((s) => ageOn(s) !== null, 'Enter a real date, with a four-digit year'),
  z.refine((s) => {
    const age = ageOn(s);
    return age === null || age >= 0;
  }, 'Date of birth must be in the past'),
  z.refine((s) => {
    const age = ageOn(s);
    return age === null || age < 0 || age >= MIN_APPLICANT_AGE;
  }, `You must be at least ${MIN_APPLICANT_AGE} years old to apply`),
  z.refine((s) => {
    const age = ageOn(s);
    return age === null || age <= MAX_AGE;
  }, 'Enter a valid date of birth'),
);

export const spartanApplicationSchema = z.strictObject({
  job_title: z.enum(JOB_ROLES as [string, ...string[]], { error: 'Choose a job role' }),
  fullname: requiredText('Enter your full name', 120),
  date_of_birth: dateOfBirth,
  location: requiredText('Enter your location', 120),
  gender: z.enum(GENDERS, { error: 'Choose a gender' }),
  email,
  phone,
  [HONEYPOT_FIELD]: honeypot,
});

export type SpartanApplication = z.infer<typeof spartanApplicationSchema>;

export function validateSpartanApplication(input: unknown): Validation<SpartanApplication> {
  return validate(spartanApplicationSchema, input);
}

/** Display-side check of a chosen resume (name and size); the server also checks its content. */
export function resumeFileError(file: { name: string; size: number }): string | null {
  const lower = file.name.toLowerCase();
  if (!RESUME_EXTENSIONS.some((ext) => lower.endsWith(ext))) {
    return 'Upload a .pdf, .doc or .docx file';
  }
  if (file.size === 0) return 'The file is empty';
  if (file.size > MAX_RESUME_BYTES) return 'The file must be at most 5 MB';
  return null;
}
