/** `/`: hero, the fund counter, partner companies, the two calls to action, explainer videos. */
import { TAGLINE } from '../../content/constants.ts';
import {
  HERO_SLIDES,
  HOME_PARTNER_TILES,
  MEDIA_BASE,
  PARTNER_COMPANIES,
} from '../../content/site.ts';
import { mediaUrl } from '../../widgets/media/media-url.ts';
import { HeroCarousel } from '../components/HeroCarousel.tsx';
import { FundCounter } from '../components/FundCounter.tsx';
import { Partners } from '../components/Partners.tsx';
import { RichText } from '../components/RichText.tsx';
import { Island, island } from '../components/Island.tsx';

// Below the fold: its code loads when it comes near the viewport.
const explainers = island(() =>
  import('../components/ExplainerVideos.tsx').then((m) => m.ExplainerVideos),
);

export function HomePage() {
  return (
    <div className="home">
      <h1 className="spartan-visually-hidden">The Spartans: {TAGLINE}</h1>
      <div className="hero">
        <HeroCarousel
          label="Highlights"
          slides={HERO_SLIDES.map((slide, i) => (
            <div key={slide.id} className="hero__slide">
              <div className="hero__text">
                <h2 className="hero__title">
                  <RichText value={slide.title} />
                </h2>
                <p className="hero__subtitle">
                  <RichText value={slide.subtitle} />
                </p>
              </div>
              <img
                className="hero__image"
                src={mediaUrl(MEDIA_BASE, slide.image)}
                alt={slide.imageAlt}
                width="640"
                height="480"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding="async"
              />
            </div>
          ))}
        />
      </div>

      <section className="section section--dark home-fund" aria-labelledby="home-fund">
        <div className="section__inner">
          <h2 id="home-fund" className="section__title">
            <a href="/spartan-wealth-fund">The Private Spartan Wealth Fund</a>
          </h2>
          <p className="section__lead">Growing every second, for every Spartan.</p>
          <FundCounter link={false} />
        </div>
      </section>

      <section className="section" aria-labelledby="home-partners">
        <div className="section__inner">
          <div className="section__head">
            <h2 id="home-partners" className="section__title">
              Our Spartan Network Company Partners
            </h2>
            <a className="button button--gold" href="/investors">
              Invest
            </a>
          </div>
          <Partners companies={PARTNER_COMPANIES} limit={HOME_PARTNER_TILES} />
        </div>
      </section>

      <section className="section section--maroon home-cta" aria-labelledby="home-join">
        <div className="section__inner">
          <h2 id="home-join" className="section__title">
            Become one of the 300,000
          </h2>
          <p className="section__lead">
            Build companies, share in the fund, and win the monthly employee lottery.
          </p>
          <div className="button-row button-row--center">
            <a className="button button--outline-light" href="/spartan-emp-benefits">
              View Employee Benefits
            </a>
            <a className="button button--gold" href="/join-spartan">
              Join The Spartans
            </a>
          </div>
        </div>
      </section>

      <div className="section">
        <div className="section__inner">
          <h2 id="home-videos" className="section__title">
            Explainer Videos
          </h2>
          <Island
            id="home-explainers"
            className="home-explainers"
            loader={explainers}
            props={{ layout: 'carousel' }}
          />
        </div>
      </div>
    </div>
  );
}
