/** The panels of one staff account's page (AccountDetail.tsx): its facts, its role, its security. */
import { AppLink } from '../links.tsx';
import { Panel, sectionHref, when } from '../admin-ui.tsx';
import type { StaffAccount, StaffRole } from '../data/accounts.ts';
import { ROLE_TEXT, RoleSelect, accountState } from './account-ui.tsx';
import type { Pending } from './confirmations.ts';

type Ask = (what: Exclude<Pending, null>) => void;

export function AccountFacts({ data }: { data: StaffAccount }) {
  return (
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
  );
}

/** The role, changed once another is chosen (asked first: it ends their sessions). */
export function RolePanel({
  id,
  data,
  chosen,
  onChoose,
  ask,
}: {
  id: string;
  data: StaffAccount;
  chosen: StaffRole;
  onChoose: (role: StaffRole) => void;
  ask: Ask;
}) {
  return (
    <Panel title="Role">
      <form
        className="spartan-form staff-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          // It ends their sessions: asked first, in a dialog.
          if (chosen !== data.role) ask('role');
        }}
      >
        <RoleSelect id={id} value={chosen} onChange={onChoose} />
        {/* Unavailable until another role is chosen, but focusable: after a change, focus
            stays here (a disabled button would drop it to the page). */}
        <button
          type="submit"
          className="button button--dark"
          aria-disabled={chosen === data.role ? true : undefined}
        >
          Change role
        </button>
      </form>
    </Panel>
  );
}

/** Resets and removal, each asked first. One's own password changes under My account. */
export function SecurityPanel({
  data,
  isMe,
  ask,
}: {
  data: StaffAccount;
  isMe: boolean;
  ask: Ask;
}) {
  return (
    <Panel title="Security">
      <div className="button-row">
        {/* Not one's own: its sessions end at once, and with them one's own, before its link
            could be seen. One's own password changes under My account. */}
        {isMe ? (
          <AppLink className="button button--outline" href={sectionHref('account')}>
            Change your password in My account
          </AppLink>
        ) : (
          <button
            type="button"
            className="button button--outline"
            onClick={() => ask('reset-password')}
          >
            Reset password
          </button>
        )}
        <button
          type="button"
          className="button button--outline"
          onClick={() => ask('reset-mfa')}
          disabled={!data.mfa_enrolled}
        >
          Reset two-factor
        </button>
        {!isMe && (
          <button
            type="button"
            className="button staff-button--danger"
            onClick={() => ask('remove')}
          >
            Remove account
          </button>
        )}
      </div>
    </Panel>
  );
}
