/**
 * `spartan-platform/login`: the staff login as the npm package's React component, whose `ref` is its
 * root element (widgets/runtime/forward-root.ts). Also re-exported by the package's main entry.
 */
import { forwardRoot } from '../runtime/forward-root.ts';
import { LoginForm as Component, type LoginFormProps } from './LoginForm.tsx';

export type { LoginFormProps };
export const LoginForm = forwardRoot<LoginFormProps, HTMLDivElement>(Component, 'LoginForm');
