/**
 * `spartan-platform/banner`: the state banner as the npm package's React component, whose `ref` is its
 * root element (widgets/runtime/forward-root.ts). Also re-exported by the package's main entry.
 */
import { forwardRoot } from '../runtime/forward-root.ts';
import { StateBanner as Component, type StateBannerProps } from './StateBanner.tsx';

export type { StateBannerProps };
export const StateBanner = forwardRoot<StateBannerProps, HTMLDivElement>(Component, 'StateBanner');
