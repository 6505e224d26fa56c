/**
 * The employee area (front-end only: no checks, no calls): login, password and
 * Spartan Number recovery, the one-time passcode, the password reset.
 * Each form also works without JavaScript: it posts nothing and its action is the next step.
 */
import { useId, type FormEvent, type ReactNode } from 'react';
import '../styles/employee.css';
import { PASSCODE_LENGTH } from '../../content/constants.ts';
import { PageIntro } from '../components/PageIntro.tsx';
import { Passcode } from '../components/Passcode.tsx';
import { goBack } from '../go-back.ts';
import { navigate } from '../navigation.ts';
import { useComingSoon } from '../components/ComingSoon.tsx';

interface StepFormProps {
  /** Where Next goes. */
  next: string;
  children: ReactNode;
  back?: boolean;
  nextLabel?: string;
}

function StepForm({ next, children, back = false, nextLabel = 'Next' }: StepFormProps) {
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate(next);
  };
  return (
    <form className="card-form" action={next} method="get" onSubmit={onSubmit}>
      {children}
      <div className="button-row">
        {back && (
          <button type="button" className="button button--outline" onClick={goBack}>
            Back
          </button>
        )}
        <button type="submit" className="button button--gold">
          {nextLabel}
        </button>
      </div>
    </form>
  );
}

function TextField({
  label,
  type = 'text',
  autoComplete,
  hint,
}: {
  label: string;
  type?: string;
  autoComplete?: string;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
    </div>
  );
}

export function EmployeeLoginPage() {
  const soon = useComingSoon();
  return (
    <div className="page page--form">
      <PageIntro title="Employee Login" eyebrow="Spartan employees" />
      {/* The specification gives Login no action yet. */}
      <form
        className="card-form"
        onSubmit={(event) => {
          event.preventDefault();
          soon.announce();
        }}
      >
        <TextField label="Spartan Number" autoComplete="username" />
        <TextField label="Password" type="password" autoComplete="current-password" />
        <button type="submit" className="button button--gold button--block">
          Login
        </button>
        <p className="card-form__links">
          <a href="/employee-forgot-spartan-id">Forgot Spartan Number?</a>
          <a href="/employee-forgot-pass">Forgot Password?</a>
        </p>
        {soon.status}
      </form>
      <div className="card-form__aside">
        <p>Not a Spartan yet?</p>
        <div className="button-row">
          <button type="button" className="button button--outline" onClick={soon.announce}>
            Become a Spartan
          </button>
          <button type="button" className="button button--outline" onClick={soon.announce}>
            Investors
          </button>
        </div>
      </div>
    </div>
  );
}

export function ForgotPasswordPage() {
  return (
    <div className="page page--form">
      <PageIntro title="Forgot Password" eyebrow="Spartan employees">
        <p>Enter your email address and we will send you a one-time passcode.</p>
      </PageIntro>
      <StepForm next="/employee-one-time-pass" back>
        <TextField label="Email" type="email" autoComplete="email" />
      </StepForm>
    </div>
  );
}

export function ForgotSpartanIdPage() {
  return (
    <div className="page page--form">
      <PageIntro title="Forgot Spartan Number" eyebrow="Spartan employees">
        <p>Enter your email address and we will send you your Spartan Number.</p>
      </PageIntro>
      <StepForm next="/employee-one-time-pass" back>
        <TextField label="Email" type="email" autoComplete="email" />
      </StepForm>
    </div>
  );
}

export function OneTimePassPage() {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className="page page--form">
      <PageIntro title="One-Time Passcode" eyebrow="Spartan employees">
        <p id={labelId}>Enter the {PASSCODE_LENGTH}-digit passcode we sent to your email.</p>
        <p id={hintId}>
          The page goes on to the next step by itself as soon as the last digit is entered.
        </p>
      </PageIntro>
      <StepForm next="/employee-reset-pass" back>
        <Passcode
          labelledBy={labelId}
          describedBy={hintId}
          onComplete={() => navigate('/employee-reset-pass')}
        />
      </StepForm>
    </div>
  );
}

export function ResetPasswordPage() {
  return (
    <div className="page page--form">
      <PageIntro title="Reset Password" eyebrow="Spartan employees">
        <p>Choose a new password.</p>
      </PageIntro>
      <StepForm next="/employee-login">
        <TextField label="New password" autoComplete="new-password" />
        <TextField label="Confirm new password" autoComplete="new-password" />
      </StepForm>
    </div>
  );
}
