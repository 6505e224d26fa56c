/**
 * The site's static content (SPEC section 3): hero slides, mission and clear
 * statements, fund topics, partner companies, founders, overview sections, and
 * the texts of the benefits, investor, white-paper and legal-team pages.
 * Pages read from here; counts are asserted by content/site.test.ts.
 */
import {
  COPYRIGHT_YEAR,
  DIVIDEND_SHARE_PERCENT,
  MEMBERS,
  NATIONAL_DEBT,
  NEW_COMPANIES,
  NEW_COMPANIES_YEARS,
  WHITE_PAPER_PAGES,
} from './constants.ts';

/** Where first-party media is served; change it to move images and clips to another host. */
export const MEDIA_BASE = '/media';
/** Absolute URL of a file under media/ (e.g. `images/hero-1.svg`). */
export const mediaUrl = (file: string): string => `${MEDIA_BASE}/${file}`;

/** Careers address of the in-house legal team (SPEC: `{email}`, a placeholder). */
export const CAREERS_EMAIL = 'careers@spartans.example';
/** Path of the investor application page (added by the application flows). */
export const INVEST_APPLY_PATH = '/invest-apply';

/** Rich text: plain runs and emphasised (gold) runs. */
export type RichText = ReadonlyArray<string | { em: string }>;

export interface HeroSlide {
  id: number;
  title: RichText;
  subtitle: RichText;
  /** File under media/. */
  image: string;
  /** Text alternative; '' when the image is decorative. */
  imageAlt: string;
}

export const HERO_SLIDES: readonly HeroSlide[] = [
  {
    id: 1,
    title: ['Join the ', { em: '300,000' }, ' Spartans'],
    subtitle: [
      'A community of builders set on one goal: to ',
      { em: 'relentlessly innovate and repair everything' },
      '.',
    ],
    image: 'images/hero-1.svg',
    imageAlt: '',
  },
  {
    id: 2,
    title: [{ em: `${NEW_COMPANIES.toLocaleString('en-US')}` }, ' new companies'],
    subtitle: [
      `Over ${NEW_COMPANIES_YEARS} years, the Spartan Network will found and grow `,
      { em: `${NEW_COMPANIES.toLocaleString('en-US')} companies` },
      ', each owned in part by the people who build it.',
    ],
    image: 'images/hero-2.svg',
    imageAlt: '',
  },
  {
    id: 3,
    title: ['The Private Spartan ', { em: 'Wealth Fund' }],
    subtitle: [
      { em: `${DIVIDEND_SHARE_PERCENT}% of net dividends` },
      ' from every network company flow into the PSWF, held for the Spartans.',
    ],
    image: 'images/hero-3.svg',
    imageAlt: '',
  },
  {
    id: 4,
    title: ['Mirror and reduce the ', { em: 'national debt' }],
    subtitle: [
      `America owes ${NATIONAL_DEBT.trillions} trillion dollars and pays `,
      { em: `${NATIONAL_DEBT.interestTrillions} trillion in interest` },
      ` (${NATIONAL_DEBT.asOf}). We intend to help repair it.`,
    ],
    image: 'images/hero-4.svg',
    imageAlt: '',
  },
];

export interface MissionStatement {
  id: number;
  /** File under media/. */
  image: string;
  /** Background colour of the statement's card. */
  bgColor: string;
  title: string;
  /** "Coming Soon"; the fourth is empty. */
  subtitle: string;
}

export const MISSION_STATEMENTS: readonly MissionStatement[] = [1, 2, 3, 4].map((n) => ({
  id: n,
  image: `images/mission-${n}.svg`,
  bgColor: ['#7a1f2b', '#141414', '#5c4708', '#2b2b2b'][n - 1] ?? '#141414',
  title: `Mission Statement ${n}`,
  subtitle: n === 4 ? '' : 'Coming Soon',
}));

export interface FundTopic {
  id: number;
  title: string;
  description: string;
  description2: string;
  /** Clip under media/ (an MP4). */
  video: string;
  /** Still shown before the clip plays: the topic's number and title (the clips are shared). */
  poster: string;
}

export const FUND_TOPICS: readonly FundTopic[] = [
  {
    id: 1,
    title: 'The Fund and Its Purpose',
    description:
      'The Private Spartan Wealth Fund (PSWF) is a private fund held for the Spartans, the members of the Spartan Network.',
    description2:
      'Its purpose is to turn the work of 300,000 members into lasting, shared wealth, and to help mirror and reduce the national debt.',
    video: 'videos/what-is-the-fund.mp4',
    poster: 'images/fund-topic-1.svg',
  },
  {
    id: 2,
    title: 'How the Fund Is Funded',
    description: `${DIVIDEND_SHARE_PERCENT}% of the net dividends of every Spartan Network company go to the PSWF.`,
    description2: `As the network grows toward ${NEW_COMPANIES.toLocaleString('en-US')} companies over ${NEW_COMPANIES_YEARS} years, so does the fund.`,
    video: 'videos/what-is-the-company.mp4',
    poster: 'images/fund-topic-2.svg',
  },
  {
    id: 3,
    title: 'Where the Fund Is Held and Invested',
    description: 'The fund is held in custody accounts in the United States.',
    description2:
      'It is invested for the long term, with the rules of investment set out in the white paper.',
    video: 'videos/investor-benefits.mp4',
    poster: 'images/fund-topic-3.svg',
  },
  {
    id: 4,
    title: 'Distribution of Interest',
    description: 'Interest earned by the fund is distributed to the Spartans.',
    description2:
      'A share of it feeds the Spartan Employee Lottery Fund, awarded each month to one employee chosen at random.',
    video: 'videos/employee-benefits.mp4',
    poster: 'images/fund-topic-4.svg',
  },
  {
    id: 5,
    title: 'Dissolution',
    description: 'The white paper sets out how the fund would be dissolved, should it ever be.',
    description2: 'On dissolution its assets are returned to the Spartans it was held for.',
    video: 'videos/purpose-and-goals.mp4',
    poster: 'images/fund-topic-5.svg',
  },
  {
    id: 6,
    title: 'Pie Chart Breakdowns',
    description: 'Breakdowns of where the fund comes from and where it goes.',
    description2: 'Detailed charts are coming soon.',
    video: 'videos/the-founders.mp4',
    poster: 'images/fund-topic-6.svg',
  },
];

export interface ClearStatement {
  id: number;
  title: string;
  subTitle?: string;
  /** Starts with a bullet. */
  description: string;
}

export const CLEAR_STATEMENTS: readonly ClearStatement[] = [
  {
    id: 1,
    title: 'We Build Companies',
    subTitle: 'Thirty thousand of them',
    description: `• The Spartan Network will found ${NEW_COMPANIES.toLocaleString('en-US')} new companies over ${NEW_COMPANIES_YEARS} years.`,
  },
  {
    id: 2,
    title: 'We Share the Rewards',
    subTitle: 'Half of net dividends',
    description: `• ${DIVIDEND_SHARE_PERCENT}% of the net dividends of each network company go to the Private Spartan Wealth Fund.`,
  },
  {
    id: 3,
    title: 'We Are 300,000 Strong',
    description: `• ${MEMBERS.toLocaleString('en-US')} members, each a Spartan, each on the same terms.`,
  },
  {
    id: 4,
    title: 'We Repair What Is Broken',
    subTitle: 'Relentlessly',
    description: '• We innovate where it is needed and repair everything we touch.',
  },
  {
    id: 5,
    title: 'We Face the National Debt',
    subTitle: `As of ${NATIONAL_DEBT.asOf}`,
    description: `• The national debt is ${NATIONAL_DEBT.trillions} trillion dollars, with ${NATIONAL_DEBT.interestTrillions} trillion in interest. We intend to help mirror and reduce it.`,
  },
  {
    id: 6,
    title: 'We Reward Our Employees',
    description:
      '• Every month, one employee is chosen at random and awarded the Spartan Employee Lottery Fund.',
  },
  {
    id: 7,
    title: 'We Keep Our Own Counsel',
    subTitle: 'Solon 300',
    description: '• Our in-house legal team works on the same terms as every other employee.',
  },
  {
    id: 8,
    title: 'We Invest With the Accredited',
    description:
      '• Investment in the Spartan Network is open to accredited investors only, as the law requires.',
  },
];

export interface PartnerCompany {
  /** Short initials shown in the golden badge. */
  logo: string;
  companyNumber: number;
  projectName: string;
}

export const PARTNER_COMPANIES: readonly PartnerCompany[] = [
  { logo: 'PX', companyNumber: 1, projectName: 'Project Phalanx' },
  { logo: 'AG', companyNumber: 2, projectName: 'Project Agoge' },
  { logo: 'CS', companyNumber: 3, projectName: 'Coming Soon' },
  { logo: 'CS', companyNumber: 4, projectName: 'Coming Soon' },
];
/** How many partner tiles the home page shows before "See more". */
export const HOME_PARTNER_TILES = 3;

/** Only company number 1 is live; the others are in development. */
export const isLiveCompany = (company: PartnerCompany): boolean => company.companyNumber === 1;

export interface Founder {
  id: number;
  name: string;
  founder_title: string;
  /** "CEO" for the first founder, empty otherwise. */
  founder_title2: string;
  /** Portrait under media/. */
  profile_url: string;
  notes: string;
}

export const FOUNDERS: readonly Founder[] = [
  {
    id: 1,
    name: 'Leon Aristides',
    founder_title: 'Founder',
    founder_title2: 'CEO',
    profile_url: 'images/founder-1.svg',
    notes:
      'Leon started the Spartans with a simple idea: the people who build companies should own the wealth they create. He leads the network and wrote the open letter and the white paper.',
  },
  {
    id: 2,
    name: 'Helena Markos',
    founder_title: 'Co-Founder',
    founder_title2: '',
    profile_url: 'images/founder-2.svg',
    notes:
      'Helena shaped the Private Spartan Wealth Fund and its rules for funding, holding and distribution. Notes on her work are coming soon.',
  },
  {
    id: 3,
    name: 'Damon Castellan',
    founder_title: 'Co-Founder',
    founder_title2: '',
    profile_url: 'images/founder-3.svg',
    notes:
      'Damon built the innovation hubs and the first companies of the network. Notes on his work are coming soon.',
  },
];

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

/** SPEC section 9: who counts as an accredited investor. */
export const ACCREDITED_INVESTOR_CRITERIA: readonly AccreditationCriterion[] = [
  {
    id: 'income',
    title: 'Individual income',
    text: 'Earned income over $200,000 in each of the last two years, with the same expected this year.',
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

export interface WhitePaperChapter {
  /** 1-based chapter number, also its page. */
  number: number;
  title: string;
  /** The chapter's text: placeholder paragraphs until the paper itself is published. */
  paragraphs: readonly string[];
}

const members = MEMBERS.toLocaleString('en-US');
const companies = NEW_COMPANIES.toLocaleString('en-US');

/** The white paper's excerpt about the wealth fund (its third chapter). */
export const WHITE_PAPER_EXCERPT: readonly string[] = [
  `The Private Spartan Wealth Fund exists so that the wealth created by the Spartan Network stays with the people who create it. ${DIVIDEND_SHARE_PERCENT}% of the net dividends of each network company flow into the fund.`,
  `Over ${NEW_COMPANIES_YEARS} years, the network intends to found ${companies} companies. Each one adds to the fund; none can take from it. The fund is held for the ${members} Spartans and invested for the long term.`,
  `Its interest is distributed to the Spartans, and a share of it funds the monthly Spartan Employee Lottery. The rest of this paper, ${WHITE_PAPER_PAGES} pages in all, sets out how.`,
];

export const WHITE_PAPER_CHAPTERS: readonly WhitePaperChapter[] = [
  {
    title: 'Introduction',
    paragraphs: [
      'This paper describes the Spartans: what the network is for, how its companies are founded, and how the wealth they create is held for the people who build them.',
      'It is written for Spartans, for those thinking of joining, and for investors. Each chapter stands on its own; read them in any order.',
    ],
  },
  {
    title: 'The Spartan Network',
    paragraphs: [
      `The network is a community of ${members} members who found, fund and build companies together, from the hubs in Palo Alto, Boston, Washington DC, Austin and, soon, Denver.`,
      'Every company of the network signs the same terms: the same contract for its employees, the same stock plans, and the same share of its dividends for the fund.',
    ],
  },
  { title: 'The Private Spartan Wealth Fund', paragraphs: WHITE_PAPER_EXCERPT },
  {
    title: 'How the Fund Is Funded',
    paragraphs: [
      `${DIVIDEND_SHARE_PERCENT}% of the net dividends of every network company go to the fund, paid as the company pays its shareholders.`,
      `No company can draw on the fund, and none is exempt: the fund grows with every one of the ${companies} companies the network means to found over ${NEW_COMPANIES_YEARS} years.`,
    ],
  },
  {
    title: 'Holding and Investment',
    paragraphs: [
      'The fund is held in custody accounts in the United States, apart from the companies whose dividends feed it.',
      'It is invested for the long term under written rules: what it may hold, how much of any one thing, and who answers for each decision. The rules are published to every Spartan.',
    ],
  },
  {
    title: 'Distribution of Interest',
    paragraphs: [
      'The fund keeps its capital and distributes its interest. Each year the interest earned is shared among the Spartans on terms every member can read.',
      'A fixed share of the interest goes first to the Spartan Employee Lottery Fund; the next chapter describes it.',
    ],
  },
  {
    title: 'The Spartan Employee Lottery',
    paragraphs: [
      'Every month one Spartan employee, chosen at random, is awarded the Spartan Employee Lottery Fund.',
      'The draw is open to every employee of every network company, and its results are published to all Spartans.',
    ],
  },
  {
    title: 'Dissolution',
    paragraphs: [
      'Should the fund ever be dissolved, its assets return to the Spartans it was held for, in proportion to their part in it.',
      'Dissolution needs the consent of the Spartans themselves; no company and no founder can decide it alone.',
    ],
  },
  {
    title: 'Investors',
    paragraphs: [
      'Accredited investors may invest in the companies of the network on the terms set out on the investor pages.',
      'Their returns come from the companies they back; the fund itself stays with the Spartans.',
    ],
  },
  {
    title: 'Conclusion',
    paragraphs: [
      `The Spartans are a wager that ${members} people who relentlessly innovate and repair everything can build lasting, shared wealth, and help mirror and reduce the national debt.`,
      'The rest is work. Join us.',
    ],
  },
].map((chapter, i) => ({ number: i + 1, ...chapter }));

export const OPEN_LETTER: { greeting: string; paragraphs: readonly string[]; signature: string } = {
  greeting: 'To every Spartan, present and future,',
  paragraphs: [
    `We started with a question: why should the people who build a company see so little of what it becomes? The Spartans are our answer: ${MEMBERS.toLocaleString('en-US')} members who build together and share what they build.`,
    `Every company of the Spartan Network sends ${DIVIDEND_SHARE_PERCENT}% of its net dividends to the Private Spartan Wealth Fund. Over ${NEW_COMPANIES_YEARS} years we mean to found ${NEW_COMPANIES.toLocaleString('en-US')} of them.`,
    `Our country owes ${NATIONAL_DEBT.trillions} trillion dollars and pays ${NATIONAL_DEBT.interestTrillions} trillion in interest (${NATIONAL_DEBT.asOf}). We believe a community that relentlessly innovates and repairs everything can help mirror and reduce it.`,
  ],
  signature: 'Leon Aristides, Founder and CEO',
};

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

export const SOCIAL_NETWORKS = ['Facebook', 'Instagram', 'Twitter', 'Snapchat'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const COPYRIGHT = `© ${COPYRIGHT_YEAR} The Spartans. All rights reserved.`;
