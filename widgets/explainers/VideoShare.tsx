import { useRef, useState } from 'react';
import { COPY_LINK_FAILURE, COPY_LINK_SUCCESS } from '../../content/videos.ts';
import { useWidgetStyles } from '../runtime/styles.ts';
import controlsCss from '../internal/controls.css?inline';
import { copyText, shareMailto } from './share.ts';

/** The share row's buttons: a page whose stylesheet skips the widgets' controls still gets them. */
const LATE_STYLES = [controlsCss];

/** The carousel player's Copy Link and Share via Email, with the copy's outcome as a status. */
export function VideoShare({ title, url }: { title: string; url: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, LATE_STYLES, true);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const copy = async () => {
    const ok = await copyText(url, ref.current);
    setStatus({ ok, text: ok ? COPY_LINK_SUCCESS : COPY_LINK_FAILURE });
  };
  return (
    <>
      {/* Above the buttons: the copy's message says to choose a sharing option below it. */}
      <p
        className="spartan-explainers__status"
        role="status"
        data-state={status ? (status.ok ? 'success' : 'error') : undefined}
      >
        {status?.text}
      </p>
      <div ref={ref} className="spartan-explainers__share" part="share">
        <button type="button" className="spartan-button" onClick={() => void copy()}>
          Copy Link
        </button>
        <a className="spartan-button" href={shareMailto(title, url)}>
          Share via Email
        </a>
      </div>
    </>
  );
}
