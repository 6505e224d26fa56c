/**
 * Choices and limits of the two application forms (docs/FORMS.md, "Fields";
 * docs/PRODUCT.md, "Content").
 * The form widgets render these; the schemas in `schemas/` and the server
 * validate against the same lists.
 */

/** The job roles of the Spartan application, in their five groups, in order. */
export const JOB_ROLE_GROUPS = [
  {
    label: 'Engineering',
    roles: [
      'Frontend Software Engineer',
      'Backend Software Engineer',
      'DevOps Engineer',
      'Site Reliability Engineer',
      'Mobile Developer (IOS/Android)',
      'Machine Learning Engineer',
      'Data Engineer',
      'Security Engineer',
      'Cloud Engineer',
    ],
  },
  {
    label: 'Finance and Legal',
    roles: ['Financial Analyst', 'Accountant', 'Legal Counsel – Solon 300', 'Compliance Officer'],
  },
  {
    label: 'Product & Design',
    roles: ['Product Manager', 'UI/UX Designer', 'UX Researcher', 'Product Designer'],
  },
  {
    label: 'Sales & Business Development',
    roles: [
      'Sales Development Representative',
      'Sales Engineer',
      'Business Development Manager',
      'Growth Marketer',
      'Product Marketing Manager',
      'Content Marketer',
      'Social Media Manager',
      'Brand Strategist',
      'Marketing Analyst',
    ],
  },
  {
    label: 'Operations & HR',
    roles: ['Human Resources', 'Talent Acquisition Specialist', 'IT Support Specialist'],
  },
] as const;

export type JobRole = (typeof JOB_ROLE_GROUPS)[number]['roles'][number];

/** Every job role, flat, in the order of the groups. */
export const JOB_ROLES: readonly JobRole[] = JOB_ROLE_GROUPS.flatMap((g) => g.roles);

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

/** The accredited-investor criteria (docs/PRODUCT.md, "Content"); `value` is what the API stores. */
export const ACCREDITATION_OPTIONS = [
  {
    value: 'income',
    label:
      'Individual income over $200,000 in each of the last two years, with the same expected this year',
  },
  {
    value: 'joint_income',
    label:
      'Joint income with a spouse or spousal equivalent over $300,000 in each of the last two years, with the same expected this year',
  },
  { value: 'net_worth', label: 'Net worth (individual or joint) over $1.0 million' },
  {
    value: 'insider',
    label: 'Director, executive officer or general partner of the company',
  },
  {
    value: 'license',
    label: 'Holder of a Series 7, Series 82 or Series 65 licence in good standing',
  },
] as const;

export type Accreditation = (typeof ACCREDITATION_OPTIONS)[number]['value'];
export const ACCREDITATION_VALUES = ACCREDITATION_OPTIONS.map((o) => o.value) as [
  Accreditation,
  ...Accreditation[],
];

/** Largest resume accepted: 5 MB. */
export const MAX_RESUME_BYTES = 5 * 1024 * 1024;
/** File name endings accepted for a resume (the server also checks the content). */
export const RESUME_EXTENSIONS = ['.pdf', '.doc', '.docx'] as const;
/** The `accept` attribute of the resume input. */
export const RESUME_ACCEPT = RESUME_EXTENSIONS.join(',');
/** Youngest age at which one may apply. */
export const MIN_APPLICANT_AGE = 18;
/** Honeypot field name: hidden from people, left empty by them, filled by bots. */
export const HONEYPOT_FIELD = 'website';

/**
 * Said under a failed submission's message (docs/FORMS.md, "Failures"): the application did not
 * go through, and the form still holds everything the visitor typed.
 */
export const NOTHING_SENT =
  'Nothing was sent: everything you typed is still here, ready to send again.';

/** Said when the visitor stops a resume's upload under way (Cancel upload, beside its progress). */
export const UPLOAD_CANCELLED = `Upload cancelled. ${NOTHING_SENT}`;
