/** The explainer videos on a site page: the explainers widget's component, in light DOM. */
import { Explainers } from '../../widgets/explainers/Explainers.tsx';

export interface ExplainerVideosProps {
  layout: 'carousel' | 'grid';
}

// The site serves its own media: the page's origin (root-relative while prerendering).
const mediaBase = () => (typeof location === 'undefined' ? '/' : location.origin);

export function ExplainerVideos({ layout }: ExplainerVideosProps) {
  return <Explainers layout={layout} heading="" mediaBase={mediaBase()} />;
}
