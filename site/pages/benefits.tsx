/** `/spartan-emp-benefits` and `/join-spartan`: the five benefit tabs, Solon 300, the counter. */
import { BENEFIT_TABS, OVERVIEW_SECTIONS, type BenefitTab } from '../../content/benefits.ts';
import { PARTNER_COMPANIES } from '../../content/site.ts';
import { FundCounter } from '../components/FundCounter.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import { Partners } from '../components/Partners.tsx';
import { Tabs } from '../components/Tabs.tsx';

/** `level`: the panel heading's level (3 where the tabs sit under their own h2). */
function BenefitPanel({ tab, level }: { tab: BenefitTab; level: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className="benefit">
      <Heading className="benefit__title">{tab.label}</Heading>
      {tab.listsCompanies && (
        <>
          <p>Stock plans in every company of the Spartan Network:</p>
          <Partners companies={PARTNER_COMPANIES} />
        </>
      )}
      <p>{tab.text}</p>
    </div>
  );
}

function BenefitTabs({ level = 2 }: { level?: 2 | 3 }) {
  return (
    <Tabs
      label="Spartan employee benefits"
      tabs={BENEFIT_TABS.map((tab) => ({
        id: tab.id,
        label: tab.label,
        content: <BenefitPanel tab={tab} level={level} />,
      }))}
    />
  );
}

function SolonCallout() {
  return (
    <section className="callout" aria-labelledby="solon-callout">
      <h2 id="solon-callout">Are you a legal expert?</h2>
      <p>Solon 300, our in-house legal team, works on the same terms as every Spartan.</p>
      <a className="button button--gold" href="/solon300">
        Join Solon 300
      </a>
    </section>
  );
}

export function BenefitsPage() {
  return (
    <div className="page">
      <PageIntro title="Spartan Employee Benefits" eyebrow="Employees">
        <p>What every one of the 300,000 Spartans shares in.</p>
        <a className="button button--gold" href="/join-spartan">
          Become a Spartan
        </a>
      </PageIntro>
      <BenefitTabs />
      <SolonCallout />
      <FundCounter />
    </div>
  );
}

export function JoinPage() {
  return (
    <div className="page">
      <PageIntro title="Join the Spartans" eyebrow="Careers">
        <p>Join the 300,000 Spartans today: choose a role, apply, and share in what we build.</p>
        <a className="button button--gold" href="/apply-spartan">
          Apply Now
        </a>
      </PageIntro>
      <ul className="overview-grid">
        {OVERVIEW_SECTIONS.map((section) => (
          <li key={section.id} className="overview-card">
            <h2 className="overview-card__title">{section.title}</h2>
            <p>{section.description}</p>
          </li>
        ))}
      </ul>
      <h2 className="section__title">Your benefits</h2>
      <BenefitTabs level={3} />
      <div className="button-row button-row--center join-actions">
        <a className="button button--gold" href="/apply-spartan">
          Apply to Become a Spartan
        </a>
        <a className="button button--outline" href="/spartan-emp-benefits">
          All Employee Benefits
        </a>
      </div>
      <SolonCallout />
      <FundCounter />
    </div>
  );
}
