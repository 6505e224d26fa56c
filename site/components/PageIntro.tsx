/** A page's title block: eyebrow, heading (the page's h1) and lead text. */
import type { ReactNode } from 'react';
import { FundCounter } from './FundCounter.tsx';

export interface PageIntroProps {
  title: string;
  /** The small label above the title: every page has one. */
  eyebrow: string;
  children?: ReactNode;
}

export function PageIntro({ title, eyebrow, children }: PageIntroProps) {
  return (
    <div className="page-intro">
      <p className="page-intro__eyebrow">{eyebrow}</p>
      <h1 className="page-intro__title">{title}</h1>
      {children && <div className="page-intro__lead">{children}</div>}
    </div>
  );
}

/** A plain Coming Soon page, with the counter where the specification shows it. */
export function ComingSoon({ title, counter = false }: { title: string; counter?: boolean }) {
  return (
    <div className="page page--narrow">
      <PageIntro title={title} eyebrow="The Spartans" />
      <div className="coming-soon">
        <p className="coming-soon__badge">Coming Soon</p>
        <p>We are still writing this page. Come back soon.</p>
        <a className="button button--dark" href="/">
          Back to the home page
        </a>
      </div>
      {counter && <FundCounter />}
    </div>
  );
}
