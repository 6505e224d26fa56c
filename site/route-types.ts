import type { ComponentType } from 'react';

/** One route of the site. The router and the prerenderer both read the route tables. */
export interface SiteRoute {
  /** preact-router path, e.g. `/founders` or `/staff/:rest*`. */
  path: string;
  /** Document title (the site appends " · The Spartans"). */
  title: string;
  // Route components take router props they may ignore.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  component: ComponentType<any>;
  /** 'main' (header, banner, footer) or 'bare' (e.g. /security-login). Default 'main'. */
  layout?: 'main' | 'bare';
  /** Written to dist/site/<path>/index.html at build time. Default true; false for guarded or parameterised routes. */
  prerender?: boolean;
  /** Meta description. */
  description?: string;
}
