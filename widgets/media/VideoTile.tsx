/**
 * A video tile and its player, for the explainers widget and the site's fund topics.
 *
 * The tile is a button over a muted, looping preview: poster first, and with preload="none" no
 * video bytes until it plays, which it does while hovered or focused (never under reduced motion)
 * and stops on leave. Choosing it calls `onOpen`; its owner then shows the player, a modal Dialog
 * with the clip autoplaying with controls.
 */
import { useRef, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '../runtime/motion.ts';
import { Dialog } from '../dialog/Dialog.tsx';

interface Clip {
  title: string;
  /** The clip's URLs, best first (WebM, then MP4); the type is read from the extension. */
  sources: readonly string[];
  poster: string;
}

export interface VideoTileProps extends Clip {
  /** Class of the tile; its parts are `block__video`, `block__label` and `block__play`. */
  block: string;
  /**
   * A caption shown instead of the title (the site's "Play video"; the poster letters the title).
   * The tile is then named "caption: title"; without one, "title, play video".
   */
  caption?: string;
  onOpen: () => void;
}

export function VideoTile({ title, sources, poster, block, caption, onOpen }: VideoTileProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  // Autoplay refusals (data saver, policies) just leave the poster showing.
  const play = () => {
    if (!reducedMotion) ref.current?.play()?.catch(() => undefined);
  };
  const pause = () => ref.current?.pause();
  return (
    <button
      type="button"
      className={block}
      part="tile"
      aria-haspopup="dialog"
      aria-label={caption && `${caption}: ${title}`}
      onMouseEnter={play}
      onMouseLeave={pause}
      onFocus={play}
      onBlur={pause}
      onClick={onOpen}
    >
      <video
        ref={ref}
        className={`${block}__video`}
        muted
        loop
        playsInline
        preload="none"
        poster={poster}
        aria-hidden="true"
        tabIndex={-1}
      >
        {sources.map(source)}
      </video>
      <span className={`${block}__label`} part="title" aria-hidden={caption ? 'true' : undefined}>
        {caption ?? title}
      </span>
      <span className={`${block}__play`} aria-hidden="true" />
      {!caption && <span className="spartan-visually-hidden">, play video</span>}
    </button>
  );
}

export interface VideoPlayerProps extends Clip {
  open: boolean;
  onClose: () => void;
  /** The Dialog's class block (the video is `block__video`) and its close button's name. */
  block?: string;
  className?: string;
  closeLabel?: string;
  /** Shown under the video (the explainers' share row). */
  children?: ReactNode;
}

/** The player: the clip in a Dialog, autoplaying with controls. */
export function VideoPlayer({
  title,
  sources,
  poster,
  block = 'spartan-dialog',
  children,
  ...dialog
}: VideoPlayerProps) {
  return (
    <Dialog title={title} block={block} {...dialog}>
      {/* The clips are short visual illustrations without speech: no captions track. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <video
        className={`${block}__video`}
        part="player"
        controls
        autoPlay
        playsInline
        preload="auto"
        poster={poster}
      >
        {sources.map(source)}
      </video>
      {children}
    </Dialog>
  );
}

const source = (src: string) => (
  <source key={src} src={src} type={`video/${src.slice(src.lastIndexOf('.') + 1)}`} />
);
