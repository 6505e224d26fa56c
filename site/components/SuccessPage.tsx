import { useState, type ReactNode } from 'react';
import { useComingSoon } from './ComingSoon.tsx';
import { FundCounter } from './FundCounter.tsx';

/**
 * The id a success page shows: `?id=` of its URL, so a refresh keeps it. The
 * prerendered page shows the dash; hydration puts the id in its place. Only an id of
 * the form the server issues (a UUID) is shown: any other text in the URL shows the dash.
 */
const ID_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function useIdFromQuery(): string | null {
  const [id] = useState<string | null>(() => {
    if (typeof location === 'undefined') return null;
    const value = new URLSearchParams(location.search).get('id');
    return value && ID_FORM.test(value) ? value : null;
  });
  return id;
}

export interface SuccessPageProps {
  title: string;
  lead: string;
  idBox: ReactNode;
  /** The first button's label; the specification gives it no action. */
  benefitsLabel: string;
}

/** The thank-you page after an application (docs/PRODUCT.md, "Pages"). */
export function SuccessPage({ title, lead, idBox, benefitsLabel }: SuccessPageProps) {
  const soon = useComingSoon();
  return (
    <div className="page page--narrow flow-success">
      <div className="flow-success__card">
        <p className="flow-success__mark" aria-hidden="true">
          ✓
        </p>
        <h1 className="page-intro__title">{title}</h1>
        <p className="flow-success__lead">{lead}</p>
        <div className="spartan-root spartan-success">{idBox}</div>
        <div className="button-row button-row--center flow-success__actions">
          {/* This button has no destination (docs/PRODUCT.md, "Pages"). */}
          <button type="button" className="button button--dark" onClick={soon.announce}>
            {benefitsLabel}
          </button>
          <a className="button button--gold" href="/our-purpose">
            Our Purpose
          </a>
        </div>
        {soon.status}
      </div>
      <FundCounter />
    </div>
  );
}
