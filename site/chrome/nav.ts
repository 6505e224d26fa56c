/** The site's navigation: one source for the header, the mobile menu and the footer. */

export interface NavLink {
  label: string;
  href: string;
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

/** Top-level links of the desktop header. */
export const HEADER_LINKS: readonly NavLink[] = [
  { label: 'Explainers', href: '/explainers' },
  { label: 'Join', href: '/join-spartan' },
  { label: 'Invest', href: '/investors' },
  { label: 'The Private Spartan Wealth Fund', href: '/spartan-wealth-fund' },
];

/** Links of the mobile menu, after its two groups. */
export const MOBILE_LINKS: readonly NavLink[] = [
  { label: 'Join', href: '/join-spartan' },
  { label: 'Invest', href: '/investors' },
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

/** Whether `href` is the current page or a parent of it. */
export function isCurrent(href: string, url: string): boolean {
  const path = url.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  return href === '/' ? path === '/' : path === href || path.startsWith(`${href}/`);
}
