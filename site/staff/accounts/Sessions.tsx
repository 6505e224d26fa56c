/** A table of staff sessions (your own, or an account's for an admin), each one endable. */
import { useEffect, useRef, useState } from 'react';
import { TableScroll } from '../TableScroll.tsx';
import { useFocusAfterRemoval } from '../useFocusAfterRemoval.ts';
import { browserName, when } from '../admin-ui.tsx';
import type { StaffSession } from '../data/sessions.ts';

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
  const wrap = useRef<HTMLDivElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  // The ended session's row goes: focus goes to the End of the row that took its place, else of
  // the one before, else to the table (or the note that none is left).
  const focus = useFocusAfterRemoval(
    sessions,
    wrap,
    'tbody button',
    () => wrap.current ?? empty.current,
  );
  // An end that failed leaves the row, and focus on its button.
  useEffect(() => {
    if (busyId === null) focus.kept();
  }, [busyId, sessions, focus]);

  if (sessions.length === 0)
    return (
      <p ref={empty} tabIndex={-1} className="staff-empty">
        No active sessions.
      </p>
    );
  const endable = sessions.filter((s) => !s.current);
  return (
    <TableScroll label={caption} wrapRef={wrap}>
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
                      // Busy but focusable: a disabled button would drop focus to the page.
                      aria-disabled={busyId === session.id ? true : undefined}
                      onClick={() => {
                        if (busyId !== null) return;
                        focus.removing(session.id, endable.indexOf(session));
                        onEnd(session);
                      }}
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
    </TableScroll>
  );
}

/**
 * Sessions as loaded (your own, or an account's): the load's error, or the table, each session
 * endable. `end` ends one; `say` tells how it went, and `after` reloads what shows them.
 */
export function SessionList({
  sessions,
  caption,
  end,
  after,
  say,
}: {
  sessions: { data: readonly StaffSession[] | null; error: string | null };
  caption: string;
  end: (session: StaffSession) => Promise<unknown>;
  after: () => Promise<unknown>;
  say: (text: string) => void;
}) {
  const [ending, setEnding] = useState<string | null>(null);
  const endOne = async (session: StaffSession) => {
    setEnding(session.id);
    try {
      await end(session);
      say('Session ended.');
      await after();
    } catch (failure) {
      say((failure as Error).message);
    } finally {
      setEnding(null);
    }
  };
  return (
    <>
      {sessions.error && (
        <p className="staff-error" role="alert">
          {sessions.error}
        </p>
      )}
      {sessions.data && (
        <SessionTable
          sessions={sessions.data}
          caption={caption}
          busyId={ending}
          onEnd={(session) => void endOne(session)}
        />
      )}
    </>
  );
}
