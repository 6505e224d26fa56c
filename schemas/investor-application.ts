/**
 * The investor application (`POST /api/investors/join_investor/`, JSON;
 * docs/FORMS.md, "Fields"), shared by the form widget and the server.
 */
import * as z from 'zod/mini';
import { ACCREDITATION_VALUES, HONEYPOT_FIELD } from '../content/forms.ts';
import { validate, type Validation } from './errors.ts';
import { email, honeypot, optionalText, phone, requiredText } from './fields.ts';

export const investorApplicationSchema = z.strictObject({
  fullname: requiredText('Enter your full name', 120),
  email,
  phone,
  location: requiredText('Enter your location', 120),
  accreditation: z.enum(ACCREDITATION_VALUES, {
    error: 'Choose how you qualify as an accredited investor',
  }),
  investment_range: optionalText(100),
  message: optionalText(2000),
  [HONEYPOT_FIELD]: honeypot,
});

export type InvestorApplication = z.infer<typeof investorApplicationSchema>;

export function validateInvestorApplication(input: unknown): Validation<InvestorApplication> {
  return validate(investorApplicationSchema, input);
}
