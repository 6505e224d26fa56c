/** The site's navigation: one source for the header, the mobile menu and the footer. */

export interface NavLink {
  label: string;
  href: string;
  /** Other pages that belong to this link's part of the site: it is marked on them too. */
  section?: readonly string[];
}

export interface NavGroup {
  id: string;
  label: string;
  links: readonly NavLink[];
}

export const OPEN_LETTER_LINK: NavLink = {
  label: 'Open Letter From Our CEO',
  href: '/open-letter',
};

export const ABOUT_GROUP: NavGroup = {
  id: 'about',
  label: 'About',
  links: [
    { label: 'Our Purpose', href: '/our-purpose' },
    { label: 'Our Philosophy', href: '/our-philosophy' },
    { label: 'Our Innovation Hubs', href: '/innovation-hubs' },
    { label: 'The Founders', href: '/founders' },
  ],
};

export const STATEMENTS_GROUP: NavGroup = {
  id: 'statements',
  label: 'Our Statements',
  links: [
    { label: 'Mission Statements', href: '/mission-statement' },
    { label: 'Clear Statements', href: '/clear-statement' },
    { label: 'Open Letter', href: '/open-letter' },
    { label: 'The White Paper', href: '/white-paper' },
  ],
};

export const NAV_GROUPS: readonly NavGroup[] = [ABOUT_GROUP, STATEMENTS_GROUP];

const JOIN_SECTION = ['/apply-spartan', '/apply-spartan-success', '/spartan-emp-benefits'];
const INVEST_SECTION = [
  '/invest-apply',
  '/success-invest',
  '/accredited-investor',
  '/investor-benefits',
  '/investment-model',
];

/** Top-level links of the desktop header. */
export const HEADER_LINKS: readonly NavLink[] = [
  { label: 'Explainers', href: '/explainers' },
  { label: 'Join', href: '/join-spartan', section: JOIN_SECTION },
  { label: 'Invest', href: '/investors', section: INVEST_SECTION },
  { label: 'The Private Spartan Wealth Fund', href: '/spartan-wealth-fund' },
];

/** Links of the mobile menu, after its two groups. */
export const MOBILE_LINKS: readonly NavLink[] = [
  { label: 'Join', href: '/join-spartan', section: JOIN_SECTION },
  { label: 'Invest', href: '/investors', section: INVEST_SECTION },
  { label: 'Explainers', href: '/explainers' },
  { label: 'The Private Spartan Wealth Fund', href: '/spartan-wealth-fund' },
  { label: 'Coming Soon', href: '/coming-soon' },
];

export const FOOTER_COMPANY_LINKS: readonly NavLink[] = [
  { label: 'Our Purpose', href: '/our-purpose' },
  { label: 'Contact Us', href: '/contact-us' },
  { label: 'Careers', href: '/join-spartan' },
  { label: 'FAQs', href: '/faq' },
  { label: 'Embed Our Widgets', href: '/embed' },
];

/** Legal items without a destination yet: they open a Coming Soon note. */
export const FOOTER_LEGAL_ITEMS: readonly string[] = [
  'Terms of Use',
  'Privacy Policy',
  'Cookies Policy',
];

/**
 * How a link is current: 'page' on its own page (or a page under it), 'true' on another page of
 * its section (aria-current's "the current item of a set"), else undefined.
 */
export function currentness(link: NavLink, url: string): 'page' | 'true' | undefined {
  if (isCurrent(link.href, url)) return 'page';
  return link.section?.some((href) => isCurrent(href, url)) ? 'true' : undefined;
}

/** Whether `href` is the current page or a parent of it. */
export function isCurrent(href: string, url: string): boolean {
  const path = url.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  return href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
}
