/**
 * Staff login: username and password (both required), "Logging in..." while
 * the call runs, the error in red. When the server asks for more, the same form
 * takes the next step in place: the authenticator code (or a recovery code), a
 * first two-factor set-up (QR code and key, then the recovery codes, shown once),
 * or a new password. On success the token is kept in this tab's session storage
 * (`authToken`), `spartan-login` fires with the user, and the form gives way to "Logged in", the
 * name it was for and a Log out button (the site, which makes its own calls, goes on to the staff
 * area instead). After a reload, a session the tab keeps and the server still knows is shown the
 * same way, and `spartan-login` fires again.
 *
 * Element: `<spartan-login api-base="https://…">`.
 * @attr api-base - API origin (default: the origin the script came from)
 * @attr heading - the form's heading (default, and when empty: Staff Login)
 * @event spartan-login - {user} after a successful login, and on load when the tab's session is still open
 * @csspart form - the form
 * @csspart field - each field
 * @csspart label - a field's label
 * @csspart field-error - a field's error message
 * @csspart error - the login error
 * @csspart submit - the Login button
 * @csspart logout - the Log out button, once logged in
 * @cssprop --spartan-gold - accent colour
 * @cssprop --spartan-maroon - heading colour
 * @cssprop --spartan-error - error colour (default a red with AA contrast)
 * @cssprop --spartan-ink - text colour
 * @cssprop --spartan-paper - background
 * @cssprop --spartan-form-background - the form's background (default: --spartan-paper)
 */
import { useEffect, useId, useRef, useState } from 'react';
import { STORAGE_KEYS } from '../../content/auth.ts';
import { Field } from '../internal/form/Field.tsx';
import { lazy } from '../internal/form/lazy.ts';
import { usePrefilled } from '../internal/form/prefilled.ts';
import { SubmitButton } from '../internal/form/Submit.tsx';
import { activeIn } from '../runtime/focus.ts';
import { useWidgetStyles } from '../runtime/styles.ts';
import { STYLES } from './styles.ts';
import type { AuthUser, LoginOutcome, LoginRequest, LoginStep } from './types.ts';
import { loginErrorText } from './messages.ts';
import { LoginStepFields, RecoveryCodes, STEP_TEXT } from './LoginSteps.tsx';
import { LIBRARY, ServerNotice, notConnected, useServer } from '#spartan-server';
import { useRoot, type RootProps, type RootRefProp } from '../runtime/root-props.ts';

export interface LoginFormProps extends RootProps {
  /** API origin; default: the SpartanProvider's (the element: the origin its script came from). */
  apiBase?: string;
  /** Called with the user (null if the server sent none) after a successful login. */
  onLogin?: (user: AuthUser | null) => void;
  /**
   * Replaces the built-in server call (the site passes its auth store's login), for every step.
   * Resolves with the user or the next step; rejects with the error to show.
   */
  authenticate?: (request: LoginRequest) => Promise<LoginOutcome>;
  /** Heading above the form (default, and when empty: Staff Login). */
  heading?: string;
  /** A step to start from (the site's setup-link page starts at the new password). */
  initialStep?: LoginStep;
}

const deps = /* @__PURE__ */ lazy(() => import('./login-api.ts'));

/** Whether this tab keeps a staff session (read without loading the login's code). */
function hasSessionToken(): boolean {
  try {
    return Boolean(sessionStorage.getItem(STORAGE_KEYS.authToken));
  } catch {
    return false; // Storage refused (a sandboxed frame): nothing kept.
  }
}

export function LoginForm(props: LoginFormProps & RootRefProp<HTMLDivElement>) {
  const { apiBase: apiBaseProp, onLogin, authenticate, heading, initialStep } = props;
  // An empty heading would leave the form named by nothing.
  const title = heading?.trim() || 'Staff Login';
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, STYLES);
  const root = useRoot(ref, 'spartan-root spartan-form spartan-login', props);
  // LIBRARY is a constant of each build: this hook runs on every render or on none.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const apiBase = LIBRARY ? useServer('LoginForm', apiBaseProp, !authenticate) : apiBaseProp;
  // With `authenticate` the caller makes the calls: no server needed.
  const missing = LIBRARY && !authenticate && apiBase === undefined;
  const uid = useId();
  const headingId = `${uid}-heading`;
  const errorRef = useRef<HTMLDivElement>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // One message, or one a line (both fields empty).
  const [error, setError] = useState<string | readonly string[] | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loading, setLoading] = useState(false);
  const [step, setStep] = useState<LoginStep | null>(initialStep ?? null);
  const [answer, setAnswer] = useState('');
  const [codes, setCodes] = useState<{ list: string[]; user: AuthUser | null } | null>(null);
  /**
   * Logged in by the form's own calls: who, for the confirmation that replaces the form.
   * `resumed`: found on load (the tab's session, still open), not logged in just now.
   */
  const [done, setDone] = useState<{
    user: AuthUser | null;
    resumed?: boolean;
    /** Found while the visitor was in the form, which it replaced: its heading takes focus. */
    wasInForm?: boolean;
  } | null>(null);
  /** Logged out from the confirmation: focus goes back to the form's heading. */
  const [loggedOut, setLoggedOut] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Typed into server-rendered markup before the code came: the form's own from now on.
  usePrefilled(ref, (field) => {
    if (field.name === 'username') setUsername(field.value);
    else if (field.name === 'password') setPassword(field.value);
  });

  useEffect(() => {
    if (attempt > 0) errorRef.current?.focus();
  }, [attempt]);
  // Each new step (the recovery codes, the confirmation) is announced by moving focus to its
  // heading; a session found on load takes focus only from a visitor already in the form.
  useEffect(() => {
    if (step || codes || (done && (!done.resumed || done.wasInForm)) || loggedOut) {
      headingRef.current?.focus();
    }
  }, [step, codes, done, loggedOut]);
  // A reload keeps this tab's session: the form says who is logged in, as after the login.
  useEffect(() => {
    if (authenticate || initialStep || missing) return;
    let stopped = false;
    if (!hasSessionToken()) return;
    void deps.get().then(async (api) => {
      const user = await api.sessionUser(apiBase);
      if (stopped || !user) return;
      const active = ref.current ? activeIn(ref.current) : null;
      setDone({ user, resumed: true, wasInForm: Boolean(active && ref.current?.contains(active)) });
      onLogin?.(user);
    });
    return () => {
      stopped = true;
    };
    // Once, on load: a later login is the form's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** The login is complete: the caller hears of it; without one of its own, the form says so. */
  const complete = (user: AuthUser | null) => {
    if (!authenticate) setDone({ user });
    onLogin?.(user);
  };

  const fail = (message: string | readonly string[]) => {
    setError(message);
    setAttempt((n) => n + 1);
  };

  const onSubmit = async (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    setError(null);
    try {
      const api = await deps.get();
      let request: LoginRequest;
      if (step) {
        const value = step.kind === 'password' ? answer : answer.trim();
        if (!value) {
          const message = STEP_TEXT[step.kind].missing;
          setFieldErrors({ answer: message });
          fail(message);
          return;
        }
        request = api.continuation(step, value);
      } else {
        const checked = api.validateLogin({ username, password });
        if (!checked.ok) {
          setFieldErrors(checked.errors);
          fail(Object.values(checked.errors));
          return;
        }
        request = checked.value;
      }
      setFieldErrors({});
      if (missing) {
        fail(notConnected('LoginForm'));
        return;
      }
      const result = authenticate
        ? await authenticate(request)
        : await api.widgetLogin(apiBase, request);
      setPassword('');
      setAnswer('');
      if (api.isLoginStep(result)) {
        setStep(result);
      } else if (result.recoveryCodes?.length) {
        setStep(null);
        setCodes({ list: result.recoveryCodes, user: result.user });
      } else {
        setStep(null);
        complete(result.user);
      }
    } catch (failure) {
      const message = loginErrorText(failure);
      // A step's challenge lives a few minutes: once it has run out, start from the password.
      if (step && message === (await deps.get()).LOGIN_EXPIRED) setStep(null);
      fail(message);
    } finally {
      setLoading(false);
    }
  };

  if (done) {
    const who = done.user?.name || done.user?.username;
    return (
      <div {...root}>
        <div className="spartan-login__form spartan-login__done">
          <h2 ref={headingRef} tabIndex={-1} className="spartan-form__title">
            Logged in
          </h2>
          <p>{who ? `You are logged in as ${who}.` : 'You are logged in.'}</p>
          {!authenticate && (
            <button
              type="button"
              className="spartan-submit"
              part="logout"
              onClick={() => {
                void deps
                  .get()
                  .then((api) => api.widgetLogout(apiBase))
                  .then(() => {
                    setDone(null);
                    setLoggedOut((n) => n + 1);
                  });
              }}
            >
              Log out
            </button>
          )}
        </div>
      </div>
    );
  }

  if (codes) {
    return (
      <div {...root}>
        <RecoveryCodes
          headingRef={headingRef}
          codes={codes.list}
          onDone={() => {
            setCodes(null);
            complete(codes.user);
          }}
        />
      </div>
    );
  }

  return (
    <div {...root}>
      {/* POST: a submit before the code arrives must not put the password into the address. */}
      <form
        method="post"
        part="form"
        aria-labelledby={headingId}
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        onFocusCapture={() =>
          void deps.get().then(
            (m) => missing || m.warm(apiBase),
            () => undefined,
          )
        }
        aria-busy={loading}
        className="spartan-login__form"
      >
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="spartan-form__title">
          {step ? STEP_TEXT[step.kind].heading : title}
        </h2>
        {missing && <ServerNotice of="LoginForm" />}
        {error && (
          <div
            ref={errorRef}
            className="spartan-login__error"
            part="error"
            role="alert"
            tabIndex={-1}
          >
            {typeof error === 'string' ? (
              error
            ) : error.length === 1 ? (
              error[0]
            ) : (
              <ul>
                {error.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        {step ? (
          <LoginStepFields
            id={`${uid}-answer`}
            step={step}
            value={answer}
            error={fieldErrors.answer}
            onChange={setAnswer}
          />
        ) : (
          <>
            <p className="spartan-login__note">Fields marked * are required.</p>
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
          </>
        )}
        <SubmitButton
          busy={loading}
          label={step ? 'Continue' : 'Login'}
          busyLabel={step ? 'Checking...' : 'Logging in...'}
        />
        {step && (
          <button
            type="button"
            className="spartan-login__restart"
            onClick={() => {
              setStep(null);
              setAnswer('');
              setError(null);
              setFieldErrors({});
            }}
          >
            Start again
          </button>
        )}
      </form>
    </div>
  );
}

export default LoginForm;
