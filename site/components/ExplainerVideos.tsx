/** The explainer videos on a site page (the explainers widget's component, in light DOM). */
export interface ExplainerVideosProps {
  layout: 'carousel' | 'grid';
}

export function ExplainerVideos({ layout }: ExplainerVideosProps) {
  return (
    <div className={`explainers-slot explainers-slot--${layout}`}>
      <p>
        <a href="/explainers">Watch the explainer videos</a>
      </p>
    </div>
  );
}
