/**
 * My account (`/staff?section=account`), for every role: your active sessions, each endable,
 * "Log out everywhere", and changing your password with the current one (your other sessions
 * then end).
 */
import { useId, useState } from 'react';
import { navigate } from '../../navigation.ts';
import { endingSession } from '../../auth/expire.ts';
import { authState, loggedOut, sessionToken } from '../../auth/store.ts';
import { Panel, TextField, useForm } from '../admin-ui.tsx';
import { changeOwnPassword } from '../data/accounts.ts';
import { resetStaffState } from '../data/applications.ts';
import { useResource } from '../data/resource.ts';
import { endOwnSession, logoutAll, ownSessions } from '../data/sessions.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { useConfirmation } from '../useConfirmation.ts';
import { NewPasswordField } from './account-ui.tsx';
import { SessionList } from './Sessions.tsx';

export function MyAccount() {
  const uid = useId();
  const sessions = useResource(ownSessions, 'own');
  const [notice, setNotice] = useState('');
  const [changed, setChanged] = useState('');
  const confirmAll = useConfirmation<'all'>();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const form = useForm();

  const logoutEverywhere = async () => {
    await endingSession(sessionToken(), async () => {
      await logoutAll();
      loggedOut(authState);
    });
    resetStaffState();
    navigate('/security-login', true);
  };

  return (
    <>
      <Panel title="Your sessions">
        <p>
          Every browser where you are logged in. End the ones you do not recognise, or log out
          everywhere, this browser included.
        </p>
        <p className="staff-status" role="status">
          {sessions.loading ? 'Loading your sessions…' : notice}
        </p>
        <SessionList
          sessions={sessions}
          caption="Your active sessions"
          end={(session) => endOwnSession(session.id)}
          after={sessions.reload}
          say={setNotice}
        />
        <div className="button-row staff-panel__actions">
          <button
            type="button"
            className="button staff-button--danger"
            onClick={() => confirmAll.ask('all')}
          >
            Log out everywhere
          </button>
        </div>
      </Panel>

      <Panel title="Change your password">
        <form
          className="spartan-form staff-form"
          noValidate
          aria-busy={form.busy}
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit(async () => {
              setChanged('');
              const body = await changeOwnPassword(current, next);
              setCurrent('');
              setNext('');
              const ended = body.sessions_ended ?? 0;
              setChanged(
                `Password changed. ${ended === 1 ? '1 other session' : `${ended} other sessions`} ended.`,
              );
              await sessions.reload();
            });
          }}
        >
          {form.summary}
          <TextField
            id={`${uid}-current`}
            label="Current password"
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={setCurrent}
            error={form.fields.current_password}
          />
          <NewPasswordField
            id={`${uid}-new`}
            label="New password"
            value={next}
            onChange={setNext}
            error={form.fields.new_password}
          />
          <button type="submit" className="button button--dark" disabled={form.busy}>
            {form.busy ? 'Changing...' : 'Change password'}
          </button>
          <p className="staff-status" role="status">
            {changed}
          </p>
        </form>
      </Panel>

      {confirmAll.asked && (
        <ConfirmDialog
          {...confirmAll.dialog}
          title="Log out everywhere?"
          message="Every session of your account ends, this one included. You will need to log in again."
          confirmLabel="Log out everywhere"
          busyLabel="Logging out..."
          onConfirm={() => void confirmAll.run(logoutEverywhere)}
        />
      )}
    </>
  );
}
