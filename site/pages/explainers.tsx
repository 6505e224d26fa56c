/** `/explainers`: the grid of explainer videos. */
import { ExplainerVideos } from '../components/ExplainerVideos.tsx';
import { PageIntro } from '../components/PageIntro.tsx';

export function ExplainersPage() {
  return (
    <div className="page">
      <PageIntro title="Explainer Videos" eyebrow="Watch and learn">
        <p>What the Spartans are, the fund, our purpose, the founders, employees and investors.</p>
      </PageIntro>
      <ExplainerVideos layout="grid" />
    </div>
  );
}
