import { useEffect, useId, useState, type ReactNode } from 'react';
import type { ResumeInfo } from '../../../schemas/applications.ts';
import { announce } from '../data/applications.ts';
import { resumeViewUrl } from '../data/files.ts';

const PDF = 'application/pdf';

/** Whether the reader keeps the resume shown from one application to the next (this page). */
let keptOpen = false;

/**
 * A PDF resume read in place: a button that shows it in a frame, beside `children` (the
 * Download button), the frame below them. The frame loads a URL of ours with a ticket (a frame
 * cannot send the bearer token); the answer is a checked PDF, sent so that the browser's PDF
 * viewer draws it, with a `sandbox` policy (docs/DESK.md, "A PDF resume read in place"). The
 * frame has no `sandbox` attribute because Chromium refuses to draw a PDF in a sandboxed frame;
 * a `blob:` URL of fetched bytes would have been our origin itself. Other formats keep the
 * download only (this shows nothing more for them).
 */
export function ResumeViewer({
  id,
  resume,
  applicant,
  children,
}: {
  id: string;
  resume: NonNullable<ResumeInfo>;
  applicant: string;
  children: ReactNode;
}) {
  const uid = useId();
  const [open, setOpen] = useState(keptOpen);
  const [url, setUrl] = useState<{ id: string; href: string } | null>(null);
  const [failed, setFailed] = useState<{ id: string; message: string } | null>(null);
  const pdf = resume.content_type === PDF;
  useEffect(() => {
    if (!open || !pdf) return;
    let live = true;
    resumeViewUrl(id).then(
      (href) => live && setUrl({ id, href }),
      (err: unknown) => live && setFailed({ id, message: (err as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [open, pdf, id]);
  if (!pdf) return <div className="button-row">{children}</div>;
  const toggle = () => {
    keptOpen = !open;
    setFailed(null);
    setOpen(!open);
    announce(open ? 'Resume hidden' : 'Resume shown below');
  };
  const frame = open && url?.id === id ? url.href : null;
  const error = failed?.id === id ? failed.message : null;
  return (
    <div className="staff-resume">
      <div className="button-row">
        <button
          type="button"
          className="button button--outline"
          aria-expanded={open}
          aria-controls={`${uid}-resume`}
          onClick={toggle}
        >
          {open ? 'Hide the resume' : 'Read the resume here'}
        </button>
        {children}
      </div>
      <div id={`${uid}-resume`} className="staff-resume__view" hidden={!open}>
        {error && (
          <p className="staff-error" role="alert">
            {error}
          </p>
        )}
        {open && !frame && !error && (
          <p className="staff-status" role="status">
            Loading the resume…
          </p>
        )}
        {frame && (
          <iframe
            key={frame}
            className="staff-resume__frame"
            src={frame}
            title={`Resume of ${applicant}: ${resume.filename}`}
            referrerPolicy="no-referrer"
          />
        )}
      </div>
    </div>
  );
}
