import '../../../widgets/text-input.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { eraseApplicant } from '../data/applications.ts';
import {
  CONFIRM_MAIL_HASH,
  confirmAddress,
  fetchNotifications,
  saveNotifications,
  type NotificationMode,
  type NotificationsAnswer,
} from '../data/notifications.ts';

/** Below the lists: one's own new-application mail, and (admins) erasing an applicant's data. */
export function DeskTools({ isAdmin, onErased }: { isAdmin: boolean; onErased: () => void }) {
  return (
    <div className="staff-tools">
      <NotificationSettings />
      {isAdmin && <EraseApplicant onErased={onErased} />}
    </div>
  );
}

function NotificationSettings() {
  const uid = useId();
  const [mode, setMode] = useState<NotificationMode>('off');
  const [email, setEmail] = useState('');
  // The address mail goes to, and a new one waiting for its confirmation link to be opened.
  const [addresses, setAddresses] = useState({ confirmed: '', pending: null as string | null });
  // Opened by a confirmation link (it lands here), to show what it did.
  const [open] = useState(
    () => typeof location !== 'undefined' && location.hash.startsWith(CONFIRM_MAIL_HASH),
  );
  // The choice stays disabled until the saved one has loaded: an answer arriving after the user
  // had chosen would otherwise put the old choice back under their hands (and hide the address
  // field they were typing in), and a save before it would overwrite a choice never shown.
  const [loaded, setLoaded] = useState<'loading' | 'ok' | 'failed'>('loading');
  const [state, setState] = useState<{ busy: boolean; error: string | null; saved: string }>({
    busy: false,
    error: null,
    saved: '',
  });
  const show = (current: NotificationsAnswer) => {
    setMode(current.mode);
    setEmail(current.pending_email ?? current.email);
    setAddresses({ confirmed: current.email, pending: current.pending_email });
  };
  useEffect(() => {
    let live = true;
    const token = location.hash.startsWith(CONFIRM_MAIL_HASH)
      ? location.hash.slice(CONFIRM_MAIL_HASH.length)
      : '';
    if (token) {
      // Used once: no token stays in the address or the history.
      history.replaceState(null, '', location.pathname + location.search);
    }
    const confirming = token
      ? confirmAddress(token)
      : Promise.resolve({ saved: undefined } as const);
    void confirming.then(async (confirmed) => {
      const current = 'saved' in confirmed ? confirmed.saved : undefined;
      const answer = current ?? (await fetchNotifications().catch(() => null));
      if (!live) return;
      if (answer) {
        show(answer);
        setLoaded('ok');
      } else {
        setLoaded('failed');
      }
      if ('error' in confirmed) setState({ busy: false, error: confirmed.error, saved: '' });
      else if (current) {
        setState({ busy: false, error: null, saved: `Address confirmed: ${current.email}.` });
      }
    });
    return () => {
      live = false;
    };
  }, []);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ busy: true, error: null, saved: '' });
    const result = await saveNotifications(mode, email.trim());
    if ('error' in result) {
      setState({ busy: false, error: result.error, saved: '' });
      return;
    }
    show(result.saved);
    const { pending_email: pending } = result.saved;
    setState({
      busy: false,
      error: null,
      saved: pending ? `Confirmation sent to ${pending}; check your mail.` : 'Saved.',
    });
  };
  const choices: Array<[NotificationMode, string]> = [
    ['off', 'No mail'],
    ['each', 'A mail for each new application'],
    ['digest', 'One daily digest'],
  ];
  return (
    <details className="staff-panel" open={open || undefined}>
      <summary>New-application mail</summary>
      <form
        onSubmit={(e) => void onSubmit(e)}
        className="staff-tools__form"
        aria-busy={loaded === 'loading'}
      >
        {loaded === 'loading' && (
          <p className="staff-status" role="status">
            Loading your current choice…
          </p>
        )}
        {loaded === 'failed' && (
          // Not an alert: nobody asked for it, and it shows when the panel is opened.
          <p className="staff-error">
            Your current choice could not be loaded. Saving sets the one below.
          </p>
        )}
        <fieldset disabled={loaded === 'loading'}>
          <legend>Tell me about new applications</legend>
          {choices.map(([value, label]) => (
            <label key={value} className="staff-tools__choice">
              <input
                type="radio"
                name={`${uid}-mode`}
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
              />{' '}
              {label}
            </label>
          ))}
        </fieldset>
        {mode !== 'off' && (
          <div className="staff-filter">
            <label htmlFor={`${uid}-email`}>Send to</label>
            <input
              id={`${uid}-email`}
              type="email"
              className="staff-input"
              value={email}
              autoComplete="email"
              required
              aria-invalid={state.error ? true : undefined}
              aria-describedby={state.error ? `${uid}-error` : undefined}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
          </div>
        )}
        {mode !== 'off' && addresses.pending && (
          <p className="staff-status">
            Waiting for you to open the link mailed to {addresses.pending}.{' '}
            {addresses.confirmed
              ? `Until then, mail goes to ${addresses.confirmed}.`
              : 'Until then, no mail is sent.'}
          </p>
        )}
        {state.error && (
          <p id={`${uid}-error`} className="staff-error" role="alert">
            {state.error}
          </p>
        )}
        <div className="staff-filters__actions">
          <button
            type="submit"
            className="button button--dark"
            disabled={state.busy || loaded === 'loading'}
          >
            {state.busy ? 'Saving…' : 'Save'}
          </button>
          <span className="staff-status" role="status">
            {state.saved}
          </span>
        </div>
      </form>
    </details>
  );
}

/**
 * Erasing, in two steps: "Erase…" asks, and the confirmation takes its place with focus on
 * Cancel (the group's name says what would be erased, and that it cannot be undone). Cancelled
 * or done, focus goes back to "Erase…"; the result is said once, by the form's status line.
 */
function EraseApplicant({ onErased }: { onErased: () => void }) {
  const uid = useId();
  const [email, setEmail] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string }>({
    busy: false,
    error: null,
    done: '',
  });
  const startRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  // Where focus goes once the step shown has rendered: the button that had it is gone.
  const focusNext = useRef<'cancel' | 'start' | null>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next) (next === 'cancel' ? cancelRef : startRef).current?.focus();
  });
  const step = (confirm: boolean) => {
    focusNext.current = confirm ? 'cancel' : 'start';
    setConfirming(confirm);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setState({ busy: false, error: 'Enter the applicant’s email', done: '' });
      return;
    }
    setState({ busy: false, error: null, done: '' });
    step(true);
  };
  const erase = async () => {
    if (state.busy) return;
    setState({ busy: true, error: null, done: '' });
    const result = await eraseApplicant(email.trim());
    step(false);
    if (typeof result === 'string') {
      setState({ busy: false, error: result, done: '' });
      return;
    }
    const n = result.spartan + result.investor;
    const done =
      n === 0
        ? 'No application has this email.'
        : `Erased ${n} application${n === 1 ? '' : 's'} (${result.spartan} Spartan, ${result.investor} investor).`;
    setState({ busy: false, error: null, done });
    setEmail('');
    onErased();
  };
  return (
    <details className="staff-panel">
      <summary>Erase an applicant’s data</summary>
      <form onSubmit={onSubmit} className="staff-tools__form">
        <p className="staff-hint">
          On the applicant’s request: every application with this email is deleted, with its resume
          and notes. This cannot be undone.
        </p>
        <div className="staff-filter">
          <label htmlFor={`${uid}-email`}>Applicant’s email</label>
          <input
            id={`${uid}-email`}
            type="email"
            className="staff-input"
            value={email}
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? `${uid}-error` : undefined}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setConfirming(false);
            }}
          />
        </div>
        {state.error && (
          <p id={`${uid}-error`} className="staff-error" role="alert">
            {state.error}
          </p>
        )}
        {confirming ? (
          <div role="group" aria-labelledby={`${uid}-confirm`}>
            <p id={`${uid}-confirm`} className="staff-hint">
              Erase every application of {email.trim()}? This cannot be undone.
            </p>
            <div className="staff-filters__actions">
              <button
                type="button"
                className="button staff-button--danger"
                // Not `disabled` while busy: a disabled button drops the keyboard focus.
                aria-disabled={state.busy || undefined}
                onClick={() => void erase()}
              >
                {state.busy ? 'Erasing…' : `Erase every application of ${email.trim()}`}
              </button>
              <button
                ref={cancelRef}
                type="button"
                className="button button--outline"
                onClick={() => step(false)}
              >
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div className="staff-filters__actions">
            <button ref={startRef} type="submit" className="button button--outline">
              Erase…
            </button>
          </div>
        )}
        <p className="staff-status" role="status">
          {state.done}
        </p>
      </form>
    </details>
  );
}
