/**
 * Routes of the application, login and staff flows (issue 6): the site's router
 * and prerenderer append these to the site's own table.
 */
import type { SiteRoute } from '../route-types.ts';

export const flowRoutes: SiteRoute[] = [];
