/**
 * Staff accounts (`/staff?section=staff`, admins only; the server refuses anyone else): the
 * accounts, adding one with a one-time setup link or an initial password (changed at first
 * login), and for one account (`&user=<id>`): its role, a reset of its second factor or its
 * password, its sessions, and its removal.
 */
import { useRef } from 'react';
import { sectionHref, Panel, when } from '../admin-ui.tsx';
import { listAccounts } from '../data/accounts.ts';
import { useResource } from '../data/resource.ts';
import { TableScroll } from '../TableScroll.tsx';
import { AppLink } from '../links.tsx';
import { AccountDetail } from './AccountDetail.tsx';
import { ROLE_TEXT, accountState } from './account-ui.tsx';
import { AddAccount } from './AddAccount.tsx';

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
