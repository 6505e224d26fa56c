/** A table of staff sessions (your own, or an account's for an admin), each one endable. */
import { browserName, when } from './admin-ui.tsx';

export interface StaffSession {
  id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
  current: boolean;
}

export function SessionTable({
  sessions,
  caption,
  onEnd,
  busyId,
}: {
  sessions: readonly StaffSession[];
  caption: string;
  onEnd: (session: StaffSession) => void;
  busyId: string | null;
}) {
  if (sessions.length === 0) return <p className="staff-empty">No active sessions.</p>;
  return (
    <div
      className="staff-table-wrap"
      role="region"
      aria-label={caption}
      // Focusable so keyboard users can scroll the table on narrow screens.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <table className="staff-table staff-table--compact">
        <caption className="spartan-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Browser</th>
            <th scope="col">Address</th>
            <th scope="col">Logged in</th>
            <th scope="col">Last active</th>
            <th scope="col">
              <span className="spartan-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const label = `${browserName(session.user_agent)}, logged in ${when(session.created_at)}`;
            return (
              <tr key={session.id}>
                <th scope="row">
                  {browserName(session.user_agent)}
                  {session.current && <span className="staff-badge">This browser</span>}
                </th>
                <td>{session.ip}</td>
                <td>{when(session.created_at)}</td>
                <td>{when(session.last_seen_at)}</td>
                <td>
                  {!session.current && (
                    <button
                      type="button"
                      className="button button--outline staff-button--small"
                      disabled={busyId === session.id}
                      onClick={() => onEnd(session)}
                    >
                      {busyId === session.id ? 'Ending...' : 'End'}{' '}
                      <span className="spartan-visually-hidden">the session: {label}</span>
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
