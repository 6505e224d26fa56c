/** `/white-paper` (numbered chapters, the fund excerpt, Page n / 10) and `/open-letter`. */
import { WHITE_PAPER_PAGES } from '../../content/constants.ts';
import { OPEN_LETTER, WHITE_PAPER_CHAPTERS } from '../../content/white-paper.ts';
import { useComingSoon } from '../components/ComingSoon.tsx';
import { FundCounter } from '../components/FundCounter.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { StoryPage } from '../components/StoryPage.tsx';

function PageIndicator({ page }: { page: number }) {
  return (
    <p className="paper__page">
      Page {page} / {WHITE_PAPER_PAGES}
    </p>
  );
}

export function WhitePaperPage() {
  const soon = useComingSoon();
  return (
    <StoryPage
      title="The White Paper"
      eyebrow="Our Statements"
      intro={
        <div className="button-row">
          {/* Placeholders: the specification gives these two buttons no action yet. */}
          <button type="button" className="button button--outline" onClick={soon.announce}>
            About the White Paper
          </button>
          <button type="button" className="button button--outline" onClick={soon.announce}>
            A note from the author
          </button>
          {soon.status}
        </div>
      }
      listLabel="Chapters"
      sections={WHITE_PAPER_CHAPTERS.map((chapter) => ({
        id: chapter.number,
        label: `${chapter.number}. ${chapter.title}`,
        content: (
          <article className="paper">
            <p className="paper__chapter">Chapter {chapter.number}</p>
            <h2 className="story__title">{chapter.title}</h2>
            {chapter.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <PageIndicator page={chapter.number} />
          </article>
        ),
      }))}
      footer={(_selected, { focusList }) => (
        <button type="button" className="button button--outline" onClick={focusList}>
          Go to Page / Chapter
        </button>
      )}
    />
  );
}

export function OpenLetterPage() {
  return (
    <div className="page page--narrow">
      <PageIntro title="Open Letter From Our CEO" eyebrow="Our Statements" />
      <article className="paper paper--letter">
        <p className="paper__greeting">{OPEN_LETTER.greeting}</p>
        {OPEN_LETTER.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p className="paper__signature">{OPEN_LETTER.signature}</p>
        <PageIndicator page={1} />
      </article>
      <FundCounter />
    </div>
  );
}
