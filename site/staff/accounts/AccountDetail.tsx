/**
 * One staff account (`&user=<id>`): its facts, its role, a reset of its second factor or its
 * password, its sessions, and its removal, each asked first in a dialog.
 */
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { navigate } from '../../navigation.ts';
import { authState } from '../../auth/store.ts';
import { Panel, SetupLink, sectionHref } from '../admin-ui.tsx';
import {
  changeRole,
  fetchAccount,
  removeAccount,
  resetMfa,
  resetPassword,
  type StaffRole,
} from '../data/accounts.ts';
import { useResource } from '../data/resource.ts';
import { accountSessions, endAccountSession, endAccountSessions } from '../data/sessions.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { AppLink } from '../links.tsx';
import { useConfirmation } from '../useConfirmation.ts';
import { AccountFacts, RolePanel, SecurityPanel } from './AccountPanels.tsx';
import { ROLE_TEXT } from './account-ui.tsx';
import { CONFIRM, type Pending } from './confirmations.ts';
import { SessionList } from './Sessions.tsx';

export function AccountDetail({ id }: { id: string }) {
  const uid = useId();
  const me = useSnapshot(authState).user;
  const account = useResource(() => fetchAccount(id), `account:${id}`);
  const sessions = useResource(() => accountSessions(id), `sessions:${id}`);
  const [role, setRole] = useState<StaffRole | null>(null);
  const [notice, setNotice] = useState('');
  const [link, setLink] = useState<{
    url: string;
    expires: string;
    purpose: 'password' | 'mfa';
  } | null>(null);
  const confirmation = useConfirmation<Exclude<Pending, null>>();
  const data = account.data;
  const chosenRole = role ?? data?.role ?? 'reviewer';
  const who = data ? data.username : 'This account';

  const refresh = async () => {
    await Promise.all([account.reload(), sessions.reload()]);
  };

  const act = async (pending: Exclude<Pending, null>) => {
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
  };
  const confirm = async () => {
    const pending = confirmation.asked;
    // Done: the dialog closes now; the account's facts and sessions catch up behind it.
    if (!(await confirmation.run(act))) return;
    if (pending === 'remove') navigate(sectionHref('staff'));
    else void refresh();
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
        {data && <AccountFacts data={data} />}
        {link && (
          <SetupLink url={link.url} expires={link.expires} who={who} purpose={link.purpose} />
        )}
      </Panel>

      {data && (
        <RolePanel
          id={`${uid}-role`}
          data={data}
          chosen={chosenRole}
          onChoose={setRole}
          ask={confirmation.ask}
        />
      )}

      {data && <SecurityPanel data={data} isMe={me?.id === data.id} ask={confirmation.ask} />}

      {data && (
        <Panel title="Sessions">
          <SessionList
            sessions={sessions}
            caption={`Active sessions of ${who}`}
            end={(session) => endAccountSession(id, session.id)}
            after={refresh}
            say={setNotice}
          />
          {sessions.data && sessions.data.length > 0 && (
            <div className="button-row staff-panel__actions">
              <button
                type="button"
                className="button button--outline"
                onClick={() => confirmation.ask('end-all')}
              >
                End every session
              </button>
            </div>
          )}
        </Panel>
      )}

      {confirmation.asked && (
        <ConfirmDialog
          {...confirmation.dialog}
          title={CONFIRM[confirmation.asked].title}
          message={CONFIRM[confirmation.asked].message(who, chosenRole)}
          confirmLabel={CONFIRM[confirmation.asked].label}
          busyLabel={CONFIRM[confirmation.asked].busy}
          onConfirm={() => void confirm()}
        />
      )}
    </>
  );
}
