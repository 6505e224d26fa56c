import { useRef } from 'react';
import type { ExplainerVideo } from '../../content/videos.ts';
import { mediaUrl } from './share.ts';

export interface VideoTileProps {
  video: ExplainerVideo;
  /** Origin (or URL prefix) the media paths are resolved against. */
  base: string;
  /** Whether hovering or focusing plays the preview (off under reduced motion). */
  preview: boolean;
  onOpen: (video: ExplainerVideo, opener: HTMLButtonElement) => void;
}

/**
 * One explainer: a muted, looping preview with a poster and a title overlay. It
 * plays while hovered or focused and pauses on leave; with preload="none" it
 * fetches no video bytes until then. Activating it opens the player.
 */
export function VideoTile({ video, base, preview, onOpen }: VideoTileProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const play = () => {
    const el = videoRef.current;
    if (!preview || !el) return;
    // Autoplay refusals (data saver, policies) just leave the poster showing.
    el.play()?.catch(() => undefined);
  };
  const pause = () => videoRef.current?.pause();

  return (
    <button
      type="button"
      className="spartan-explainers__tile"
      part="tile"
      aria-haspopup="dialog"
      onMouseEnter={play}
      onMouseLeave={pause}
      onFocus={play}
      onBlur={pause}
      onClick={(e) => onOpen(video, e.currentTarget)}
    >
      <video
        ref={videoRef}
        className="spartan-explainers__preview"
        muted
        loop
        playsInline
        preload="none"
        poster={mediaUrl(base, video.poster)}
        aria-hidden="true"
        tabIndex={-1}
      >
        <source src={mediaUrl(base, video.webm)} type="video/webm" />
        <source src={mediaUrl(base, video.video)} type="video/mp4" />
      </video>
      <span className="spartan-explainers__title" part="title">
        {video.title}
      </span>
      <span className="spartan-explainers__play" aria-hidden="true" />
      <span className="spartan-visually-hidden">, play video</span>
    </button>
  );
}
