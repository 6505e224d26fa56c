/** One's own new-application mail: off, each, or a daily digest, to a confirmed address. */
import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  CONFIRM_MAIL_HASH,
  confirmAddress,
  fetchNotifications,
  saveNotifications,
  type NotificationMode,
  type NotificationsAnswer,
} from '../data/notifications.ts';

export function NotificationSettings() {
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
