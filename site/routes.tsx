/**
 * The route table: the site's public pages, the application pages, then the staff login
 * and the staff area. The router and the prerenderer read it.
 */
import { exec } from 'preact-router';
import { lazyPage } from './lazy.tsx';
import type { SiteRoute } from './route-types.ts';
import { SITE_NAME } from './navigation.ts';

const home = lazyPage(() => import('./pages/home.tsx'), 'HomePage');
const explainers = lazyPage(() => import('./pages/explainers.tsx'), 'ExplainersPage');
const hubs = lazyPage(() => import('./pages/innovation-hubs.tsx'), 'InnovationHubsPage');
const founders = lazyPage(() => import('./pages/founders.tsx'), 'FoundersPage');
const benefits = (name: 'BenefitsPage' | 'JoinPage') =>
  lazyPage(() => import('./pages/benefits.tsx'), name);
const employee = (
  name:
    | 'EmployeeLoginPage'
    | 'ForgotPasswordPage'
    | 'ForgotSpartanIdPage'
    | 'OneTimePassPage'
    | 'ResetPasswordPage',
) => lazyPage(() => import('./pages/employee.tsx'), name);
const investors = (name: 'InvestorsPage' | 'AccreditedInvestorPage' | 'InvestorBenefitsPage') =>
  lazyPage(() => import('./pages/investors.tsx'), name);
const info = (
  name:
    | 'Solon300Page'
    | 'ContactPage'
    | 'PhilosophyPage'
    | 'PurposePage'
    | 'FaqPage'
    | 'InvestmentModelPage'
    | 'ComingSoonPage',
) => lazyPage(() => import('./pages/info.tsx'), name);
const statements = (name: 'MissionPage' | 'ClearPage' | 'WealthFundPage') =>
  lazyPage(() => import('./pages/statements.tsx'), name);
const embed = lazyPage(() => import('./pages/embed.tsx'), 'EmbedPage');
const paper = (name: 'WhitePaperPage' | 'OpenLetterPage') =>
  lazyPage(() => import('./pages/white-paper.tsx'), name);
const apply = (name: 'ApplyPage' | 'ApplySuccessPage') =>
  lazyPage(() => import('./pages/apply.tsx'), name);
const invest = (name: 'InvestApplyPage' | 'InvestSuccessPage') =>
  lazyPage(() => import('./pages/invest.tsx'), name);
const login = lazyPage(() => import('./auth/login.tsx'), 'LoginPage');
const setup = lazyPage(() => import('./auth/setup.tsx'), 'SetupPage');
const staff = lazyPage(() => import('./staff/StaffPage.tsx'), 'StaffPage');

/** Every route the router knows, in order. */
export const allRoutes: readonly SiteRoute[] = [
  {
    path: '/',
    title: SITE_NAME,
    component: home,
    description:
      'The Spartans: 300,000 members relentlessly innovating and repairing everything, and the Private Spartan Wealth Fund.',
  },
  {
    path: '/explainers',
    title: 'Explainer Videos',
    component: explainers,
    description:
      'Short videos on the Spartans, the wealth fund, the founders, employees and investors.',
  },
  {
    path: '/innovation-hubs',
    title: 'Our Innovation Hubs',
    component: hubs,
    description:
      'The Spartan headquarters in Palo Alto and the sub-headquarters across the United States.',
  },
  {
    path: '/founders',
    title: 'The Founders',
    component: founders,
    description: 'The three founders of the Spartans.',
  },
  {
    path: '/spartan-emp-benefits',
    title: 'Spartan Employee Benefits',
    component: benefits('BenefitsPage'),
    description: 'The Curve Contract, stock plans, PSWF access and the Spartan Employee Lottery.',
  },
  {
    path: '/join-spartan',
    title: 'Join the Spartans',
    component: benefits('JoinPage'),
    description: 'Become one of the 300,000 Spartans: roles, benefits and how to apply.',
  },
  { path: '/employee-login', title: 'Employee Login', component: employee('EmployeeLoginPage') },
  {
    path: '/employee-forgot-pass',
    title: 'Forgot Password',
    component: employee('ForgotPasswordPage'),
  },
  {
    path: '/employee-forgot-spartan-id',
    title: 'Forgot Spartan Number',
    component: employee('ForgotSpartanIdPage'),
  },
  {
    path: '/employee-one-time-pass',
    title: 'One-Time Passcode',
    component: employee('OneTimePassPage'),
  },
  {
    path: '/employee-reset-pass',
    title: 'Reset Password',
    component: employee('ResetPasswordPage'),
  },
  {
    path: '/investors',
    title: 'Invest',
    component: investors('InvestorsPage'),
    description: 'Invest in the Spartan Network: open to accredited investors only.',
  },
  {
    path: '/accredited-investor',
    title: 'Accredited Investors',
    component: investors('AccreditedInvestorPage'),
    description: 'Who counts as an accredited investor.',
  },
  {
    path: '/investor-benefits',
    title: 'Investor Benefits',
    component: investors('InvestorBenefitsPage'),
  },
  {
    path: '/investment-model',
    title: 'Investment Model',
    component: info('InvestmentModelPage'),
  },
  {
    path: '/solon300',
    title: 'Solon 300',
    component: info('Solon300Page'),
    description: 'Solon 300, our in-house legal team, is looking for legal experts.',
  },
  { path: '/our-philosophy', title: 'Our Philosophy', component: info('PhilosophyPage') },
  { path: '/our-purpose', title: 'Our Purpose', component: info('PurposePage') },
  { path: '/faq', title: 'FAQs', component: info('FaqPage') },
  { path: '/contact-us', title: 'Contact Us', component: info('ContactPage') },
  { path: '/coming-soon', title: 'Coming Soon', component: info('ComingSoonPage') },
  {
    path: '/spartan-wealth-fund',
    title: 'The Private Spartan Wealth Fund',
    component: statements('WealthFundPage'),
    description: 'How the Private Spartan Wealth Fund is funded, held, invested and distributed.',
  },
  {
    path: '/mission-statement',
    title: 'Mission Statements',
    component: statements('MissionPage'),
  },
  {
    path: '/clear-statement',
    title: 'Clear Statements',
    component: statements('ClearPage'),
    description: 'Eight clear statements of what the Spartans stand for.',
  },
  {
    path: '/white-paper',
    title: 'The White Paper',
    component: paper('WhitePaperPage'),
    description: 'The Spartan white paper: the network and its wealth fund, in ten pages.',
  },
  {
    path: '/open-letter',
    title: 'Open Letter From Our CEO',
    component: paper('OpenLetterPage'),
    description: 'An open letter from the founder and CEO of the Spartans.',
  },
  {
    path: '/embed',
    title: 'Embed Our Widgets',
    component: embed,
    description: 'Put the Spartans widgets on your own site or in your React app.',
  },
  {
    path: '/apply-spartan',
    title: 'Apply to Become a Spartan',
    component: apply('ApplyPage'),
    description: 'Ready to Become a Spartan? Join the 300,000 Spartans today: apply online.',
  },
  {
    path: '/apply-spartan-success',
    title: 'Application Received',
    component: apply('ApplySuccessPage'),
    description: 'Your Spartan application is being processed.',
  },
  {
    path: '/invest-apply',
    title: 'Apply to Invest',
    component: invest('InvestApplyPage'),
    description: 'Apply to invest in the Private Spartan Wealth Fund (accredited investors only).',
  },
  {
    path: '/success-invest',
    title: 'Thank You for Your Interest',
    component: invest('InvestSuccessPage'),
    description: 'Our team will reach out to you shortly.',
  },
  {
    path: '/security-login',
    title: 'Staff Login',
    component: login,
    layout: 'bare',
    description: 'Staff login.',
  },
  {
    // A one-time setup link's page (its token in the fragment); no layout, like the login.
    path: '/security-setup',
    title: 'Set Up Your Staff Account',
    component: setup,
    layout: 'bare',
  },
  {
    // Guarded: not prerendered; the site writes an empty shell at /staff, so a direct load
    // is a 200. Its views are in the query string (see staff/urls.ts).
    path: '/staff',
    title: 'Staff Area',
    component: staff,
    // Its own compact shell comes with its chunk (staff/StaffLayout.tsx), not the site's layout.
    layout: 'bare',
    prerender: false,
  },
];

/** The page for any unknown path (written to dist/site/404.html). */
export const notFoundRoute: SiteRoute = {
  path: '/404',
  title: 'Page Not Found',
  component: lazyPage(() => import('./pages/not-found.tsx'), 'NotFoundPage'),
  prerender: false,
};

/** Routes written to dist/site/<path>/index.html (no parameters, not opted out). */
export const prerenderedRoutes = (): SiteRoute[] =>
  allRoutes.filter((r) => r.prerender !== false && !r.path.includes(':'));

/** The route a URL shows (the not-found route when none matches). */
export function matchRoute(url: string): SiteRoute {
  const path = url.split(/[?#]/)[0] ?? '/';
  return allRoutes.find((r) => exec(path, r.path, {}) !== false) ?? notFoundRoute;
}
