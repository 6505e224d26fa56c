import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio/react';
import { navigate } from '../../navigation.ts';
import { downloadResume, fetchDetail, removeApplication, staffState } from './api.ts';
import { DeleteDialog } from './ConfirmDialog.tsx';
import { KINDS, fieldText, type Kind } from './kinds.ts';
import { AppLink } from './links.tsx';
import { listHref } from './ApplicationList.tsx';

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

const kb = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Every field of one application, its resume (downloaded with the token) and delete. */
export function ApplicationDetail({ kind, id }: { kind: Kind; id: string }) {
  const info = KINDS[kind];
  const snap = useSnapshot(staffState[kind]);
  const detail = snap.detail;
  const [confirming, setConfirming] = useState(false);
  const [download, setDownload] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });

  useEffect(() => {
    void fetchDetail(kind, id);
  }, [kind, id]);

  const item = detail.data && detail.data.id === id ? detail.data : null;
  const resume = item ? resumeOf(item.resume) : null;
  const back = listHref(kind, snap.list.page, snap.list.q, snap.list.source);

  const onDownload = async () => {
    if (!resume) return;
    setDownload({ busy: true, error: null });
    try {
      await downloadResume(kind, id, resume.filename);
      setDownload({ busy: false, error: null });
    } catch (error) {
      setDownload({ busy: false, error: (error as Error).message });
    }
  };

  return (
    <section className="staff-section" aria-labelledby="staff-detail-title">
      <p>
        <AppLink href={back}>
          <span aria-hidden="true">←</span> Back to {info.title}
        </AppLink>
      </p>
      <h2 id="staff-detail-title" className="staff-section__title">
        {item ? fieldText('fullname', item.fullname) : 'Application'}
      </h2>
      {detail.loading && (
        <p className="staff-status" role="status">
          Loading the application…
        </p>
      )}
      {detail.error && (
        <p className="staff-error" role="alert">
          {detail.error}
        </p>
      )}
      {item && (
        <>
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
                disabled={download.busy}
              >
                {download.busy ? 'Downloading...' : 'Download resume'}
              </button>
            )}
            <button
              type="button"
              className="button staff-button--danger"
              onClick={() => setConfirming(true)}
            >
              Delete application
            </button>
          </div>
          <p className="staff-status" role="status">
            {download.busy ? 'Downloading the resume…' : ''}
          </p>
          {download.error && (
            <p className="staff-error" role="alert">
              {download.error}
            </p>
          )}
        </>
      )}
      {confirming && item && (
        <DeleteDialog
          kind={kind}
          item={item}
          onConfirm={() =>
            void removeApplication(kind, id).then((ok) => {
              if (ok) navigate(back, true);
            })
          }
          onClose={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
