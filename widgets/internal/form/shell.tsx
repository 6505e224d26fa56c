/**
 * What the two application forms (apply, invest) share: their props, their
 * state (values, submission, ids) and their frame (error summary, required
 * note, honeypot, submit button, in-place success state).
 */
import { useId, useRef, type ReactNode } from 'react';
import tokensCss from '../../runtime/tokens.css?inline';
import { useWidgetStyles } from '../../runtime/styles.ts';
import type * as Feedback from './feedback.tsx';
import type * as Run from './run.ts';
import { Honeypot } from './Honeypot.tsx';
import { goToSuccess, type Lazy } from './lazy.ts';
import { FailureNote, SubmitButton } from './Submit.tsx';
import { useSubmission, type Submission } from './use-submission.ts';
import { useValues } from './use-values.ts';
import formCss from './form.css?inline';
import applicationCss from './application.css?inline';

const STYLES = [tokensCss, formCss, applicationCss];

export interface ApplicationFormProps {
  /** API origin; default: the origin the widget script came from. */
  apiBase?: string;
  /** Page to go to after applying; the id is added as `?id=`. Without it the success state shows in place. */
  successUrl?: string;
  /** Goes to a same-origin success URL inside a single-page app (default: a full page load). */
  navigate?: (url: string) => void;
}

/** An application form's state: its values, its submission and ids unique to it. */
export function useApplication<V extends Record<string, string> & { website: string }>(initial: V) {
  const uid = useId();
  const run = useSubmission<string | null>();
  return {
    ...useValues<V>(initial, run.clearError),
    run,
    idOf: (name: string) => `${uid}-${name}`,
  };
}

export interface ApplicationShellProps {
  /** The form's accessible name. */
  label: string;
  deps: Lazy<
    Pick<typeof Feedback, 'ErrorSummary' | 'SuccessState'> &
      Pick<typeof Run, 'runSubmission'> & { warm: (apiBase: string | undefined) => void }
  >;
  run: Submission<string | null>;
  props: ApplicationFormProps;
  /** Checks and sends; resolves with the new id. */
  validate: () => Record<string, string>;
  send: () => Promise<string | null>;
  fallback: string;
  onDone?: ((id: string | null) => void) | undefined;
  /** The control an error summary link goes to, by field name. */
  controlId: (field: string) => string;
  success: { heading: string; message: string; idLabel: string };
  honeypot: { value: string; onChange: (value: string) => void };
  /** Shown beside the submit button (e.g. upload progress). */
  progress?: ReactNode;
  children: ReactNode;
}

export function ApplicationShell(p: ApplicationShellProps) {
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, STYLES);
  const { run } = p;
  const ui = p.deps.loaded();
  const onSubmit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    p.deps.get().then(
      (m) =>
        m.runSubmission(run, {
          validate: p.validate,
          send: p.send,
          fallback: p.fallback,
          onSuccess: (id) => {
            p.onDone?.(id);
            if (p.props.successUrl) goToSuccess(p.props.successUrl, id, p.props.navigate);
          },
        }),
      // The form's code could not load (e.g. offline): say so, keep what was typed.
      () => run.update((s) => ({ ...s, failure: p.fallback, attempt: s.attempt + 1 })),
    );
  };
  const submitting = run.phase === 'submitting';
  // After success with a success-url the page is about to change: no second submit meanwhile.
  const busy = run.phase !== 'idle';
  return (
    <div ref={ref} className="spartan-root spartan-form">
      {ui && run.phase === 'succeeded' && !p.props.successUrl ? (
        <ui.SuccessState {...p.success} id={run.result} />
      ) : (
        <form
          className="spartan-form__grid"
          part="form"
          aria-label={p.label}
          noValidate
          onSubmit={onSubmit}
          onFocusCapture={() =>
            void p.deps.get().then(
              (m) => m.warm(p.props.apiBase),
              () => undefined,
            )
          }
          aria-busy={submitting}
        >
          <div className="spartan-form__wide">
            {ui ? (
              <ui.ErrorSummary
                attempt={run.attempt}
                message={run.failure}
                items={Object.entries(run.errors).map(([field, message]) => ({
                  id: p.controlId(field),
                  message,
                }))}
              />
            ) : (
              <FailureNote message={run.failure} />
            )}
            <p className="spartan-form__note">Fields marked * are required.</p>
          </div>
          {p.children}
          <Honeypot {...p.honeypot} />
          <div className="spartan-form__wide spartan-form__actions">
            {submitting && p.progress}
            <SubmitButton busy={busy} label="Submit Application" busyLabel="Submitting..." />
          </div>
        </form>
      )}
    </div>
  );
}
