import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { COPY_LINK_FAILURE, COPY_LINK_SUCCESS, type ExplainerVideo } from '../../content/videos.ts';
import { copyText, mediaUrl, shareMailto } from './share.ts';
import { useWidgetStyles } from '../runtime/styles.ts';
import controlsCss from '../internal/controls.css?inline';

/** The share row's buttons: a page whose stylesheet skips the widgets' controls still gets them. */
const LATE_STYLES = [controlsCss];

export interface VideoDialogProps {
  video: ExplainerVideo;
  base: string;
  /** Show Copy Link and Share via Email (the carousel variant). */
  sharing: boolean;
  onClose: () => void;
}

const FOCUSABLE = 'button:not([disabled]),a[href],video[controls],[tabindex]:not([tabindex="-1"])';

/**
 * The modal player: a native <dialog> opened with showModal() (inert page
 * behind it, in the top layer, even from a shadow root), autoplaying with
 * controls; Escape or the close icon close it. Where showModal is missing
 * (jsdom, old engines) it opens as a fixed overlay with the same trap and keys.
 */
export function VideoDialog({ video, base, sharing, onClose }: VideoDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useWidgetStyles(dialogRef, LATE_STYLES, true);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const url = mediaUrl(base, video.video);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
      dialog.dataset.fallback = '';
    }
    closeRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
    };
  }, []);

  // The browser's own close requests (Escape, Android back) end in our state too.
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [onClose]);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key !== 'Tab') return;
    const dialog = e.currentTarget;
    const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    const active = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
    if (!first || !last) return;
    if (e.shiftKey && (active === first || !dialog.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };

  const copy = async () => {
    const ok = await copyText(url, dialogRef.current);
    setStatus({ ok, text: ok ? COPY_LINK_SUCCESS : COPY_LINK_FAILURE });
  };

  return (
    // The dialog handles Escape and Tab for everything inside it.
    <dialog
      ref={dialogRef}
      className="spartan-explainers__dialog"
      part="dialog"
      aria-labelledby={titleId}
      aria-modal="true"
      data-state="open"
      onKeyDown={onKeyDown}
    >
      <div className="spartan-explainers__dialog-head">
        <h2 id={titleId} className="spartan-explainers__dialog-title">
          {video.title}
        </h2>
        <button
          ref={closeRef}
          type="button"
          className="spartan-explainers__close"
          part="close"
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
          <span className="spartan-visually-hidden">Close video</span>
        </button>
      </div>
      {/* Explainers are short visual clips without speech, so they carry no captions track. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        className="spartan-explainers__player"
        part="player"
        controls
        autoPlay
        playsInline
        preload="auto"
        poster={mediaUrl(base, video.poster)}
      >
        <source src={mediaUrl(base, video.webm)} type="video/webm" />
        <source src={url} type="video/mp4" />
      </video>
      {sharing && (
        <div className="spartan-explainers__share" part="share">
          <button type="button" className="spartan-button" onClick={() => void copy()}>
            Copy Link
          </button>
          <a className="spartan-button" href={shareMailto(video.title, url)}>
            Share via Email
          </a>
        </div>
      )}
      {sharing && (
        <p
          className="spartan-explainers__status"
          role="status"
          data-state={status ? (status.ok ? 'success' : 'error') : undefined}
        >
          {status?.text}
        </p>
      )}
    </dialog>
  );
}
