/**
 * Pieces shared by the staff area's account screens (My account, Staff accounts, Audit trail):
 * their URLs, a form's refusal, times and the one-time setup link.
 */
import '../../widgets/text-input.ts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { STAFF_PATH } from './links.tsx';
import './admin.css';
import { Field, runSubmission, useSubmission } from '../../widgets/shared.ts';

export type Section = 'account' | 'staff' | 'audit';

/** `/staff?section=…&…`: like the lists, a section's view lives in the query string. */
export function sectionHref(section: Section, entries: Record<string, string> = {}): string {
  const params = new URLSearchParams({ section });
  for (const [key, value] of Object.entries(entries)) if (value) params.set(key, value);
  return `${STAFF_PATH}?${params.toString()}`;
}

/**
 * A staff form's state, kept by the widget kit's submission (the one form helper of the
 * application, login and staff forms): busy, its refusal (message and fields) and the summary
 * that shows it. `work` makes the calls; a CallError it throws carries the server's message and
 * field errors.
 */
export function useForm() {
  const run = useSubmission<void>();
  const errorRef = useRef<HTMLParagraphElement>(null);
  const fields = run.errors;
  const error = Object.values(fields).join('. ') || run.failure;
  // The summary takes focus at each refusal, so that it is heard and the fields are near.
  useEffect(() => {
    if (run.attempt > 0) errorRef.current?.focus();
  }, [run.attempt]);
  const submit = async (work: () => Promise<void>) => {
    if (run.busy.current) return;
    // A new attempt shows none of the last one's refusal while it runs.
    run.update((s) => ({ ...s, errors: {}, failure: null }));
    await runSubmission(run, {
      validate: () => ({}),
      send: work,
      fallback: 'Something went wrong: try again',
    });
  };
  const busy = run.phase === 'submitting';
  const summary = error ? (
    <p ref={errorRef} className="staff-error" role="alert" tabIndex={-1}>
      {error}
    </p>
  ) : null;
  return { busy, fields, submit, summary };
}

/** A text input in a labelled field with its hint and error. */
export function TextField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  required?: boolean;
  type?: 'text' | 'password';
  autoComplete?: string;
}) {
  const { id, label, value, onChange, error, hint, required, type = 'text', autoComplete } = props;
  return (
    <Field
      id={id}
      label={label}
      {...(hint ? { hint } : {})}
      required={Boolean(required)}
      error={error}
    >
      {(a11y) => (
        <input
          {...a11y}
          type={type}
          className="spartan-input"
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </Field>
  );
}

/** A date and time in the reader's locale; "Never" when there is none. */
export const when = (iso: string | null | undefined): string =>
  iso
    ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    : 'Never';

/** The browser of a session, in a few words, from its user agent. */
export function browserName(userAgent: string): string {
  const known = /(Edg|OPR|Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent);
  const os = /(Windows|Mac OS X|Android|iPhone|iPad|Linux)/.exec(userAgent);
  const name = known ? known[1]!.replace('Edg', 'Edge').replace('OPR', 'Opera') : 'Browser';
  return os ? `${name} on ${os[1]!.replace('Mac OS X', 'macOS')}` : name;
}

/** The setup link to hand over, selectable, with a copy button. */
/**
 * A one-time link to hand over: `password` (a new account or a password reset) sets a password;
 * `mfa` (a second-factor reset) sets up two-factor login, with the password they have.
 */
export function SetupLink({
  url,
  expires,
  who,
  purpose = 'password',
}: {
  url: string;
  expires: string;
  who: string;
  purpose?: 'password' | 'mfa';
}) {
  const [copied, setCopied] = useState(false);
  const does =
    purpose === 'mfa'
      ? 'It lets them set up two-factor login once, with their password,'
      : 'It sets their password once';
  return (
    <div className="staff-setup-link">
      <p>
        Send this one-time link to {who} by a trusted channel. {does} and expires on {when(expires)}
        .
      </p>
      <label htmlFor="staff-setup-url" className="spartan-field__label">
        Setup link
      </label>
      <div className="staff-search__row">
        <input
          id="staff-setup-url"
          className="staff-input"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="button button--outline"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          Copy link
        </button>
      </div>
      <p className="staff-status" role="status">
        {copied ? 'Copied.' : ''}
      </p>
    </div>
  );
}

/** A titled block of a screen. */
export function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="staff-panel" aria-labelledby={id}>
      <h2 id={id} className="staff-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
