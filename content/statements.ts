/**
 * The statement pages' content: the four mission statements, the six fund topics and the
 * eight clear statements. Only those pages import it, so it loads with them.
 */
import {
  DIVIDEND_SHARE_PERCENT,
  MEMBERS,
  NATIONAL_DEBT,
  NEW_COMPANIES,
  NEW_COMPANIES_YEARS,
} from './constants.ts';

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
    // The fund's own clip (its frames letter THE FUND): no clip of charts exists yet, and
    // scripts/make-media.sh needs ffmpeg to make one.
    video: 'videos/what-is-the-fund.mp4',
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
