/**
 * Staff accounts (`/staff?section=staff`, admins only; the server refuses anyone else): the
 * accounts, adding one with a one-time setup link or an initial password (changed at first
 * login), and for one account (`&user=<id>`): its role, a reset of its second factor or its
 * password, its sessions, and its removal.
 */
import { useId, useRef, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { navigate } from '../navigation.ts';
import { authState } from '../auth/store.ts';
import { Panel, SetupLink, TextField, sectionHref, useForm, when } from './admin-ui.tsx';
import {
  addAccount,
  changeRole,
  fetchAccount,
  listAccounts,
  removeAccount,
  resetMfa,
  resetPassword,
  type Created,
  type StaffAccount,
} from './data/accounts.ts';
import { useResource } from './data/resource.ts';
import {
  accountSessions,
  endAccountSession,
  endAccountSessions,
  type StaffSession,
} from './data/sessions.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { TableScroll } from './TableScroll.tsx';
import { AppLink } from './links.tsx';
import { PASSWORD_HINT } from './MyAccount.tsx';
import { SessionTable } from './Sessions.tsx';

const ROLE_TEXT = { admin: 'Admin', reviewer: 'Reviewer' } as const;

function accountState(account: StaffAccount): string {
  if (account.setup_pending) return 'Waiting for setup';
  if (account.password_change_required) return 'Must change password';
  return account.mfa_enrolled ? 'Two-factor on' : 'No two-factor yet';
}

export function StaffAdmin({ userId }: { userId: string | null }) {
  return userId ? <AccountDetail id={userId} /> : <AccountList />;
}

function AccountList() {
  const tableWrap = useRef<HTMLDivElement>(null);
  const accounts = useResource(() => listAccounts(), 'list');
  return (
    <>
      <Panel title="Accounts">
        <p className="staff-status" role="status">
          {accounts.loading
            ? 'Loading accounts…'
            : accounts.data
              ? `${accounts.data.length} ${accounts.data.length === 1 ? 'account' : 'accounts'}.`
              : ''}
        </p>
        {accounts.error && (
          <p className="staff-error" role="alert">
            {accounts.error}
          </p>
        )}
        {accounts.data && accounts.data.length > 0 && (
          <TableScroll label="Staff accounts table" wrapRef={tableWrap}>
            <table className="staff-table staff-table--compact">
              <caption className="spartan-visually-hidden">Staff accounts, by username</caption>
              <thead>
                <tr>
                  <th scope="col">Username</th>
                  <th scope="col">Name</th>
                  <th scope="col">Role</th>
                  <th scope="col">State</th>
                  <th scope="col">Last login</th>
                  <th scope="col">Sessions</th>
                </tr>
              </thead>
              <tbody>
                {accounts.data.map((account) => (
                  <tr key={account.id}>
                    <th scope="row">
                      <AppLink href={sectionHref('staff', { user: account.id })}>
                        {account.username}
                      </AppLink>
                    </th>
                    <td>{account.name}</td>
                    <td>{ROLE_TEXT[account.role]}</td>
                    <td>{accountState(account)}</td>
                    <td>{when(account.last_login_at)}</td>
                    <td>{account.active_sessions}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </Panel>
      <AddAccount onAdded={() => void accounts.reload()} />
    </>
  );
}

function AddAccount({ onAdded }: { onAdded: () => void }) {
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
          <TextField
            id={`${uid}-password`}
            label="Initial password"
            type="password"
            autoComplete="new-password"
            hint={PASSWORD_HINT}
            required
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

function RoleSelect({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: 'admin' | 'reviewer';
  onChange: (role: 'admin' | 'reviewer') => void;
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
        onChange={(event) => onChange(event.currentTarget.value as 'admin' | 'reviewer')}
      >
        <option value="reviewer">Reviewer</option>
        <option value="admin">Admin</option>
      </select>
    </div>
  );
}

type Pending = 'role' | 'remove' | 'reset-mfa' | 'reset-password' | 'end-all' | null;

const CONFIRM: Record<
  Exclude<Pending, null>,
  {
    title: string;
    /** `role` is the role chosen (for a role change). */
    message: (who: string, role: 'admin' | 'reviewer') => string;
    label: string;
    busy: string;
  }
> = {
  role: {
    title: 'Change the role?',
    message: (who, role) =>
      `${who} becomes ${ROLE_TEXT[role].toLowerCase()}, and every session of theirs ends now: they log in again with the new role.`,
    label: 'Change role',
    busy: 'Saving...',
  },
  remove: {
    title: 'Remove this account?',
    message: (who) => `${who} can no longer log in and every session of theirs ends now.`,
    label: 'Remove account',
    busy: 'Removing...',
  },
  'reset-mfa': {
    title: 'Reset two-factor login?',
    message: (who) =>
      `${who}'s authenticator and recovery codes stop working and their sessions end. They set up two-factor login again at their next login.`,
    label: 'Reset two-factor',
    busy: 'Resetting...',
  },
  'reset-password': {
    title: 'Reset the password?',
    message: (who) =>
      `${who}'s password stops working now and their sessions end. You get a one-time link for them to choose a new one.`,
    label: 'Reset password',
    busy: 'Resetting...',
  },
  'end-all': {
    title: 'End every session?',
    message: (who) => `${who} is logged out everywhere.`,
    label: 'End every session',
    busy: 'Ending...',
  },
};

function AccountDetail({ id }: { id: string }) {
  const uid = useId();
  const me = useSnapshot(authState).user;
  const account = useResource(() => fetchAccount(id), `account:${id}`);
  const sessions = useResource(() => accountSessions(id), `sessions:${id}`);
  const [role, setRole] = useState<'admin' | 'reviewer' | null>(null);
  const [notice, setNotice] = useState('');
  const [link, setLink] = useState<{ url: string; expires: string } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const data = account.data;
  const chosenRole = role ?? data?.role ?? 'reviewer';
  const who = data ? data.username : 'This account';

  const refresh = async () => {
    await Promise.all([account.reload(), sessions.reload()]);
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setDialogError(null);
    try {
      if (pending === 'role') {
        await changeRole(id, chosenRole);
        setNotice(`${who} is now ${ROLE_TEXT[chosenRole].toLowerCase()}; their sessions ended.`);
        setRole(null);
      } else if (pending === 'remove') {
        await removeAccount(id);
      } else if (pending === 'reset-mfa') {
        await resetMfa(id);
        setNotice(`Two-factor login reset for ${who}; their sessions ended.`);
      } else if (pending === 'reset-password') {
        const body = await resetPassword(id);
        if (body.setup_url && body.setup_expires_at) {
          setLink({ url: body.setup_url, expires: body.setup_expires_at });
        }
        setNotice(`Password reset for ${who}; their sessions ended.`);
      } else {
        setNotice(`${await endAccountSessions(id)} sessions of ${who} ended.`);
      }
    } catch (failure) {
      setDialogError((failure as Error).message);
      setBusy(false);
      return;
    }
    // Done: the dialog closes now; the account's facts and sessions catch up behind it.
    setBusy(false);
    if (pending === 'remove') {
      setPending(null);
      navigate(sectionHref('staff'));
      return;
    }
    setPending(null);
    void refresh();
  };

  const endOne = async (session: StaffSession) => {
    setEnding(session.id);
    try {
      await endAccountSession(id, session.id);
      setNotice('Session ended.');
      await refresh();
    } catch (failure) {
      setNotice((failure as Error).message);
    } finally {
      setEnding(null);
    }
  };

  return (
    <>
      <p className="staff-back">
        <AppLink href={sectionHref('staff')}>← All staff accounts</AppLink>
      </p>
      <Panel title={data ? `Account ${data.username}` : 'Account'}>
        <p className="staff-status" role="status">
          {account.loading && !data ? 'Loading the account…' : notice}
        </p>
        {account.error && (
          <p className="staff-error" role="alert">
            {account.error}
          </p>
        )}
        {data && (
          <dl className="staff-fields">
            <div className="staff-fields__row">
              <dt>Name</dt>
              <dd>{data.name || '—'}</dd>
            </div>
            <div className="staff-fields__row">
              <dt>Role</dt>
              <dd>{ROLE_TEXT[data.role]}</dd>
            </div>
            <div className="staff-fields__row">
              <dt>State</dt>
              <dd>{accountState(data)}</dd>
            </div>
            <div className="staff-fields__row">
              <dt>Created</dt>
              <dd>{when(data.created_at)}</dd>
            </div>
            <div className="staff-fields__row">
              <dt>Last login</dt>
              <dd>{when(data.last_login_at)}</dd>
            </div>
          </dl>
        )}
        {link && <SetupLink url={link.url} expires={link.expires} who={who} />}
      </Panel>

      {data && (
        <Panel title="Role">
          <form
            className="spartan-form staff-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              // It ends their sessions: asked first, in a dialog.
              if (chosenRole !== data.role) setPending('role');
            }}
          >
            <RoleSelect id={`${uid}-role`} value={chosenRole} onChange={setRole} />
            {/* Unavailable until another role is chosen, but focusable: after a change, focus
                stays here (a disabled button would drop it to the page). */}
            <button
              type="submit"
              className="button button--dark"
              aria-disabled={chosenRole === data.role ? true : undefined}
            >
              Change role
            </button>
          </form>
        </Panel>
      )}

      {data && (
        <Panel title="Security">
          <div className="button-row">
            {/* Not one's own: its sessions end at once, and with them one's own, before its link
                could be seen. One's own password changes under My account. */}
            {me?.id === data.id ? (
              <AppLink className="button button--outline" href={sectionHref('account')}>
                Change your password in My account
              </AppLink>
            ) : (
              <button
                type="button"
                className="button button--outline"
                onClick={() => setPending('reset-password')}
              >
                Reset password
              </button>
            )}
            <button
              type="button"
              className="button button--outline"
              onClick={() => setPending('reset-mfa')}
              disabled={!data.mfa_enrolled}
            >
              Reset two-factor
            </button>
            {me?.id !== data.id && (
              <button
                type="button"
                className="button staff-button--danger"
                onClick={() => setPending('remove')}
              >
                Remove account
              </button>
            )}
          </div>
        </Panel>
      )}

      {data && (
        <Panel title="Sessions">
          {sessions.error && (
            <p className="staff-error" role="alert">
              {sessions.error}
            </p>
          )}
          {sessions.data && (
            <SessionTable
              sessions={sessions.data}
              caption={`Active sessions of ${who}`}
              busyId={ending}
              onEnd={(session) => void endOne(session)}
            />
          )}
          {sessions.data && sessions.data.length > 0 && (
            <div className="button-row staff-panel__actions">
              <button
                type="button"
                className="button button--outline"
                onClick={() => setPending('end-all')}
              >
                End every session
              </button>
            </div>
          )}
        </Panel>
      )}

      {pending && (
        <ConfirmDialog
          title={CONFIRM[pending].title}
          message={CONFIRM[pending].message(who, chosenRole)}
          confirmLabel={CONFIRM[pending].label}
          busyLabel={CONFIRM[pending].busy}
          busy={busy}
          error={dialogError}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setDialogError(null);
            setPending(null);
          }}
        />
      )}
    </>
  );
}
