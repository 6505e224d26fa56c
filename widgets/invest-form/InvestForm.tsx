/**
 * The investor application: name, email, phone, location, the accreditation
 * basis (one of the five criteria in docs/FORMS.md), an optional range and
 * message, and a self-certification. Validated with the server's schema
 * (loaded on first interaction); on success it fires `spartan-invested` and
 * goes to `success-url` (with `?id=`) or shows the id in place.
 *
 * Element: `<spartan-invest-form api-base="https://…" success-url="/thanks">`.
 * @attr api-base - API origin (default: the origin the script came from)
 * @attr success-url - where to go after applying; `id` is added to its query
 * @event spartan-invested - {investorId} after the server accepted the application
 * @csspart form - the form
 * @csspart field - each field
 * @csspart label - a field's label
 * @csspart field-error - a field's error message
 * @csspart error-summary - the problem list shown after a failed attempt
 * @csspart submit - the submit button
 * @csspart success - the in-place success state
 * @csspart id-box - the gold box with the investor id
 * @cssprop --spartan-gold - accent and id box colour
 * @cssprop --spartan-maroon - heading and selection colour
 * @cssprop --spartan-ink - text colour
 * @cssprop --spartan-paper - background
 * @cssprop --spartan-font - font family
 * @cssprop --spartan-error - error colour (default a red with AA contrast)
 * @cssprop --spartan-form-background - the form's background (default: --spartan-paper)
 */
import { useState } from 'react';
import { ACCREDITATION_OPTIONS } from '../../content/forms.ts';
import { Field, FieldError, Star, describedBy } from '../internal/form/Field.tsx';
import { ContactField } from '../internal/form/ContactField.tsx';
import { lazy } from '../internal/form/lazy.ts';
import {
  ApplicationShell,
  useApplication,
  type ApplicationFormProps,
  type DefaultValues,
} from '../internal/form/shell.tsx';
import type { RootRefProp } from '../runtime/root-props.ts';
import { LIBRARY, ServerNotice, notConnectedError, useServer } from '#spartan-server';
import { EMPTY_INVEST, type InvestValues } from './fields.ts';

export interface InvestFormProps extends ApplicationFormProps {
  /** Values the form starts with, by field name (say, a signed-in member's name and email). */
  defaultValues?: DefaultValues<InvestValues> | undefined;
  /** Called with the investor id once the server accepted the application. */
  onInvested?: (investorId: string | null) => void;
}

// Schema and HTTP code, loaded on the form's first interaction.
const logic = /* @__PURE__ */ lazy(() => import('./submit.ts'));
export const INVEST_FAILED = 'Apply Investor failed';

export function InvestForm(props: InvestFormProps & RootRefProp<HTMLDivElement>) {
  const { values, set, bind, run, idOf, adoptValue } = useApplication(
    EMPTY_INVEST,
    props.defaultValues,
  );
  const [certified, setCertified] = useState(false);
  const accreditationId = idOf('accreditation');
  const firstChoiceId = `${accreditationId}-${ACCREDITATION_OPTIONS[0].value}`;
  const choiceBy = describedBy(accreditationId, false, Boolean(run.errors.accreditation));
  const certifyBy = describedBy(idOf('certify'), false, Boolean(run.errors.certify));
  // LIBRARY is a constant of each build: this hook runs on every render or on none.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const apiBase = LIBRARY ? useServer('InvestForm', props.apiBase) : props.apiBase;
  const onCertify = (checked: boolean) => {
    setCertified(checked);
    run.clearError('certify');
  };
  return (
    <ApplicationShell
      label="Investor application"
      values={values}
      run={run}
      props={LIBRARY && apiBase ? { ...props, apiBase } : props}
      validate={async (v) => (await logic.get()).validateInvest(v, certified)}
      submit={async (v, signal) => {
        if (LIBRARY && apiBase === undefined) throw notConnectedError('InvestForm');
        return (await logic.get()).sendInvest(apiBase, v, INVEST_FAILED, signal);
      }}
      prepare={() =>
        void logic.get().then(
          (m) => m.warm(apiBase),
          () => undefined,
        )
      }
      fallback={INVEST_FAILED}
      onDone={props.onInvested}
      // The summary link for the radio group goes to its first choice.
      controlId={(field) => (field === 'accreditation' ? firstChoiceId : idOf(field))}
      success={{
        heading: 'Thank you for your interest',
        message: 'Our investor relations team will reach out to you shortly.',
        idLabel: 'Investor ID Number',
      }}
      onHoneypot={set('website')}
      adopt={(field) =>
        field.name === 'certify' && field instanceof HTMLInputElement
          ? onCertify(field.checked)
          : adoptValue(field)
      }
    >
      {LIBRARY && apiBase === undefined && <ServerNotice of="InvestForm" />}
      <ContactField name="fullname" id={idOf('fullname')} error={run.errors.fullname} bind={bind} />
      <ContactField name="email" id={idOf('email')} error={run.errors.email} bind={bind} />
      <ContactField name="phone" id={idOf('phone')} error={run.errors.phone} bind={bind} />
      <ContactField name="location" id={idOf('location')} error={run.errors.location} bind={bind} />
      <fieldset
        className="spartan-fieldset spartan-form__wide spartan-field"
        part="field"
        data-invalid={run.errors.accreditation ? 'true' : undefined}
        // A radio group, so that it can say required and invalid (its radios are required too).
        role="radiogroup"
        aria-required
        aria-invalid={run.errors.accreditation ? true : undefined}
        aria-describedby={choiceBy}
      >
        <legend>
          How do you qualify as an accredited investor?
          <Star />
          <span className="spartan-visually-hidden"> (required)</span>
        </legend>
        {run.errors.accreditation && (
          <FieldError id={`${accreditationId}-error`} message={run.errors.accreditation} />
        )}
        {ACCREDITATION_OPTIONS.map((option) => (
          <label key={option.value} className="spartan-choice">
            <input
              type="radio"
              id={`${accreditationId}-${option.value}`}
              name="accreditation"
              value={option.value}
              checked={values.accreditation === option.value}
              required
              onChange={() => set('accreditation')(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      <Field
        id={idOf('investment_range')}
        label="Intended investment (optional)"
        error={run.errors.investment_range}
      >
        {(a11y) => <input {...a11y} {...bind('investment_range')} className="spartan-input" />}
      </Field>
      <Field id={idOf('message')} label="Message (optional)" error={run.errors.message}>
        {(a11y) => <textarea {...a11y} {...bind('message')} className="spartan-input" rows={4} />}
      </Field>
      <div
        className="spartan-form__wide spartan-field"
        part="field"
        data-invalid={run.errors.certify ? 'true' : undefined}
      >
        {run.errors.certify && (
          <FieldError id={`${idOf('certify')}-error`} message={run.errors.certify} />
        )}
        <label className="spartan-check">
          <input
            type="checkbox"
            id={idOf('certify')}
            name="certify"
            checked={certified}
            aria-describedby={certifyBy}
            aria-invalid={run.errors.certify ? true : undefined}
            aria-required
            onChange={(e) => onCertify(e.currentTarget.checked)}
          />
          <span>
            I certify that I qualify as an accredited investor on the basis chosen above.
            <Star />
          </span>
        </label>
      </div>
    </ApplicationShell>
  );
}

export default InvestForm;
