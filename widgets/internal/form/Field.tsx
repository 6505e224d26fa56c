import '#text-input-events';
import type { ReactNode } from 'react';

/** What a field hands its control: its id and the links to its hint and error. */
export interface ControlA11y {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FieldProps {
  /** The control's id (unique in its root). */
  id: string;
  label: string;
  /** Shown under the label and tied to the control by aria-describedby. */
  error?: string | undefined;
  hint?: string;
  /** Marks the label with * and the control with aria-required. */
  required?: boolean;
  children: (a11y: ControlA11y) => ReactNode;
}

/** Ids a control is described by: its hint, then its error. */
export function describedBy(id: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** A label, optional hint, inline error and the control, linked as GOV.UK's form fields are. */
export function Field({ id, label, error, hint, required, children }: FieldProps) {
  const by = describedBy(id, Boolean(hint), Boolean(error));
  const a11y: ControlA11y = { id };
  if (by) a11y['aria-describedby'] = by;
  if (error) a11y['aria-invalid'] = true;
  if (required) a11y['aria-required'] = true;
  return (
    <div className="spartan-field" part="field" data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id} className="spartan-field__label" part="label">
        {label}
        {required && <Star />}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="spartan-field__hint">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
      {children(a11y)}
    </div>
  );
}

export function Star() {
  return (
    <span className="spartan-field__star" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="spartan-field__error" part="field-error">
      <span className="spartan-visually-hidden">Error:</span> {message}
    </p>
  );
}
