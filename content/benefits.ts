/**
 * The texts of the benefits, join, investor, legal-team and contact pages. Only those pages
 * import it, so it loads with them.
 */
import {
  DIVIDEND_SHARE_PERCENT,
  MEMBERS,
  NATIONAL_DEBT,
  NEW_COMPANIES,
  NEW_COMPANIES_YEARS,
} from './constants.ts';

/** Careers address of the in-house legal team (a placeholder; docs/PRODUCT.md, "Content"). */
export const CAREERS_EMAIL = 'careers@spartans.example';
export interface OverviewSection {
  id: number;
  title: string;
  description: string;
}

export const OVERVIEW_SECTIONS: readonly OverviewSection[] = [
  {
    id: 1,
    title: 'Who We Are',
    description: `A community of ${MEMBERS.toLocaleString('en-US')} Spartans who build, repair and share.`,
  },
  {
    id: 2,
    title: 'What We Build',
    description: `${NEW_COMPANIES.toLocaleString('en-US')} new companies over ${NEW_COMPANIES_YEARS} years, started from our innovation hubs.`,
  },
  {
    id: 3,
    title: 'How You Share',
    description: `${DIVIDEND_SHARE_PERCENT}% of net dividends go to the Private Spartan Wealth Fund, held for the Spartans.`,
  },
  {
    id: 4,
    title: 'Your Benefits',
    description:
      'The Curve Contract, stock plans, access to the fund and the monthly employee lottery.',
  },
  {
    id: 5,
    title: 'How to Apply',
    description:
      'Choose a role, tell us about yourself and attach your resume. We review every application within 5 business days.',
  },
  {
    id: 6,
    title: 'Legal Experts',
    description: 'Solon 300, our in-house legal team, is looking for attorneys.',
  },
];

/** The debt text carried by the benefit tabs other than the lottery. */
export const DEBT_TEXT = `As of ${NATIONAL_DEBT.asOf}, America's national debt stands at ${NATIONAL_DEBT.trillions} trillion dollars, and the interest on it alone reaches ${NATIONAL_DEBT.interestTrillions} trillion dollars. Every Spartan benefit is designed to help the group mirror and reduce that debt, while building wealth for those who do the work.`;

export const LOTTERY_TEXT =
  'A percentage of the Private Spartan Wealth Fund goes to the Spartan Employee Lottery Fund. Every month, one employee is chosen at random and awarded those funds.';

export interface BenefitTab {
  id: string;
  label: string;
  text: string;
  /** Whether the tab lists the partner companies (Stock Plans). */
  listsCompanies?: boolean;
}

export const BENEFIT_TABS: readonly BenefitTab[] = [
  { id: 'curve-contract', label: 'The Curve Contract', text: DEBT_TEXT },
  { id: 'stock-plans', label: 'Stock Plans', text: DEBT_TEXT, listsCompanies: true },
  { id: 'pswf-access', label: 'PSWF Access', text: DEBT_TEXT },
  { id: 'lottery', label: 'The Spartan Employee Lottery', text: LOTTERY_TEXT },
  { id: 'coming-soon-1', label: 'Coming Soon 1', text: DEBT_TEXT },
];

export const LOREM =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.';

export interface InvestorTab {
  id: string;
  label: string;
  /** Placeholder text; only the first tab has any. */
  text: string;
}

export const INVESTOR_BENEFIT_TABS: readonly InvestorTab[] = [1, 2, 3, 4].map((n) => ({
  id: `investor-benefit-${n}`,
  label: `Investor Benefit ${n}`,
  text: n === 1 ? LOREM : '',
}));

export const INVESTOR_COMING_SOON_TABS: readonly InvestorTab[] = [1, 2, 3, 4].map((n) => ({
  id: `coming-soon-${n}`,
  label: `Coming Soon ${n}`,
  text: '',
}));

export interface AccreditationCriterion {
  /** The value the investor application sends as `accreditation`. */
  id: 'income' | 'joint_income' | 'net_worth' | 'insider' | 'license';
  title: string;
  text: string;
}

/** Who counts as an accredited investor (docs/PRODUCT.md, "Content"). */
export const ACCREDITED_INVESTOR_CRITERIA: readonly AccreditationCriterion[] = [
  {
    id: 'income',
    title: 'Individual income',
    text: 'Individual income over $200,000 in each of the last two years, with the same expected this year.',
  },
  {
    id: 'joint_income',
    title: 'Joint income',
    text: 'Joint income with a spouse or spousal equivalent over $300,000 in each of the last two years, with the same expected this year.',
  },
  {
    id: 'net_worth',
    title: 'Net worth',
    text: 'A net worth over $1.0 million, alone or together with a spouse or spousal equivalent.',
  },
  {
    id: 'insider',
    title: 'Company insider',
    text: 'Being a director, executive officer or general partner of the company.',
  },
  {
    id: 'license',
    title: 'Professional licence',
    text: 'Holding a Series 7, Series 82 or Series 65 licence in good standing.',
  },
];

export const SOLON_300 = {
  title: 'Solon 300',
  subtitle: 'Our In-House Legal Team',
  intro:
    'Solon 300 is our team of in-house attorneys. They work on the same terms as all Spartan employees: the same contract, the same stock plans, the same access to the fund.',
  seeking: 'We are looking for legal experts in:',
  fields: [
    'Mergers and Acquisitions (M&A)',
    'Employment law',
    'Human Resources (HR) law',
    'Intellectual Property (IP) law',
    'Privacy law',
    'Social Media law',
  ],
} as const;

export const CONTACT_ITEMS: readonly string[] = [
  'Phone',
  'Email',
  'Address',
  'Social media',
  'Contact form',
];
