import '../../widgets/text-input.ts';
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { useSnapshot } from 'valtio/react';
import { MAX_NOTE_LENGTH, REVIEW_STATUSES } from '../../content/review.ts';
import { documentTitle, navigate } from '../navigation.ts';
import { authState } from '../auth/store.ts';
import { addNote, fetchActivity, setStatus } from './data/activity.ts';
import {
  ALREADY_DELETED,
  announce,
  fetchDetail,
  removeApplication,
  staffState,
  type ActivityState,
  type ListFilters,
} from './data/applications.ts';
import { downloadResume } from './data/files.ts';
import { DeleteDialog } from './ConfirmDialog.tsx';
import { KINDS, fieldText, type Kind } from './kinds.ts';
import { AppLink } from './links.tsx';
import { dropDraft, readDraft, writeDraft } from './note-drafts.ts';
import { listHref } from './urls.ts';
import './desk.css';

interface Resume {
  filename: string;
  size: number;
}

function resumeOf(value: unknown): Resume | null {
  const r = value as Partial<Resume> | null | undefined;
  return r && typeof r.filename === 'string'
    ? { filename: r.filename, size: Number(r.size) || 0 }
    : null;
}

/** No notes or history yet: what shows until this application's have come. */
const NO_ACTIVITY: ActivityState = { id: null, notes: [], history: [], error: null };

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * Every field of one application, its status (with who changed it, when), the staff's notes,
 * its resume (downloaded with the token) and, for admins, delete. Focus goes to the applicant's
 * name once it has loaded, and the title names them.
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
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const [statusError, setStatusError] = useState<string | null>(null);
  const [noteState, setNoteState] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  // The note being written: kept as a draft of this application until saved (note-drafts.ts).
  const [note, setNote] = useState(() => readDraft(kind, id));
  // This application: each draft, and each call's answer, belongs to one.
  const key = `${kind}:${id}`;
  const [draftOf, setDraftOf] = useState(key);
  // The application shown now, for calls that answer after another was opened.
  const shown = useRef(key);
  useEffect(() => {
    shown.current = key;
  }, [key]);
  if (draftOf !== key) {
    setDraftOf(key);
    setNote(readDraft(kind, id));
    setNoteState({ busy: false, error: null });
    setStatusError(null);
  }
  const writeNote = (text: string) => {
    setNote(text);
    writeDraft(kind, id, text);
  };

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
  const resume = item ? resumeOf(item.resume) : null;
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

  // While busy the buttons below say so (aria-disabled) and do nothing, but stay enabled: a
  // disabled button loses the keyboard focus, which then falls back to the top of the page.
  const onDownload = async () => {
    if (!resume || download.busy) return;
    setDownload({ busy: true, error: null });
    try {
      await downloadResume(kind, id, resume.filename);
      setDownload({ busy: false, error: null });
    } catch (error) {
      setDownload({ busy: false, error: (error as Error).message });
    }
  };

  const onStatus = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const status = new FormData(event.currentTarget).get('status');
    const value = typeof status === 'string' ? status : '';
    setStatusError(null);
    // From the status shown: a colleague's change since is not overwritten (the server refuses).
    const failed = await setStatus(kind, id, value, item ? String(item.status) : undefined);
    if (shown.current !== key) return; // Its answer is not about the application open now.
    if (failed) setStatusError(failed);
    else announce(`Status set to ${fieldText('status', value)}`);
  };

  const onNote = async (event: FormEvent) => {
    event.preventDefault();
    if (noteState.busy) return;
    if (!note.trim()) {
      setNoteState({ busy: false, error: 'Write the note first' });
      return;
    }
    setNoteState({ busy: true, error: null });
    const failed = await addNote(kind, id, note);
    if (shown.current !== key) {
      // Another application is open now: its box and its draft are not this note's. A failed
      // note stays this application's draft, for when it is opened again.
      if (!failed) dropDraft(kind, id);
      return;
    }
    setNoteState({ busy: false, error: failed });
    if (!failed) {
      writeNote('');
      announce('Note added');
    }
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
          <div className="staff-detail__main">
            <dl className="staff-fields">
              {info.fields.map((field) => (
                <div key={field.key} className="staff-fields__row">
                  <dt>{field.label}</dt>
                  <dd>{fieldText(field.key, item[field.key])}</dd>
                </div>
              ))}
              {info.resume && (
                <div className="staff-fields__row">
                  <dt>Resume</dt>
                  <dd>{resume ? `${resume.filename} (${kb(resume.size)})` : 'None'}</dd>
                </div>
              )}
            </dl>
            <div className="button-row">
              {resume && (
                <button
                  type="button"
                  className="button button--gold"
                  onClick={() => void onDownload()}
                  aria-disabled={download.busy || undefined}
                >
                  {download.busy ? 'Downloading...' : 'Download resume'}
                </button>
              )}
              {auth.user?.role === 'admin' && (
                <button
                  type="button"
                  className="button staff-button--danger"
                  onClick={() => setConfirming(true)}
                >
                  Delete application
                </button>
              )}
            </div>
            <p className="staff-status" role="status">
              {download.busy ? 'Downloading the resume…' : ''}
            </p>
            {download.error && (
              <p className="staff-error" role="alert">
                {download.error}
              </p>
            )}
          </div>

          <div className="staff-detail__side">
            <section aria-labelledby={`${uid}-status-title`} className="staff-panel">
              <h3 id={`${uid}-status-title`}>Status</h3>
              <form className="staff-status-form" onSubmit={(e) => void onStatus(e)}>
                <label htmlFor={`${uid}-status`}>Review status</label>
                <div className="staff-search__row">
                  <select
                    key={String(item.status)}
                    id={`${uid}-status`}
                    name="status"
                    className="staff-input"
                    defaultValue={String(item.status)}
                  >
                    {REVIEW_STATUSES[kind].map((s) => (
                      <option key={s.value} value={s.value}>
                        {s.label}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="button button--dark">
                    Set status
                  </button>
                </div>
              </form>
              {statusError && (
                <p className="staff-error" role="alert">
                  {statusError}
                </p>
              )}
              {activity.history.length > 0 && (
                <>
                  <h4>History</h4>
                  <ol className="staff-timeline">
                    {activity.history.map((change) => (
                      <li key={change.id}>
                        <strong>{fieldText('status', change.to)}</strong>
                        {change.from ? ` (was ${fieldText('status', change.from)})` : ''}
                        <span className="staff-timeline__meta">
                          {change.actor}, {fieldText('at', change.at)}
                        </span>
                      </li>
                    ))}
                  </ol>
                </>
              )}
            </section>

            <section aria-labelledby={`${uid}-notes-title`} className="staff-panel">
              <h3 id={`${uid}-notes-title`}>Notes</h3>
              <form onSubmit={(e) => void onNote(e)} className="staff-note-form">
                <label htmlFor={`${uid}-note`}>Add a note for colleagues</label>
                <textarea
                  id={`${uid}-note`}
                  className="staff-input staff-note-form__text"
                  rows={3}
                  maxLength={MAX_NOTE_LENGTH}
                  value={note}
                  aria-invalid={noteState.error ? true : undefined}
                  aria-describedby={noteState.error ? `${uid}-note-error` : undefined}
                  onChange={(event) => writeNote(event.currentTarget.value)}
                />
                {noteState.error && (
                  <p id={`${uid}-note-error`} className="staff-error" role="alert">
                    {noteState.error}
                  </p>
                )}
                <button
                  type="submit"
                  className="button button--dark"
                  aria-disabled={noteState.busy || undefined}
                >
                  {noteState.busy ? 'Saving…' : 'Add note'}
                </button>
              </form>
              {activity.error && (
                <p className="staff-error" role="alert">
                  {activity.error}
                </p>
              )}
              {activity.notes.length > 0 ? (
                <ol className="staff-notes" aria-label="Notes, newest first">
                  {activity.notes.map((n) => (
                    <li key={n.id} className="staff-note">
                      <p className="staff-timeline__meta">
                        <strong>{n.author}</strong>, {fieldText('at', n.at)}
                      </p>
                      <p className="staff-note__body">{n.body}</p>
                    </li>
                  ))}
                </ol>
              ) : (
                <p className="staff-hint">No notes yet.</p>
              )}
            </section>
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

/** The way back to the list the application was opened from; the list then takes focus. */
function BackLink({
  href,
  title,
  linkRef,
  describedBy,
}: {
  href: string;
  title: string;
  linkRef?: Ref<HTMLAnchorElement>;
  describedBy?: string;
}) {
  return (
    <AppLink
      href={href}
      ownFocus
      onNavigate={() => (staffState.focusList = true)}
      {...(linkRef ? { linkRef } : {})}
      {...(describedBy ? { 'aria-describedby': describedBy } : {})}
    >
      <span aria-hidden="true">←</span> Back to {title}
    </AppLink>
  );
}
