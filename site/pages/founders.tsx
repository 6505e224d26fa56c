/** `/founders`: a grid of founder cards; choosing one shows its detail view, Back returns to the grid. */
import { useEffect, useRef, useState } from 'react';
import { FOUNDERS, mediaUrl, type Founder } from '../../content/index.ts';
import { PageIntro } from '../components/PageIntro.tsx';

const titles = (founder: Founder) =>
  [founder.founder_title, founder.founder_title2].filter(Boolean).join(' & ');

function FounderDetail({ founder, onBack }: { founder: Founder; onBack: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <article className="founder-detail" aria-labelledby="founder-name">
      <button
        type="button"
        className="button button--outline founder-detail__back"
        onClick={onBack}
      >
        <span aria-hidden="true">← </span>Back to all founders
      </button>
      <div className="founder-detail__body">
        <img
          className="founder-detail__photo"
          src={mediaUrl(founder.profile_url)}
          alt={`Portrait of ${founder.name}`}
          width="320"
          height="400"
        />
        <div>
          <h2 id="founder-name" ref={headingRef} tabIndex={-1} className="founder-detail__name">
            {founder.name}
          </h2>
          <p className="founder-card__titles">{titles(founder)}</p>
          <p className="founder-detail__notes">{founder.notes}</p>
        </div>
      </div>
    </article>
  );
}

export function FoundersPage() {
  const [selected, setSelected] = useState<Founder | null>(null);
  const returnTo = useRef<number | null>(null);
  const gridRef = useRef<HTMLUListElement>(null);

  // Back in the grid: focus the card that opened the detail view.
  useEffect(() => {
    if (selected || returnTo.current === null) return;
    gridRef.current
      ?.querySelector<HTMLButtonElement>(`[data-founder="${returnTo.current}"]`)
      ?.focus();
    returnTo.current = null;
  }, [selected]);

  return (
    <div className="page">
      <PageIntro title="The Founders" eyebrow="About">
        <p>The three people who started the Spartans.</p>
      </PageIntro>
      {selected ? (
        <FounderDetail
          founder={selected}
          onBack={() => {
            returnTo.current = selected.id;
            setSelected(null);
          }}
        />
      ) : (
        <ul ref={gridRef} className="founder-grid">
          {FOUNDERS.map((founder) => (
            <li key={founder.id}>
              <button
                type="button"
                className="founder-card"
                data-founder={founder.id}
                onClick={() => setSelected(founder)}
              >
                <img
                  className="founder-card__photo"
                  src={mediaUrl(founder.profile_url)}
                  alt=""
                  width="320"
                  height="400"
                />
                <span className="founder-card__name">{founder.name}</span>
                <span className="founder-card__titles">{titles(founder)}</span>
                <span className="founder-card__notes">{founder.notes}</span>
                <span className="founder-card__more" aria-hidden="true">
                  Read more →
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
