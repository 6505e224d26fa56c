/**
 * Routes of the application, login and staff flows (issue 6): the site's router
 * and prerenderer append these to the site's own table.
 */
import { lazyPage } from '../lazy.tsx';
import type { SiteRoute } from '../route-types.ts';

const apply = (name: 'ApplyPage' | 'ApplySuccessPage') =>
  lazyPage(() => import('./pages/apply.tsx'), name);
const invest = (name: 'InvestApplyPage' | 'InvestSuccessPage') =>
  lazyPage(() => import('./pages/invest.tsx'), name);
const login = lazyPage(() => import('./pages/login.tsx'), 'LoginPage');
const setup = lazyPage(() => import('./pages/setup.tsx'), 'SetupPage');
const staff = lazyPage(() => import('./pages/staff.tsx'), 'StaffPage');

export const flowRoutes: SiteRoute[] = [
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
    // is a 200. Its views are in the query string (see staff/ApplicationList.tsx).
    path: '/staff',
    title: 'Staff Area',
    component: staff,
    prerender: false,
  },
];
