/**
 * What the account screens share: role names, an account's state in words, the role choice, and
 * the field for a password someone chooses (an initial one, or one's own new one).
 */
import { TextField } from '../admin-ui.tsx';
import type { StaffAccount, StaffRole } from '../data/accounts.ts';

export const PASSWORD_HINT =
  'At least 12 characters, not a common password, and not your username.';

/** A new password: masked, offered to password managers as new, with the server's rule as hint. */
export function NewPasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}) {
  return (
    <TextField
      {...props}
      type="password"
      autoComplete="new-password"
      hint={PASSWORD_HINT}
      required
    />
  );
}

export const ROLE_TEXT = { admin: 'Admin', reviewer: 'Reviewer' } as const;

export function accountState(account: StaffAccount): string {
  if (account.setup_pending) return 'Waiting for setup';
  if (account.password_change_required) return 'Must change password';
  return account.mfa_enrolled ? 'Two-factor on' : 'No two-factor yet';
}

export function RoleSelect({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: StaffRole;
  onChange: (role: StaffRole) => void;
  error?: string | undefined;
}) {
  return (
    <div className="spartan-field">
      <label htmlFor={id} className="spartan-field__label">
        Role
      </label>
      <p id={`${id}-hint`} className="spartan-field__hint">
        Reviewers list, search, view and download applications. Admins also delete them, manage
        staff and read the audit trail.
      </p>
      {error && (
        <p id={`${id}-error`} className="spartan-field__error">
          {error}
        </p>
      )}
      <select
        id={id}
        className="spartan-input"
        aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as StaffRole)}
      >
        <option value="reviewer">Reviewer</option>
        <option value="admin">Admin</option>
      </select>
    </div>
  );
}
