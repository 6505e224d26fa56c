/**
 * Explainer videos: the six explainers as muted, looping preview tiles (poster,
 * title overlay; they play while hovered or focused and fetch no video bytes
 * before), in a carousel (3 per view from 1024 px, 2 from 464 px, 1 below;
 * loops, drags and swipes, a next arrow on desktop, dots below) or a grid (1, 2, 3 columns).
 * Activating a tile opens a modal player (controls, autoplay, close icon,
 * Escape); the carousel's player also offers Copy Link and Share via Email.
 *
 * Element: `<spartan-explainers layout="carousel">`.
 * @attr layout - `carousel` (default) or `grid`
 * @attr media-base - origin the /media/ paths load from (default: the origin of the widget's script)
 * @attr heading - heading above the videos (default "Explainer Videos"; empty hides it)
 * @event spartan-video-open - {url} of the video whose player opened
 * @csspart explainers - the whole widget
 * @csspart heading - the heading
 * @csspart tile - each video tile (a button)
 * @csspart title - the title overlay on a tile
 * @csspart dialog - the modal player
 * @csspart player - the video in the modal
 * @csspart close - the modal's close button
 * @csspart share - the Copy Link / Share via Email row
 * @cssprop --spartan-gold - accents, focus rings on dark
 * @cssprop --spartan-maroon - title overlays
 * @cssprop --spartan-ink - tiles and modal background
 * @cssprop --spartan-paper - text on dark
 * @cssprop --spartan-carousel-gap - space between tiles
 * @cssprop --spartan-carousel-per-view - tiles per view; set by the widget from its width
 * @cssprop --spartan-carousel-duration - the slide transition; set by the widget (0 under reduced motion)
 */
import { useRef, useState } from 'react';
import {
  EXPLAINER_VIDEOS,
  VIDEO_CAROUSEL_BREAKPOINTS,
  type ExplainerVideo,
} from '../../content/videos.ts';
import { resolveApiBase } from '../runtime/api-base.ts';
import { useWidgetStyles } from '../runtime/styles.ts';
import { Carousel } from '../carousel/Carousel.tsx';
import { STYLES } from './styles.ts';
import { mediaUrl } from '../media/media-url.ts';
import { VideoPlayer, VideoTile } from '../media/VideoTile.tsx';
import { VideoShare } from './VideoShare.tsx';
import { LIBRARY, ServerNotice, useServer } from '#spartan-server';
import { useRoot, type RootProps, type RootRefProp } from '../runtime/root-props.ts';

export interface ExplainersProps extends RootProps {
  /** `carousel` (default: the home page's) or `grid` (the /explainers page's). */
  // The element's attribute may hold any other string: it shows the carousel.
  layout?: 'carousel' | 'grid';
  /** Origin or URL prefix for the `/media/…` paths; default: the SpartanProvider's (the element: its script's origin). */
  mediaBase?: string;
  /** Heading above the videos; '' renders none (the page supplies its own). */
  heading?: string;
  /** The videos shown; default the six explainers of the specification. */
  videos?: readonly ExplainerVideo[];
  /** Called with the absolute URL of the video whose player opened. */
  onVideoOpen?: (url: string) => void;
  /** The carousel's position, for a carousel the app controls (Carousel's `index`). */
  index?: number;
  /** Called with the carousel's new position after it changes. */
  onIndexChange?: (index: number) => void;
}

export function Explainers(props: ExplainersProps & RootRefProp<HTMLDivElement>) {
  const {
    layout = 'carousel',
    mediaBase,
    heading = 'Explainer Videos',
    videos = EXPLAINER_VIDEOS,
    onVideoOpen,
  } = props;
  const ref = useRef<HTMLDivElement>(null);
  useWidgetStyles(ref, STYLES);
  const root = useRoot(ref, 'spartan-root spartan-explainers', props);
  // LIBRARY is a constant of each build: this hook runs on every render or on none.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  const media = LIBRARY ? useServer('Explainers', mediaBase) : mediaBase;
  const base = resolveApiBase(media);
  const grid = layout === 'grid';
  // The player shows the chosen video; null while closed.
  const [selected, setSelected] = useState<ExplainerVideo | null>(null);
  const url = (path: string) => mediaUrl(base, path);
  const clip = (video: ExplainerVideo) => ({
    title: video.title,
    sources: [url(video.webm), url(video.video)],
    poster: url(video.poster),
  });

  const tiles = videos.map((video) => (
    <VideoTile
      key={video.id}
      {...clip(video)}
      block="spartan-video-tile"
      onOpen={() => {
        setSelected(video);
        onVideoOpen?.(url(video.video));
      }}
    />
  ));
  const label = heading || 'Explainer Videos';

  return (
    <div {...root} part="explainers" data-layout={grid ? 'grid' : 'carousel'}>
      {heading && (
        <h2 className="spartan-explainers__heading" part="heading">
          {heading}
        </h2>
      )}
      {LIBRARY && media === undefined ? (
        <ServerNotice of="Explainers" />
      ) : grid ? (
        <ul className="spartan-explainers__grid" aria-label={label}>
          {tiles.map((tile) => (
            <li key={tile.key}>{tile}</li>
          ))}
        </ul>
      ) : (
        <Carousel
          label={label}
          slidesPerView={VIDEO_CAROUSEL_BREAKPOINTS}
          arrows="next"
          arrowsMinWidth={1024}
          dots="narrow"
          loop
          index={props.index}
          onIndexChange={props.onIndexChange}
        >
          {tiles}
        </Carousel>
      )}
      {selected && (
        <VideoPlayer
          {...clip(selected)}
          open
          onClose={() => setSelected(null)}
          closeLabel="Close video"
        >
          {!grid && <VideoShare title={selected.title} url={url(selected.video)} />}
        </VideoPlayer>
      )}
    </div>
  );
}

export default Explainers;
