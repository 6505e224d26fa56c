/**
 * One staff account (`&user=<id>`): its facts, its role, a reset of its second factor or its
 * password, its sessions, and its removal, each asked first in a dialog.
 */
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { navigate } from '../../navigation.ts';
import { authState } from '../../auth/store.ts';
import { Panel, SetupLink, sectionHref, when } from '../admin-ui.tsx';
import {
  changeRole,
  fetchAccount,
  removeAccount,
  resetMfa,
  resetPassword,
} from '../data/accounts.ts';
import { useResource } from '../data/resource.ts';
import {
  accountSessions,
  endAccountSession,
  endAccountSessions,
  type StaffSession,
} from '../data/sessions.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { AppLink } from '../links.tsx';
import { ROLE_TEXT, RoleSelect, accountState } from './account-ui.tsx';
import { CONFIRM, type Pending } from './confirmations.ts';
import { SessionTable } from './Sessions.tsx';

export function AccountDetail({ id }: { id: string }) {
  const uid = useId();
  const me = useSnapshot(authState).user;
  const account = useResource(() => fetchAccount(id), `account:${id}`);
  const sessions = useResource(() => accountSessions(id), `sessions:${id}`);
  const [role, setRole] = useState<'admin' | 'reviewer' | null>(null);
  const [notice, setNotice] = useState('');
  const [link, setLink] = useState<{
    url: string;
    expires: string;
    purpose: 'password' | 'mfa';
  } | null>(null);
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
        const body = await resetMfa(id);
        setLink(
          body.setup_url && body.setup_expires_at
            ? { url: body.setup_url, expires: body.setup_expires_at, purpose: 'mfa' }
            : null,
        );
        setNotice(`Two-factor login reset for ${who}; their sessions ended.`);
      } else if (pending === 'reset-password') {
        const body = await resetPassword(id);
        if (body.setup_url && body.setup_expires_at) {
          setLink({ url: body.setup_url, expires: body.setup_expires_at, purpose: 'password' });
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
        {link && (
          <SetupLink url={link.url} expires={link.expires} who={who} purpose={link.purpose} />
        )}
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
