/**
 * The site's content shared by every page or shown on the home page: media URLs, the hero
 * slides, the partner companies and the footer's texts. Page-only content lives beside it
 * (statements.ts, white-paper.ts, founders.ts, benefits.ts), so that it loads with its page
 * rather than with the first load. Counts are asserted by content/site.test.ts.
 */
import {
  COPYRIGHT_YEAR,
  DIVIDEND_SHARE_PERCENT,
  NATIONAL_DEBT,
  NEW_COMPANIES,
  NEW_COMPANIES_YEARS,
} from './constants.ts';

/** Where first-party media is served; change it to move images and clips to another host. */
export const MEDIA_BASE = '/media';

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

export const SOCIAL_NETWORKS = ['Facebook', 'Instagram', 'Twitter', 'Snapchat'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const COPYRIGHT = `© ${COPYRIGHT_YEAR} The Spartans. All rights reserved.`;
