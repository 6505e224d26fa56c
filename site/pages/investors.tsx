/** `/investors`, `/accredited-investor`, `/investor-benefits`. */
import {
  ACCREDITED_INVESTOR_CRITERIA,
  INVESTOR_BENEFIT_TABS,
  INVESTOR_COMING_SOON_TABS,
  type InvestorTab,
} from '../../content/benefits.ts';
import { INVEST_APPLY_PATH } from '../../content/site.ts';
import { FundCounter } from '../components/FundCounter.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { Tabs } from '../components/Tabs.tsx';

const tabItems = (tabs: readonly InvestorTab[]) =>
  tabs.map((tab) => ({
    id: tab.id,
    label: tab.label,
    content: (
      <div className="benefit">
        <h2 className="benefit__title">{tab.label}</h2>
        <p>{tab.text || 'Details coming soon.'}</p>
      </div>
    ),
  }));

export function InvestorsPage() {
  return (
    <div className="page">
      <PageIntro title="Invest" eyebrow="Accredited Investors only">
        <p>
          Invest in the Spartan Network and the companies it builds. Investment is open to
          accredited investors only.
        </p>
        <div className="button-row">
          <a className="button button--gold" href={INVEST_APPLY_PATH}>
            Apply to Invest
          </a>
          <a className="button button--outline" href="/accredited-investor">
            Am I an Accredited Investor?
          </a>
          <a className="button button--outline" href="/investment-model">
            Investment Model
          </a>
        </div>
      </PageIntro>
      <Tabs label="Investor benefits" tabs={tabItems(INVESTOR_BENEFIT_TABS)} />
      <div className="investor-aside">
        <section className="callout" aria-labelledby="investor-contact">
          <h2 id="investor-contact">Investor relations</h2>
          <p>Our investor relations team will publish its contact details here soon.</p>
          <dl className="contact-list">
            <dt>Email</dt>
            <dd>Coming soon</dd>
            <dt>Phone</dt>
            <dd>Coming soon</dd>
          </dl>
        </section>
        <section className="callout callout--dark" aria-labelledby="investor-videos">
          <h2 id="investor-videos">Explainer Videos</h2>
          <p>Short videos on the Spartans, the fund, and investors and their benefits.</p>
          <a className="button button--gold" href="/explainers">
            Watch the Explainer Videos
          </a>
        </section>
      </div>
      <FundCounter />
    </div>
  );
}

export function AccreditedInvestorPage() {
  return (
    <div className="page page--narrow">
      <PageIntro title="Accredited Investors" eyebrow="Invest">
        <p>
          Investment in the Spartan Network is open to accredited investors only. You are an
          accredited investor if at least one of the following is true:
        </p>
      </PageIntro>
      <ol className="criteria">
        {ACCREDITED_INVESTOR_CRITERIA.map((criterion) => (
          <li key={criterion.id} className="criteria__item">
            <h2 className="criteria__title">{criterion.title}</h2>
            <p>{criterion.text}</p>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <a className="button button--gold" href={INVEST_APPLY_PATH}>
          Apply to Invest
        </a>
        <a className="button button--outline" href="/investor-benefits">
          Investor Benefits
        </a>
      </div>
    </div>
  );
}

export function InvestorBenefitsPage() {
  return (
    <div className="page">
      <PageIntro title="Investor Benefits" eyebrow="Invest" />
      <Tabs label="Investor benefits" tabs={tabItems(INVESTOR_COMING_SOON_TABS)} />
    </div>
  );
}
