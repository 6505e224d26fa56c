/**
 * Staff login: username and password (both required), "Logging in..." while
 * the call runs, the error in red. On success the token is kept in this tab's
 * session storage (`authToken`) and `spartan-login` fires with the user.
 *
 * Element: `<spartan-login api-base="https://…">`.
 * @attr api-base - API origin (default: the origin the script came from)
 * @attr heading - the form's heading (default: Staff Login)
 * @event spartan-login - {user} after a successful login
 * @csspart form - the form
 * @csspart field - each field; label, field-error inside it
 * @csspart error - the login error
 * @csspart submit - the Login button
 * @cssprop --spartan-gold - accent colour
 * @cssprop --spartan-maroon - heading colour
 * @cssprop --spartan-error - error colour (default a red with AA contrast)
 * @cssprop --spartan-ink - text colour
 * @cssprop --spartan-paper - background
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Field } from '../internal/form/Field.tsx';
import { lazy } from '../internal/form/lazy.ts';
import { SubmitButton } from '../internal/form/Submit.tsx';
import { useWidgetStyles } from '../runtime/styles.ts';
import tokensCss from '../runtime/tokens.css?inline';
import formCss from '../internal/form/form.css?inline';
import loginCss from './login.css?inline';
import type { AuthUser, LoginCredentials } from './types.ts';
import { loginErrorText } from './messages.ts';

export interface LoginFormProps {
  /** API origin; default: the origin the widget script came from. */
  apiBase?: string;
  /** Called with the user (null if the server sent none) after a successful login. */
  onLogin?: (user: AuthUser | null) => void;
  /** Replaces the built-in server call (the site passes its auth store's login). Rejects with the error to show. */
  authenticate?: (credentials: LoginCredentials) => Promise<{ user: AuthUser | null }>;
  /** Heading above the form. */
  heading?: string;
}

const STYLES = [tokensCss, formCss, loginCss];
const deps = lazy(() => import('./login-api.ts'));

export function LoginForm({
  apiBase,
  onLogin,
  authenticate,
  heading = 'Staff Login',
}: LoginFormProps) {
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, STYLES);
  const uid = useId();
  const headingId = `${uid}-heading`;
  const errorRef = useRef<HTMLParagraphElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (attempt > 0) errorRef.current?.focus();
  }, [attempt]);

  const onSubmit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    setError(null);
    try {
      const api = await deps.get();
      const checked = api.validateLogin({ username, password });
      if (!checked.ok) {
        setFieldErrors(checked.errors);
        setError(Object.values(checked.errors).join('. '));
        setAttempt((n) => n + 1);
        return;
      }
      setFieldErrors({});
      const result = authenticate
        ? await authenticate(checked.value)
        : await api.widgetLogin(apiBase, checked.value);
      setPassword('');
      onLogin?.(result.user);
    } catch (failure) {
      setError(loginErrorText(failure));
      setAttempt((n) => n + 1);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div ref={ref} className="spartan-root spartan-form spartan-login">
      <form
        part="form"
        aria-labelledby={headingId}
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        onFocusCapture={() =>
          void deps.get().then(
            (m) => m.warm(apiBase),
            () => undefined,
          )
        }
        aria-busy={loading}
        className="spartan-login__form"
      >
        <h2 id={headingId} className="spartan-form__title">
          {heading}
        </h2>
        {error && (
          <p
            ref={errorRef}
            className="spartan-login__error"
            part="error"
            role="alert"
            tabIndex={-1}
          >
            {error}
          </p>
        )}
        <Field id={`${uid}-username`} label="Username" required error={fieldErrors.username}>
          {(a11y) => (
            <input
              {...a11y}
              name="username"
              className="spartan-input"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
            />
          )}
        </Field>
        <Field id={`${uid}-password`} label="Password" required error={fieldErrors.password}>
          {(a11y) => (
            <input
              {...a11y}
              name="password"
              type="password"
              className="spartan-input"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
          )}
        </Field>
        <SubmitButton busy={loading} label="Login" busyLabel="Logging in..." />
      </form>
    </div>
  );
}

export default LoginForm;
