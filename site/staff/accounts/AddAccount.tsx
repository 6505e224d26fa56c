/** Adding a staff account, with a one-time setup link or an initial password. */
import { useId, useRef, useState } from 'react';
import { Panel, SetupLink, TextField, useForm } from '../admin-ui.tsx';
import { addAccount, type Created } from '../data/accounts.ts';
import { NewPasswordField, ROLE_TEXT, RoleSelect } from './account-ui.tsx';

export function AddAccount({ onAdded }: { onAdded: () => void }) {
  const uid = useId();
  const [username, setUsername] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<'reviewer' | 'admin'>('reviewer');
  const [setup, setSetup] = useState<'link' | 'password'>('link');
  const [password, setPassword] = useState('');
  const [created, setCreated] = useState<Created | null>(null);
  const form = useForm();
  const doneRef = useRef<HTMLParagraphElement>(null);
  return (
    <Panel title="Add an account">
      <form
        className="spartan-form staff-form"
        noValidate
        aria-busy={form.busy}
        onSubmit={(event) => {
          event.preventDefault();
          void form.submit(async () => {
            setCreated(null);
            const body = await addAccount({
              username: username.trim(),
              ...(name.trim() ? { name: name.trim() } : {}),
              role,
              setup,
              ...(setup === 'password' ? { password } : {}),
            });
            setCreated(body);
            setUsername('');
            setName('');
            setPassword('');
            onAdded();
            requestAnimationFrame(() => doneRef.current?.focus());
          });
        }}
      >
        {form.summary}
        <TextField
          id={`${uid}-username`}
          label="Username"
          hint="Letters, digits and . _ @ - (up to 150)."
          required
          autoComplete="off"
          value={username}
          onChange={setUsername}
          error={form.fields.username}
        />
        <TextField
          id={`${uid}-name`}
          label="Full name (optional)"
          autoComplete="off"
          value={name}
          onChange={setName}
          error={form.fields.name}
        />
        <RoleSelect id={`${uid}-role`} value={role} onChange={setRole} error={form.fields.role} />
        <fieldset className="staff-choice">
          <legend className="spartan-field__label">How they set their password</legend>
          <label>
            <input
              type="radio"
              name={`${uid}-setup`}
              checked={setup === 'link'}
              onChange={() => setSetup('link')}
            />{' '}
            A one-time setup link (valid 72 hours)
          </label>
          <label>
            <input
              type="radio"
              name={`${uid}-setup`}
              checked={setup === 'password'}
              onChange={() => setSetup('password')}
            />{' '}
            An initial password, which they change at first login
          </label>
        </fieldset>
        {setup === 'password' && (
          <NewPasswordField
            id={`${uid}-password`}
            label="Initial password"
            value={password}
            onChange={setPassword}
            error={form.fields.password}
          />
        )}
        <button type="submit" className="button button--dark" disabled={form.busy}>
          {form.busy ? 'Adding...' : 'Add account'}
        </button>
      </form>
      {created && (
        <div className="staff-done">
          <p ref={doneRef} tabIndex={-1} className="staff-done__title">
            Account {created.data.username} added as {ROLE_TEXT[created.data.role].toLowerCase()}.
          </p>
          {created.setup_url && created.setup_expires_at ? (
            <SetupLink
              url={created.setup_url}
              expires={created.setup_expires_at}
              who={created.data.username}
            />
          ) : (
            <p>
              Give them the initial password by a trusted channel: they choose their own at first
              login.
            </p>
          )}
        </div>
      )}
    </Panel>
  );
}
