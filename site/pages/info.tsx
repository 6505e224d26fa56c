/** `/solon300`, `/contact-us` and the Coming Soon pages. */
import { CAREERS_EMAIL, CONTACT_ITEMS, SOLON_300 } from '../../content/benefits.ts';
import { ComingSoon, PageIntro } from '../components/PageIntro.tsx';

export function Solon300Page() {
  return (
    <div className="page page--narrow">
      <PageIntro title={SOLON_300.title} eyebrow="Careers">
        <p className="page-intro__subtitle">{SOLON_300.subtitle}</p>
      </PageIntro>
      <div className="prose">
        <p>{SOLON_300.intro}</p>
        <h2>{SOLON_300.seeking}</h2>
        <ul className="check-list">
          {SOLON_300.fields.map((field) => (
            <li key={field}>{field}</li>
          ))}
        </ul>
        <p>
          To join, write to our careers team at{' '}
          <a href={`mailto:${CAREERS_EMAIL}`}>{CAREERS_EMAIL}</a>.
        </p>
      </div>
      <a className="button button--gold" href={`mailto:${CAREERS_EMAIL}?subject=Solon%20300`}>
        Email the careers team
      </a>
    </div>
  );
}

export function ContactPage() {
  return (
    <div className="page page--narrow">
      <PageIntro title="Contact Us" eyebrow="Company">
        <p>Our contact details are on their way.</p>
      </PageIntro>
      <dl className="contact-list contact-list--page">
        {CONTACT_ITEMS.map((item) => (
          <div key={item} className="contact-list__row">
            <dt>{item}</dt>
            <dd>Coming soon</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export const PhilosophyPage = () => <ComingSoon title="Our Philosophy" counter />;
export const PurposePage = () => <ComingSoon title="Our Purpose" counter />;
export const FaqPage = () => <ComingSoon title="FAQs" />;
export const InvestmentModelPage = () => <ComingSoon title="Investment Model" />;
export const ComingSoonPage = () => <ComingSoon title="Coming Soon" />;
