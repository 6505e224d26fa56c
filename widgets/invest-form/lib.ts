/**
 * `spartan-platform/invest-form`: the investor application form as the npm package's React component, whose `ref` is its
 * root element (widgets/runtime/forward-root.ts). Also re-exported by the package's main entry.
 */
import { forwardRoot } from '../runtime/forward-root.ts';
import { InvestForm as Component, type InvestFormProps } from './InvestForm.tsx';

export type { InvestFormProps };
export const InvestForm = forwardRoot<InvestFormProps, HTMLDivElement>(Component, 'InvestForm');
