/**
 * `spartan-platform/counter`: the wealth-fund counter as the npm package's React component, whose `ref` is its
 * root element (widgets/runtime/forward-root.ts). Also re-exported by the package's main entry.
 */
import { forwardRoot } from '../runtime/forward-root.ts';
import { WealthCounter as Component, type WealthCounterProps } from './WealthCounter.tsx';

export type { WealthCounterProps };
export const WealthCounter = forwardRoot<WealthCounterProps, HTMLDivElement>(
  Component,
  'WealthCounter',
);
