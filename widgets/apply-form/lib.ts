/**
 * `spartan-platform/apply-form`: the Spartan application form as the npm package's React component, whose `ref` is its
 * root element (widgets/runtime/forward-root.ts). Also re-exported by the package's main entry.
 */
import { forwardRoot } from '../runtime/forward-root.ts';
import { ApplyForm as Component, type ApplyFormProps } from './ApplyForm.tsx';

export type { ApplyFormProps };
export const ApplyForm = forwardRoot<ApplyFormProps, HTMLDivElement>(Component, 'ApplyForm');
