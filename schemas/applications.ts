/**
 * The applications as the API answers them (the forms that send them are
 * spartan-application.ts and investor-application.ts): the submit's answer, and the staff's
 * list, detail and delete. The staff's views add the review status (content/review.ts).
 */
import * as z from 'zod/mini';
import { INVESTOR_STATUSES, SPARTAN_STATUSES } from '../content/review.ts';
import type { $ZodType } from 'zod/v4/core';
import { deleted, instant, pageOf, type Answer, type Served } from './responses.ts';
import { assigneeView, duplicate } from './team-desk.ts';

/** The values of a list of statuses, as a tuple zod's enum takes. */
const valuesOf = <T extends ReadonlyArray<{ value: string }>>(list: T) =>
  list.map((s) => s.value) as [T[number]['value'], ...Array<T[number]['value']>];

/** The resume's name, type and size, and where staff download it; null without one. */
export const resume = z.nullable(
  z.object({
    filename: z.string(),
    content_type: z.string(),
    size: z.int(),
    url: z.string(),
  }),
);

/** A Spartan application as stored (what the submit answers). */
export const spartanApplication = z.object({
  id: z.string(),
  created_at: instant,
  job_title: z.string(),
  fullname: z.string(),
  date_of_birth: z.string(),
  location: z.string(),
  gender: z.string(),
  email: z.string(),
  phone: z.string(),
  resume,
  /** The partner page's origin; null for our own site. */
  origin: z.nullable(z.string()),
});

/** An investor application as stored (what the submit answers). */
export const investorApplication = z.object({
  id: z.string(),
  created_at: instant,
  fullname: z.string(),
  email: z.string(),
  phone: z.string(),
  location: z.string(),
  accreditation: z.string(),
  investment_range: z.nullable(z.string()),
  message: z.nullable(z.string()),
  /** The partner page's origin; null for our own site. */
  origin: z.nullable(z.string()),
});

/** As the staff see them: with the review status and whose hands it is in. */
export const spartanApplicationView = z.extend(spartanApplication, {
  status: z.enum(valuesOf(SPARTAN_STATUSES)),
  assignee: assigneeView,
});
export const investorApplicationView = z.extend(investorApplication, {
  status: z.enum(valuesOf(INVESTOR_STATUSES)),
  assignee: assigneeView,
});

/** One application with the others of the same applicant (same email or phone). */
export const applicationDetailOf = <S extends $ZodType>(item: S) =>
  z.object({ data: item, duplicates: z.array(duplicate) });

/** POST /api/spartan_join/apply-spartan/ → 201. */
export const spartanSubmitted = z.object({ application_id: z.string(), data: spartanApplication });
/** POST /api/investors/join_investor/ → 201. */
export const investorSubmitted = z.object({ investor_id: z.string(), data: investorApplication });

export const spartanApplicationPage = pageOf(spartanApplicationView);
export const investorApplicationPage = pageOf(investorApplicationView);
export const spartanApplicationDetail = applicationDetailOf(spartanApplicationView);
export const investorApplicationDetail = applicationDetailOf(investorApplicationView);
export { deleted as applicationDeleted };

export type SpartanApplicationRecord = Answer<typeof spartanApplication>;
export type InvestorApplicationRecord = Answer<typeof investorApplication>;
export type SpartanApplicationView = Answer<typeof spartanApplicationView>;
export type InvestorApplicationView = Answer<typeof investorApplicationView>;
/** Either kind, as the staff's list and detail show it. */
export type ApplicationView = SpartanApplicationView | InvestorApplicationView;
export type ResumeInfo = Answer<typeof resume>;
export type SpartanSubmitted = Answer<typeof spartanSubmitted>;
export type InvestorSubmitted = Answer<typeof investorSubmitted>;
export type SpartanApplicationPage = Answer<typeof spartanApplicationPage>;
export type InvestorApplicationPage = Answer<typeof investorApplicationPage>;
export type ApplicationPage = SpartanApplicationPage | InvestorApplicationPage;
export type SpartanApplicationDetail = Answer<typeof spartanApplicationDetail>;
export type InvestorApplicationDetail = Answer<typeof investorApplicationDetail>;

/** What the server hands the serialiser for one stored application. */
export type ServedSpartanApplication = Served<typeof spartanApplication>;
export type ServedInvestorApplication = Served<typeof investorApplication>;
