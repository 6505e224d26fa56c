/**
 * `spartan-platform/hub-map`: the innovation-hubs map as the npm package's React component, whose `ref` is its
 * root element (widgets/runtime/forward-root.ts). Also re-exported by the package's main entry.
 */
import { forwardRoot } from '../runtime/forward-root.ts';
import { HubMap as Component, type HubMapProps } from './HubMap.tsx';

export type { HubMapProps };
export const HubMap = forwardRoot<HubMapProps, HTMLDivElement>(Component, 'HubMap');
