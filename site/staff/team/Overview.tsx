import { useEffect, useId, useState, type FormEvent } from 'react';
import type { OverviewAnswer } from '../../../schemas/team-desk.ts';
import { documentTitle } from '../../navigation.ts';
import { fetchOverview, type OverviewParams } from '../data/team.ts';
import { KINDS, type Kind } from '../kinds.ts';
import { ArrivalsChart, FunnelChart, RolesChart } from './OverviewCharts.tsx';
import { hoursText } from './overview-figures.ts';
import '../applications/desk.css';
import './team.css';

/**
 * The shape of the flow: applications per day or week by source, the status funnel, the top
 * roles and the median wait for a first review, over a range (the last 90 days by default), for
 * one kind and one source or all. Each chart has the table of its figures.
 */
export function Overview() {
  const uid = useId();
  const [kind, setKind] = useState<Kind>('spartan');
  const [params, setParams] = useState<OverviewParams>({});
  const [state, setState] = useState<{ data: OverviewAnswer | null; error: string | null }>({
    data: null,
    error: null,
  });
  useEffect(() => {
    document.title = documentTitle('Overview · Staff Area');
  }, []);
  useEffect(() => {
    let live = true;
    fetchOverview(kind, params).then(
      (data) => live && setState({ data, error: null }),
      (error: unknown) => live && setState({ data: null, error: (error as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [kind, params]);

  const onApply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value.trim() : '';
    };
    setKind(text('kind') === 'investor' ? 'investor' : 'spartan');
    setParams({ from: text('from'), to: text('to'), origin: text('origin') });
  };
  const o = state.data;
  return (
    <section className="staff-section" aria-labelledby={`${uid}-title`}>
      <h2 id={`${uid}-title`} className="staff-section__title">
        Overview
      </h2>
      <form className="staff-filters" aria-label="Overview range" onSubmit={onApply}>
        <div className="staff-filter">
          <label htmlFor={`${uid}-kind`}>Applications</label>
          <select id={`${uid}-kind`} name="kind" className="staff-input" defaultValue={kind}>
            <option value="spartan">{KINDS.spartan.title}</option>
            <option value="investor">{KINDS.investor.title}</option>
          </select>
        </div>
        <div className="staff-filter">
          <label htmlFor={`${uid}-from`}>From</label>
          <input id={`${uid}-from`} name="from" type="date" className="staff-input" />
        </div>
        <div className="staff-filter">
          <label htmlFor={`${uid}-to`}>Until</label>
          <input id={`${uid}-to`} name="to" type="date" className="staff-input" />
        </div>
        <div className="staff-filter">
          <label htmlFor={`${uid}-origin`}>Source</label>
          <input
            id={`${uid}-origin`}
            name="origin"
            type="text"
            className="staff-input"
            placeholder="site, or https://partner.example"
            aria-describedby={`${uid}-origin-hint`}
          />
          <p id={`${uid}-origin-hint`} className="staff-hint">
            Empty for every source.
          </p>
        </div>
        <div className="staff-filters__actions">
          <button type="submit" className="button button--dark">
            Show
          </button>
        </div>
      </form>
      <p className="staff-status" role="status">
        {state.error
          ? ''
          : o
            ? `${o.total.toLocaleString('en-US')} applications from ${o.from} to ${o.to}.`
            : 'Loading the overview…'}
      </p>
      {state.error && (
        <p className="staff-error" role="alert">
          {state.error}
        </p>
      )}
      {o && (
        <>
          <div className="staff-panel">
            <h3>Median time to a first review</h3>
            <p
              className={
                o.median_hours_to_first_review === null ? undefined : 'staff-overview__median'
              }
            >
              {hoursText(o.median_hours_to_first_review)}
            </p>
            <p className="staff-hint">
              From submission to the first status change (for a Spartan application, its first open
              by staff), over the applications of this range that have been reviewed.
            </p>
          </div>
          <ArrivalsChart overview={o} />
          <div className="staff-overview__grid">
            <FunnelChart kind={kind} overview={o} />
            <RolesChart overview={o} />
          </div>
        </>
      )}
    </section>
  );
}
