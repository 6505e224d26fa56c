/**
 * The login's later steps (docs/STAFF-API.md): the authenticator code, a first two-factor
 * set-up, a new password, and the recovery codes shown once after a set-up.
 */
import type { RefObject } from 'react';
import { Field } from '../internal/form/Field.tsx';
import type { LoginStep } from './types.ts';

interface StepText {
  heading: string;
  label: string;
  hint: string;
  missing: string;
}

export const STEP_TEXT: Record<LoginStep['kind'], StepText> = {
  mfa: {
    heading: 'Enter your authentication code',
    label: 'Authentication code',
    hint: 'The 6-digit code from your authenticator app, or one of your recovery codes.',
    missing: 'Enter your authentication code',
  },
  setup: {
    heading: 'Set up two-factor login',
    label: 'Authentication code',
    hint: 'Scan the QR code with an authenticator app (or type the key), then enter the 6-digit code it shows.',
    missing: 'Enter your authentication code',
  },
  password: {
    heading: 'Choose a new password',
    label: 'New password',
    hint: 'At least 12 characters, not a common password, and not your username.',
    missing: 'Enter a new password',
  },
};

interface StepFieldsProps {
  id: string;
  step: LoginStep;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** The QR code is an SVG made by our server; shown as an image, never inserted as markup. */
const qrImage = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function LoginStepFields({ id, step, value, error, onChange }: StepFieldsProps) {
  const text = STEP_TEXT[step.kind];
  const isPassword = step.kind === 'password';
  return (
    <>
      {step.kind === 'setup' && (
        <div className="spartan-login__setup">
          {step.qrSvg && (
            <img
              className="spartan-login__qr"
              src={qrImage(step.qrSvg)}
              alt="QR code for your authenticator app"
              width={192}
              height={192}
            />
          )}
          {step.secret && (
            <p className="spartan-login__secret">
              Key: <code>{step.secret}</code>
            </p>
          )}
        </div>
      )}
      <Field id={id} label={text.label} hint={text.hint} required error={error}>
        {(a11y) => (
          <input
            {...a11y}
            name={isPassword ? 'new-password' : 'code'}
            type={isPassword ? 'password' : 'text'}
            className="spartan-input"
            autoComplete={isPassword ? 'new-password' : 'one-time-code'}
            inputMode={isPassword ? undefined : 'text'}
            autoCapitalize="none"
            spellCheck={false}
            value={value}
            onChange={(e) => onChange(e.currentTarget.value)}
          />
        )}
      </Field>
    </>
  );
}

interface RecoveryCodesProps {
  headingRef: RefObject<HTMLHeadingElement | null>;
  codes: string[];
  onDone: () => void;
}

export function RecoveryCodes({ headingRef, codes, onDone }: RecoveryCodesProps) {
  return (
    <section className="spartan-login__form" aria-labelledby="spartan-recovery-heading">
      <h2
        id="spartan-recovery-heading"
        ref={headingRef}
        tabIndex={-1}
        className="spartan-form__title"
      >
        Save your recovery codes
      </h2>
      <p>
        Each code logs you in once if you lose your authenticator app. Keep them somewhere safe:
        they will not be shown again.
      </p>
      <ul className="spartan-login__codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="spartan-submit" onClick={onDone}>
        I have saved them: continue
      </button>
    </section>
  );
}
