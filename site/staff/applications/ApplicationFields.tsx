/**
 * The main part of an application's detail: every field of its kind, its resume (downloaded with
 * the session's token, and a PDF read in place) and, for admins, Delete.
 */
import { useState } from 'react';
import type { ResumeInfo } from '../../../schemas/applications.ts';
import { fieldOf, type Application } from '../data/applications.ts';
import { downloadResume } from '../data/files.ts';
import { KINDS, fieldText, type Kind } from '../kinds.ts';
import { ResumeViewer } from '../team/ResumeViewer.tsx';

/** The resume of a Spartan application; investors send none. */
const resumeOf = (item: Readonly<Application>): ResumeInfo =>
  'resume' in item ? item.resume : null;

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

export function ApplicationFields({
  kind,
  item,
  isAdmin,
  onDelete,
}: {
  kind: Kind;
  item: Readonly<Application>;
  isAdmin: boolean;
  onDelete: () => void;
}) {
  const info = KINDS[kind];
  const resume = resumeOf(item);
  const id = item.id;
  const name = fieldText('fullname', fieldOf(item, 'fullname'));
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
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
  return (
    <div className="staff-detail__main">
      <dl className="staff-fields">
        {info.fields.map((field) => (
          <div key={field.key} className="staff-fields__row">
            <dt>{field.label}</dt>
            <dd>{fieldText(field.key, fieldOf(item, field.key))}</dd>
          </div>
        ))}
        {info.resume && (
          <div className="staff-fields__row">
            <dt>Resume</dt>
            <dd>{resume ? `${resume.filename} (${kb(resume.size)})` : 'None'}</dd>
          </div>
        )}
      </dl>
      {resume && (
        <ResumeViewer id={id} resume={resume} applicant={name}>
          <button
            type="button"
            className="button button--gold"
            onClick={() => void onDownload()}
            aria-disabled={download.busy || undefined}
          >
            {download.busy ? 'Downloading...' : 'Download resume'}
          </button>
        </ResumeViewer>
      )}
      {isAdmin && (
        <div className="button-row">
          <button type="button" className="button staff-button--danger" onClick={onDelete}>
            Delete application
          </button>
        </div>
      )}
      <p className="staff-status" role="status">
        {download.busy ? 'Downloading the resume…' : ''}
      </p>
      {download.error && (
        <p className="staff-error" role="alert">
          {download.error}
        </p>
      )}
    </div>
  );
}
