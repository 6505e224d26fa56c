import type { SpartanElement } from '../elements.ts';
import { defineWidget } from '../runtime/define.ts';
import { LoginForm, type LoginFormProps } from './LoginForm.tsx';
import type { AuthUser } from './types.ts';
import { STYLES } from './styles.ts';

/** The `spartan-login` element: its class (undefined without a DOM) and, as a type, its instances. */
export type SpartanLoginElement = SpartanElement<'spartan-login'>;
export const SpartanLoginElement = defineWidget<LoginFormProps, 'spartan-login'>({
  tag: 'spartan-login',
  component: LoginForm,
  attributes: { apiBase: 'string', heading: 'string' },
  events: {
    onLogin: { name: 'spartan-login', detail: (user: AuthUser | null) => ({ user }) },
  },
  styles: STYLES,
});
