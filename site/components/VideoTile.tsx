/**
 * A muted, looping clip that plays while hovered (not under reduced motion) and
 * opens a full-screen player with controls and a close icon when chosen.
 */
import { useRef, useState } from 'react';
import { mediaUrl } from '../../content/site.ts';
import { Modal } from './Modal.tsx';

export interface VideoTileProps {
  /** Clip under media/. */
  video: string;
  title: string;
  /** Still under media/ shown before the clip plays (default: the clip's own WebP poster). */
  poster?: string;
}

const reducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

export function VideoTile({ video, title, poster: still }: VideoTileProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [open, setOpen] = useState(false);
  const src = mediaUrl(video);
  const poster = still ? mediaUrl(still) : src.replace(/\.[a-z0-9]+$/, '.webp');
  const play = () => {
    if (!reducedMotion()) ref.current?.play().catch(() => undefined);
  };
  const pause = () => ref.current?.pause();
  return (
    <>
      <button
        type="button"
        className="video-tile"
        aria-label={`Play video: ${title}`}
        onMouseEnter={play}
        onMouseLeave={pause}
        onFocus={play}
        onBlur={pause}
        onClick={() => setOpen(true)}
      >
        <video
          ref={ref}
          className="video-tile__video"
          src={src}
          poster={poster}
          muted
          loop
          playsInline
          preload="none"
          aria-hidden="true"
          tabIndex={-1}
          width="640"
          height="360"
        />
        <span className="video-tile__play" aria-hidden="true">
          ▶
        </span>
        <span className="video-tile__label" aria-hidden="true">
          Play video
        </span>
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={title} className="modal--video">
        {/* The clips are silent illustrations: no speech to caption. */}
        {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
        <video className="modal__video" src={src} poster={poster} controls autoPlay playsInline />
      </Modal>
    </>
  );
}
