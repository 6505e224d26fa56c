/**
 * The white paper's and the open letter's texts. Only those pages import it, so it loads with
 * them.
 */
import {
  DIVIDEND_SHARE_PERCENT,
  MEMBERS,
  NATIONAL_DEBT,
  NEW_COMPANIES,
  NEW_COMPANIES_YEARS,
  WHITE_PAPER_PAGES,
} from './constants.ts';

export interface WhitePaperChapter {
  /** 1-based chapter number, also its page. */
  number: number;
  title: string;
  /** The chapter's text: placeholder paragraphs until the paper itself is published. */
  paragraphs: readonly string[];
}

const members = MEMBERS.toLocaleString('en-US');
const companies = NEW_COMPANIES.toLocaleString('en-US');

/**
 * The white paper's excerpt about the wealth fund: its first chapter, so the page opens on it at
 * Page 1 / 10 (docs/PRODUCT.md, "Pages").
 */
export const WHITE_PAPER_EXCERPT: readonly string[] = [
  `The Private Spartan Wealth Fund exists so that the wealth created by the Spartan Network stays with the people who create it. ${DIVIDEND_SHARE_PERCENT}% of the net dividends of each network company flow into the fund.`,
  `Over ${NEW_COMPANIES_YEARS} years, the network intends to found ${companies} companies. Each one adds to the fund; none can take from it. The fund is held for the ${members} Spartans and invested for the long term.`,
  `Its interest is distributed to the Spartans, and a share of it funds the monthly Spartan Employee Lottery. The rest of this paper, ${WHITE_PAPER_PAGES} pages in all, sets out how.`,
];

export const WHITE_PAPER_CHAPTERS: readonly WhitePaperChapter[] = [
  { title: 'The Private Spartan Wealth Fund', paragraphs: WHITE_PAPER_EXCERPT },
  {
    title: 'The Spartan Network',
    paragraphs: [
      `The network is a community of ${members} members who found, fund and build companies together, from the hubs in Palo Alto, Boston, Washington DC, Austin and, soon, Denver.`,
      'Every company of the network signs the same terms: the same contract for its employees, the same stock plans, and the same share of its dividends for the fund.',
    ],
  },
  {
    title: 'About This Paper',
    paragraphs: [
      'This paper describes the Spartans: what the network is for, how its companies are founded, and how the wealth they create is held for the people who build them.',
      'It is written for Spartans, for those thinking of joining, and for investors. Each chapter stands on its own; read them in any order.',
    ],
  },
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
