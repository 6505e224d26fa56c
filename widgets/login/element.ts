import { defineWidget } from '../runtime/define.ts';
import { LoginForm, type LoginFormProps } from './LoginForm.tsx';
import type { AuthUser } from './types.ts';
import { STYLES } from './styles.ts';

export const SpartanLoginElement = defineWidget<LoginFormProps>({
  tag: 'spartan-login',
  component: LoginForm,
  attributes: { apiBase: 'string', heading: 'string' },
  events: {
    onLogin: { name: 'spartan-login', detail: (user: AuthUser | null) => ({ user }) },
  },
  styles: STYLES,
});
