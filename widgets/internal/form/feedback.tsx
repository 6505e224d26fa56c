/**
 * What a form shows after the visitor first acts: the error summary, the upload
 * progress, the success state. Loaded with the form's validation code, so none
 * of it weighs on first render.
 */
import { useEffect, useId, useRef } from 'react';
import { useWidgetStyles } from '../../runtime/styles.ts';
import feedbackCss from './feedback.css?inline';

const STYLES = [feedbackCss];

export interface ErrorSummaryProps {
  /** Field errors by control id, in the order the fields appear. */
  items: Array<{ id: string; message: string }>;
  /** A failure not tied to a field (e.g. the server's message). */
  message?: string | null;
  /** Said under the list: what the failure means for what was typed. */
  note?: string | null;
  /** Changes on every failed attempt, so the summary takes focus again. */
  attempt: number;
}

/**
 * The summary at the top of a form after a failed attempt (GOV.UK's error
 * summary): it takes focus, names the problem and links to each field.
 */
export function ErrorSummary(props: ErrorSummaryProps) {
  const shown = props.items.length > 0 || Boolean(props.message);
  return shown ? <SummaryBox {...props} /> : null;
}

// Mounted only while there is something to show, so its styles are adopted when it appears.
function SummaryBox({ items, message, note, attempt }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useWidgetStyles(ref, STYLES);
  useEffect(() => {
    if (attempt > 0) ref.current?.focus();
  }, [attempt]);
  return (
    <div
      ref={ref}
      className="spartan-summary"
      part="error-summary"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <h2 id={titleId}>There is a problem</h2>
      <ul>
        {message && <li>{message}</li>}
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              onClick={(event) => {
                // In a shadow root the fragment would not reach the control: focus it directly.
                event.preventDefault();
                const root = event.currentTarget.getRootNode() as Document | ShadowRoot;
                const control = root.getElementById(item.id);
                control?.focus();
                control?.scrollIntoView?.({ block: 'center' });
              }}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
      {note && <p className="spartan-summary__note">{note}</p>}
    </div>
  );
}

export interface UploadProgressProps {
  id: string;
  label: string;
  /** 0–1, or null while the size is not yet known. */
  fraction: number | null;
}

/** A labelled progress bar for an upload. */
export function UploadProgress({ id, label, fraction }: UploadProgressProps) {
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, STYLES);
  const percent = fraction === null ? null : Math.round(fraction * 100);
  return (
    <div ref={ref} className="spartan-progress" part="progress">
      <label htmlFor={id}>
        {label}
        {percent !== null && `: ${percent}%`}
      </label>
      {percent === null ? (
        <progress id={id} max={100} />
      ) : (
        <progress id={id} max={100} value={percent}>
          {percent}%
        </progress>
      )}
    </div>
  );
}

export interface IdBoxProps {
  label: string;
  id: string | null | undefined;
}

/**
 * The disabled gold box of the success pages: the label on a line of its own, and under it the id,
 * or a dash. A 36-character id does not fit a phone's line beside the label: run together, the
 * label broke in two ("Investor ID / Number c6bb…"). The same elements and classes either way: a
 * prerendered page has the dash, and hydration changes only its text.
 */
export function IdBox({ label, id }: IdBoxProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useWidgetStyles(ref, STYLES);
  return (
    <button ref={ref} type="button" className="spartan-idbox" part="id-box" disabled>
      <span className="spartan-idbox__label">{label}</span>{' '}
      <span className="spartan-idbox__value" data-testid="id-value">
        {id ? id : '-'}
      </span>
    </button>
  );
}

export interface SuccessStateProps {
  heading: string;
  message: string;
  idLabel: string;
  id: string | null;
}

/** A form's in-place success state; its heading takes focus so the change is announced. */
export function SuccessState({ heading, message, idLabel, id }: SuccessStateProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="spartan-success" part="success" data-state="succeeded">
      <h2 ref={ref} className="spartan-form__title" tabIndex={-1}>
        {heading}
      </h2>
      <p>{message}</p>
      <IdBox label={idLabel} id={id} />
    </div>
  );
}
