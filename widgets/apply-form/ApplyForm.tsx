/**
 * The Spartan application form (fields in docs/FORMS.md): job role grouped by its five
 * categories, name, date of birth, location, gender, email, phone and resume.
 * Validated with the server's schema (loaded on first interaction), sent as
 * multipart with an upload progress bar; on success it fires `spartan-applied`
 * and goes to `success-url` (with `?id=`) or shows the id in place.
 *
 * Element: `<spartan-apply-form api-base="https://…" success-url="/thanks">`.
 * @attr api-base - API origin (default: the origin the script came from)
 * @attr success-url - where to go after applying; `id` is added to its query
 * @event spartan-applied - {applicationId} after the server accepted the application
 * @csspart form - the form
 * @csspart field - each field
 * @csspart label - a field's label
 * @csspart field-error - a field's error message
 * @csspart error-summary - the problem list shown after a failed attempt
 * @csspart submit - the submit button
 * @csspart progress - the resume upload progress
 * @csspart cancel - Cancel upload, beside the progress while the resume goes up
 * @csspart success - the in-place success state
 * @csspart id-box - the gold box with the application id
 * @cssprop --spartan-gold - accent and id box colour
 * @cssprop --spartan-maroon - error and heading colour
 * @cssprop --spartan-ink - text colour
 * @cssprop --spartan-paper - background
 * @cssprop --spartan-font - font family
 * @cssprop --spartan-error - error colour (default a red with AA contrast)
 * @cssprop --spartan-form-background - the form's background (default: --spartan-paper)
 */
import { useState } from 'react';
import { GENDERS, RESUME_ACCEPT } from '../../content/forms.ts';
import { JobRoleOptions } from './JobRoleOptions.tsx';
import { REVIEW_BUSINESS_DAYS } from '../../content/constants.ts';
import { Field } from '../internal/form/Field.tsx';
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
import { EMPTY_APPLY, type ApplyValues } from './fields.ts';

export interface ApplyFormProps extends ApplicationFormProps {
  /** Values the form starts with, by field name (say, a signed-in member's name and email). */
  defaultValues?: DefaultValues<ApplyValues> | undefined;
  /** Called with the application id once the server accepted the application. */
  onApplied?: (applicationId: string | null) => void;
}

// Schema and HTTP code, loaded on the form's first interaction.
const logic = /* @__PURE__ */ lazy(() => import('./submit.ts'));
export const APPLY_FAILED = 'Join Spartan failed';

export function ApplyForm(props: ApplyFormProps & RootRefProp<HTMLDivElement>) {
  const { values, set, bind, run, idOf, adoptValue } = useApplication(
    EMPTY_APPLY,
    props.defaultValues,
  );
  const [resume, setResume] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  // LIBRARY is a constant of each build: this hook runs on every render or on none.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const apiBase = LIBRARY ? useServer('ApplyForm', props.apiBase) : props.apiBase;
  const onResume = (file: File | null) => {
    setResume(file);
    run.clearError('resume');
  };
  return (
    <ApplicationShell
      label="Spartan application"
      values={values}
      run={run}
      props={LIBRARY && apiBase ? { ...props, apiBase } : props}
      validate={async (v) => (await logic.get()).validateApply(v, resume)}
      submit={async (v, signal) => {
        if (LIBRARY && apiBase === undefined) throw notConnectedError('ApplyForm');
        setProgress(null);
        return (await logic.get()).sendApply(apiBase, v, resume, setProgress, APPLY_FAILED, signal);
      }}
      prepare={() =>
        void logic.get().then(
          (m) => m.warm(apiBase),
          () => undefined,
        )
      }
      fallback={APPLY_FAILED}
      onDone={props.onApplied}
      controlId={idOf}
      success={{
        heading: 'Thank you for applying',
        message: `Your application is being processed. Our team needs ${REVIEW_BUSINESS_DAYS} business days to review it.`,
        idLabel: 'Application ID Number',
      }}
      onHoneypot={set('website')}
      adopt={(field) =>
        field.name === 'resume' && field instanceof HTMLInputElement
          ? onResume(field.files?.[0] ?? null)
          : adoptValue(field)
      }
      progress={resume && { id: idOf('progress'), label: 'Uploading resume', fraction: progress }}
    >
      {LIBRARY && apiBase === undefined && <ServerNotice of="ApplyForm" />}
      <Field id={idOf('job_title')} label="Job role" required error={run.errors.job_title}>
        {(a11y) => (
          <select {...a11y} {...bind('job_title')} className="spartan-input">
            <option value="">Choose a job role</option>
            <JobRoleOptions />
          </select>
        )}
      </Field>
      <ContactField name="fullname" id={idOf('fullname')} error={run.errors.fullname} bind={bind} />
      <Field
        id={idOf('date_of_birth')}
        label="Date of Birth"
        required
        error={run.errors.date_of_birth}
      >
        {(a11y) => (
          <input
            {...a11y}
            {...bind('date_of_birth')}
            type="date"
            className="spartan-input"
            autoComplete="bday"
          />
        )}
      </Field>
      <ContactField name="location" id={idOf('location')} error={run.errors.location} bind={bind} />
      <Field id={idOf('gender')} label="Gender" required error={run.errors.gender}>
        {(a11y) => (
          <select {...a11y} {...bind('gender')} className="spartan-input" autoComplete="sex">
            <option value="">Choose</option>
            {GENDERS.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ContactField name="email" id={idOf('email')} error={run.errors.email} bind={bind} />
      <ContactField name="phone" id={idOf('phone')} error={run.errors.phone} bind={bind} />
      <Field
        id={idOf('resume')}
        label="Resume"
        required
        hint=".pdf, .doc or .docx, at most 5 MB"
        error={run.errors.resume}
      >
        {(a11y) => (
          <input
            {...a11y}
            type="file"
            name="resume"
            accept={RESUME_ACCEPT}
            className="spartan-input"
            onChange={(e) => onResume(e.currentTarget.files?.[0] ?? null)}
          />
        )}
      </Field>
    </ApplicationShell>
  );
}

export default ApplyForm;
