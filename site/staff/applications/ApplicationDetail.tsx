import '../../../widgets/text-input.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio/react';
import { documentTitle, navigate } from '../../navigation.ts';
import { authState } from '../../auth/store.ts';
import { fetchActivity, setStatus } from '../data/activity.ts';
import {
  ALREADY_DELETED,
  announce,
  fetchDetail,
  removeApplication,
  staffState,
  type ActivityState,
  type ListFilters,
} from '../data/applications.ts';
import { DeleteDialog } from '../ConfirmDialog.tsx';
import { KINDS, fieldText, type Kind } from '../kinds.ts';
import { listHref } from '../urls.ts';
import { NotesPanel, StatusPanel } from './ActivityPanels.tsx';
import { AlsoApplied, AssignPanel, NeighbourLinks, step } from '../team/TriagePanel.tsx';
import { useNeighbours } from '../team/useNeighbours.ts';
import { ApplicationFields } from './ApplicationFields.tsx';
import { BackLink } from './BackLink.tsx';
import { useNoteDraft } from './useNoteDraft.ts';
import './desk.css';

/** No notes or history yet: what shows until this application's have come. */
const NO_ACTIVITY: ActivityState = { id: null, notes: [], history: [], error: null };

/**
 * Every field of one application, its status (with who changed it, when), who it is assigned
 * to, the applicant's other applications, the staff's notes, its resume (downloaded with the
 * token, a PDF read in place) and, for admins, delete; the previous and next application of the
 * list it was opened from, and "Save and next". Focus goes to the applicant's name once it has
 * loaded, and the title names them.
 */
export function ApplicationDetail({
  kind,
  id,
  from,
}: {
  kind: Kind;
  id: string;
  /** The list it was opened from (in its address): where Back goes. */
  from: ListFilters;
}) {
  const info = KINDS[kind];
  const snap = useSnapshot(staffState[kind]);
  const auth = useSnapshot(authState);
  const detail = snap.detail;
  // The notes and history of this application only (the store holds those of the last asked for).
  const activity = snap.activity.id === id ? snap.activity : NO_ACTIVITY;
  const uid = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focused = useRef<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [statusError, setStatusError] = useState<string | null>(null);
  const neighbours = useNeighbours(kind, id, from);
  // Which of the status form's buttons submitted it: "Save and next" sets this first.
  const thenNext = useRef(false);
  const { note, writeNote, noteState, onNote, shown, key } = useNoteDraft(kind, id, () =>
    setStatusError(null),
  );

  useEffect(() => {
    // Its notes once the application has come, unless another was opened meanwhile: a late
    // answer for this one would otherwise take the notes' place from the one now open.
    let live = true;
    void fetchDetail(kind, id).then(() => (live ? fetchActivity(kind, id) : undefined));
    return () => {
      live = false;
    };
  }, [kind, id]);

  const item = detail.data && detail.data.id === id ? detail.data : null;
  const name = item ? fieldText('fullname', item.fullname) : '';
  const back = listHref(kind, from);
  // Deleted meanwhile (a Set status or Add note met a 404): said once, on the way back offered.
  const deleted = !item && detail.deleted;
  const goneRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (deleted) goneRef.current?.focus();
  }, [deleted]);

  // Once the application has loaded: its name in the title, focus on its heading (once per id).
  // If it cannot load, focus goes there too, before the error: the link that opened it is gone.
  const failed = !item && !detail.loading && Boolean(detail.error);
  useEffect(() => {
    if ((!item && !failed) || focused.current === id) return;
    focused.current = id;
    if (item) document.title = documentTitle(`${name} · ${info.title}`);
    headingRef.current?.focus();
  }, [item, failed, id, name, info.title]);

  const onStatus = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const status = new FormData(event.currentTarget).get('status');
    const value = typeof status === 'string' ? status : '';
    const next = thenNext.current;
    thenNext.current = false;
    setStatusError(null);
    // From the status shown: a colleague's change since is not overwritten (the server refuses).
    const failed = await setStatus(kind, id, value, item ? String(item.status) : undefined);
    if (shown.current !== key) return; // Its answer is not about the application open now.
    const said = `Status set to ${fieldText('status', value)}.`;
    if (failed) setStatusError(failed);
    else if (next) await step(neighbours, 1, `${said} `);
    else announce(said);
  };

  const onDelete = async () => {
    if (await removeApplication(kind, id)) {
      staffState.focusList = true;
      navigate(back, true, true);
    }
  };

  return (
    <section className="staff-section" aria-labelledby="staff-detail-title">
      <p>
        <BackLink href={back} title={info.title} />
      </p>
      <NeighbourLinks kind={kind} from={from} neighbours={neighbours} />
      <h2 id="staff-detail-title" ref={headingRef} tabIndex={-1} className="staff-section__title">
        {item ? name : 'Application'}
      </h2>
      {detail.loading && (
        <p className="staff-status" role="status">
          Loading the application…
        </p>
      )}
      {deleted ? (
        // Not an alert: focus goes to the way back, which the message describes (said once).
        <>
          <p id={`${uid}-deleted`} className="staff-error">
            {ALREADY_DELETED}
          </p>
          <p>
            <BackLink
              href={back}
              title={info.title}
              linkRef={goneRef}
              describedBy={`${uid}-deleted`}
            />
          </p>
        </>
      ) : (
        detail.error && (
          <p className="staff-error" role="alert">
            {detail.error}
          </p>
        )
      )}
      {item && (
        <div className="staff-detail">
          <ApplicationFields
            kind={kind}
            item={item}
            isAdmin={auth.user?.role === 'admin'}
            onDelete={() => setConfirming(true)}
          />
          <div className="staff-detail__side">
            <StatusPanel
              kind={kind}
              status={String(item.status)}
              history={activity.history}
              error={statusError}
              onSubmit={(e) => void onStatus(e)}
              onSaveAndNext={() => (thenNext.current = true)}
            />
            <AssignPanel kind={kind} id={id} assignee={item.assignee} />
            <AlsoApplied kind={kind} />
            <NotesPanel
              note={note}
              onWrite={writeNote}
              state={noteState}
              error={activity.error}
              notes={activity.notes}
              onSubmit={(e) => void onNote(e)}
            />
          </div>
        </div>
      )}
      {confirming && item && (
        <DeleteDialog
          kind={kind}
          item={item}
          onConfirm={() => void onDelete()}
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
