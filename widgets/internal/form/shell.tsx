/**
 * The form kit's frame for the two application forms (apply, invest). A form is its fields,
 * `validate(values)` and `submit(values)` (each form loads its schema and HTTP code on first
 * interaction), and its success state. The frame brings the rest: the error summary, the
 * required note, the honeypot, the submit button and the in-place success state, whose code
 * (kit.ts) it loads on first interaction too.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useRoot, type RootProps, type RootRefProp } from '../../runtime/root-props.ts';
import { useWidgetStyles } from '../../runtime/styles.ts';
import { Honeypot } from './Honeypot.tsx';
import { lazy } from './lazy.ts';
import { goToSuccess } from './success.ts';
import { usePrefilled, type FormField } from './prefilled.ts';
import { FailureNote, SubmitButton } from './Submit.tsx';
import { useSubmission, type Submission } from './use-submission.ts';
import { useValues } from './use-values.ts';
import { APPLICATION_STYLES as STYLES } from './styles.ts';
import { NOTHING_SENT, UPLOAD_CANCELLED } from '../../../content/forms.ts';

const kit = /* @__PURE__ */ lazy(() => import('./kit.ts'));

export interface ApplicationFormProps extends RootProps {
  /** API origin; default: the SpartanProvider's (the element: the origin its script came from). */
  apiBase?: string;
  /** Page to go to after applying; the id is added as `?id=`. Without it the success state shows in place. */
  successUrl?: string;
  /** Goes to a same-origin success URL inside a single-page app (default: a full page load). */
  navigate?: (url: string) => void;
}

type Values = Record<string, string> & { website: string };

/**
 * A form's prefill from the host app (`defaultValues`, e.g. a signed-in member's name and email):
 * its text fields by name, read on the form's first render. Not the honeypot.
 */
export type DefaultValues<V extends Values> = Partial<Omit<V, 'website'>>;

/** An application form's state: its values, its submission and ids unique to it. */
export function useApplication<V extends Values>(empty: V, defaults?: DefaultValues<V>) {
  const uid = useId();
  const run = useSubmission<string | null>();
  const initial = defaults ? { ...empty, ...defaults, website: '' } : empty;
  const values = useValues<V>(initial, run.clearError);
  return {
    ...values,
    run,
    idOf: (name: string) => `${uid}-${name}`,
    /** Takes a prefilled field (prefilled.ts) that holds one of the values. */
    adoptValue: (field: FormField) => {
      if (field.name in initial) values.set(field.name)(field.value);
    },
  };
}

export interface ApplicationShellProps<V extends Values> {
  /** The form's accessible name. */
  label: string;
  values: V;
  run: Submission<string | null>;
  props: ApplicationFormProps & RootRefProp<HTMLDivElement>;
  /** Field messages by field name; `{}` when the values may be sent. */
  validate: (values: V) => Promise<Record<string, string>>;
  /**
   * Sends the values; resolves with the new id, rejects with a FailureInfo (errors.ts). `signal`
   * aborts the call: the form has left the page.
   */
  submit: (values: V, signal: AbortSignal) => Promise<string | null>;
  /** Called on the form's first focus: start loading what validate and submit need. */
  prepare: () => void;
  /** The message when a call fails without one of its own. */
  fallback: string;
  onDone?: ((id: string | null) => void) | undefined;
  /** The control an error summary link goes to, by field name. */
  controlId: (field: string) => string;
  success: { heading: string; message: string; idLabel: string };
  /** The honeypot's onChange (bots fill it in; the server drops what they send). */
  onHoneypot: (value: string) => void;
  /** Takes a field changed before the form's code had hydrated it (prefilled.ts). */
  adopt: (field: FormField) => void;
  /** An upload's progress, shown beside the submit button while submitting. */
  progress?: { id: string; label: string; fraction: number | null } | null;
  children: ReactNode;
}

export function ApplicationShell<V extends Values>(p: ApplicationShellProps<V>) {
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, STYLES);
  const root = useRoot(ref, 'spartan-root spartan-form', p.props);
  usePrefilled(ref, p.adopt);
  const { run, values } = p;
  const ui = kit.loaded();
  // A submission still under way when the form leaves the page (the visitor went elsewhere in a
  // single-page app, or pressed Back to call it off) is called off: the upload stops, and the
  // visitor is not taken to a success page from wherever they went.
  const leaving = useRef<AbortController | null>(null);
  useEffect(() => () => leaving.current?.abort(), []);
  // Back from the success page to a page the browser kept whole (its back-forward cache): the
  // form it shows had sent, and it says so in place, instead of a "Submitting..." that stays.
  const [returned, setReturned] = useState(false);
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setReturned(true);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  // The form's code could not load (e.g. offline): say so, keep what was typed.
  const unavailable = () =>
    run.update((s) => ({ ...s, phase: 'idle', failure: p.fallback, attempt: s.attempt + 1 }));
  const submitting = run.phase === 'submitting';
  // Cancel upload: the visitor may call off an upload under way (the client waits as long as the
  // upload takes: a large resume on a slow line, or a line that stalled). Once the file has gone
  // the server may be storing it, so it is no longer offered then.
  const [cancelled, setCancelled] = useState(false);
  const actions = useRef<HTMLDivElement>(null);
  const uploaded = p.progress?.fraction === 1;
  const cancel = () => {
    if (uploaded) return;
    setCancelled(true);
    leaving.current?.abort();
  };
  useEffect(() => {
    // The Cancel button has gone with the upload: the keyboard goes on from Submit.
    if (cancelled && !submitting)
      actions.current?.querySelector<HTMLElement>('[part=submit]')?.focus();
  }, [cancelled, submitting]);
  // Every failure of a call (network down, server error, time-out, refusal) leaves the values.
  const note = run.failure ? NOTHING_SENT : null;
  // After success with a success-url the page is about to change: no second submit meanwhile.
  const busy = run.phase !== 'idle';
  const onSubmit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    if (busy) return;
    setCancelled(false);
    const call = new AbortController();
    leaving.current = call;
    kit
      .get()
      .then((m) =>
        m.runSubmission(run, {
          validate: () => p.validate(values),
          send: () => p.submit(values, call.signal),
          fallback: p.fallback,
          cancelled: () => call.signal.aborted,
          onSuccess: (id) => {
            if (call.signal.aborted) return;
            p.onDone?.(id);
            if (p.props.successUrl) goToSuccess(p.props.successUrl, id, p.props.navigate);
          },
        }),
      )
      .catch(unavailable);
  };
  return (
    <div {...root}>
      {ui && run.phase === 'succeeded' && (!p.props.successUrl || returned) ? (
        <ui.SuccessState {...p.success} id={run.result} />
      ) : (
        // POST: a submit before the code arrives must not put what was typed into the address.
        <form
          method="post"
          className="spartan-form__grid"
          part="form"
          aria-label={p.label}
          noValidate
          onSubmit={onSubmit}
          onFocusCapture={() => {
            kit.warm();
            p.prepare();
          }}
          aria-busy={submitting}
        >
          <div className="spartan-form__wide">
            {ui ? (
              <ui.ErrorSummary
                attempt={run.attempt}
                message={run.failure}
                note={note}
                items={Object.entries(run.errors).map(([field, message]) => ({
                  id: p.controlId(field),
                  message,
                }))}
              />
            ) : (
              <FailureNote message={run.failure} note={note} />
            )}
            <p className="spartan-form__note">Fields marked * are required.</p>
          </div>
          {p.children}
          <Honeypot value={values.website} onChange={p.onHoneypot} />
          <div className="spartan-form__wide spartan-form__actions" ref={actions}>
            {submitting && ui && p.progress && <ui.UploadProgress {...p.progress} />}
            {submitting && p.progress && (
              <button
                type="button"
                className="spartan-cancel"
                part="cancel"
                aria-disabled={uploaded || undefined}
                onClick={cancel}
              >
                Cancel upload
              </button>
            )}
            <SubmitButton
              busy={busy}
              label="Submit Application"
              busyLabel="Submitting..."
              status={cancelled ? UPLOAD_CANCELLED : null}
            />
            {cancelled && !submitting && (
              <p className="spartan-form__cancelled">{UPLOAD_CANCELLED}</p>
            )}
          </div>
        </form>
      )}
    </div>
  );
}
