/**
 * `spartan-platform/explainers`: the explainer videos as the npm package's React component, whose `ref` is its
 * root element (widgets/runtime/forward-root.ts). Also re-exported by the package's main entry.
 */
import { forwardRoot } from '../runtime/forward-root.ts';
import { Explainers as Component, type ExplainersProps } from './Explainers.tsx';

export type { ExplainersProps };
export const Explainers = forwardRoot<ExplainersProps, HTMLDivElement>(Component, 'Explainers');
