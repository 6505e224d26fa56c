/**
 * `/founders`: a grid of founder cards; choosing one shows its detail view, Back returns to the grid.
 * The detail view is in the URL (`/founders?founder=<id>`), so the browser's Back returns to the
 * grid too, and a detail view can be linked to.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import '../styles/founders.css';
import { FOUNDERS, type Founder } from '../../content/founders.ts';
import { MEDIA_BASE } from '../../content/site.ts';
import { mediaUrl } from '../../widgets/media/media-url.ts';
import { PageIntro } from '../components/PageIntro.tsx';

const titles = (founder: Founder) =>
  [founder.founder_title, founder.founder_title2].filter(Boolean).join(' & ');

function FounderDetail({ founder, onBack }: { founder: Founder; onBack: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Before paint: the card that had focus is gone, and focus must not sit on the body meanwhile.
  useLayoutEffect(() => headingRef.current?.focus(), []);
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
          src={mediaUrl(MEDIA_BASE, founder.profile_url)}
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

const QUERY = 'founder';

/** The founder named by the address, if any. */
function founderInUrl(): Founder | null {
  const id = Number(new URLSearchParams(location.search).get(QUERY));
  return FOUNDERS.find((founder) => founder.id === id) ?? null;
}

export function FoundersPage() {
  // The prerendered page is the grid; in the browser the address decides.
  const [selected, setSelected] = useState<Founder | null>(() =>
    typeof location === 'undefined' ? null : founderInUrl(),
  );
  const returnTo = useRef<number | null>(null);
  const gridRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    // Back and Forward move between the grid and a detail view. The router does not see these
    // entries (they differ only in the query), so the page follows them itself.
    const onPopState = () => {
      setSelected((shown) => {
        if (shown) returnTo.current = shown.id;
        return founderInUrl();
      });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const open = (founder: Founder) => {
    history.pushState({ founder: founder.id }, '', `/founders?${QUERY}=${founder.id}`);
    setSelected(founder);
  };
  const back = (founder: Founder) => {
    returnTo.current = founder.id;
    // The grid is the entry before when the detail view was opened here; otherwise (a link
    // opened directly) the detail entry becomes the grid.
    if ((history.state as { founder?: number } | null)?.founder === founder.id) history.back();
    else {
      history.replaceState(null, '', '/founders');
      setSelected(null);
    }
  };

  // Back in the grid: focus the card that opened the detail view (before paint, as above).
  useLayoutEffect(() => {
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
        <FounderDetail founder={selected} onBack={() => back(selected)} />
      ) : (
        <ul ref={gridRef} className="founder-grid">
          {FOUNDERS.map((founder) => (
            <li key={founder.id}>
              <button
                type="button"
                className="founder-card"
                data-founder={founder.id}
                onClick={() => open(founder)}
              >
                <img
                  className="founder-card__photo"
                  src={mediaUrl(MEDIA_BASE, founder.profile_url)}
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
