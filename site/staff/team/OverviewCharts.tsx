import { useMemo, useRef } from 'react';
import type { ChartConfiguration } from 'chart.js';
import type { OverviewAnswer } from '../../../schemas/team-desk.ts';
import type { Kind } from '../kinds.ts';
import { statusLabel } from '../../../content/review.ts';
import { TableScroll } from '../TableScroll.tsx';
import { Chart, CHART_COLOURS } from './Chart.tsx';
import { arrivals, share } from './overview-figures.ts';

const n = (value: number) => value.toLocaleString('en-US');

/** A chart with its title, and the table of its figures (what a screen reader reads). */
function Figure({
  title,
  chart,
  children,
}: {
  title: string;
  chart: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <figure className="staff-overview__figure">
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      {chart}
      {children}
    </figure>
  );
}

/** Applications per day or week, stacked by source. */
export function ArrivalsChart({ overview }: { overview: OverviewAnswer }) {
  const a = useMemo(() => arrivals(overview), [overview]);
  const wrapRef = useRef<HTMLDivElement>(null);
  const config = useMemo(
    (): ChartConfiguration => ({
      type: 'bar',
      data: {
        labels: a.periods,
        datasets: a.sources.map((source, i) => ({
          label: source,
          data: a.counts[source]!,
          backgroundColor: CHART_COLOURS[i % CHART_COLOURS.length],
        })),
      },
      options: { scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true } } },
    }),
    [a],
  );
  const title = `Applications per ${a.by}, by source`;
  return (
    <Figure title={title} chart={<Chart config={config} label="arrivals" />}>
      <TableScroll label={`${title}: table`} wrapRef={wrapRef}>
        <table className="staff-table">
          <caption className="spartan-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{a.by === 'week' ? 'Week of' : 'Day'}</th>
              {a.sources.map((s) => (
                <th key={s} scope="col">
                  {s}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {a.periods.map((p, i) => (
              <tr key={p}>
                <th scope="row">{p}</th>
                {a.sources.map((s) => (
                  <td key={s}>{n(a.counts[s]![i]!)}</td>
                ))}
                <td>{n(a.totals[i]!)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Figure>
  );
}

/** A horizontal bar chart of named counts, with its table (count and share of the total). */
function CountsChart({
  title,
  name,
  rows,
  total,
  label,
}: {
  title: string;
  name: string;
  rows: Array<{ label: string; count: number }>;
  total: number;
  label: string;
}) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const config = useMemo(
    (): ChartConfiguration => ({
      type: 'bar',
      data: {
        labels: rows.map((r) => r.label),
        datasets: [
          { label: title, data: rows.map((r) => r.count), backgroundColor: CHART_COLOURS[0] },
        ],
      },
      options: { indexAxis: 'y', plugins: { legend: { display: false } } },
    }),
    [rows, title],
  );
  return (
    <Figure title={title} chart={<Chart config={config} label={label} />}>
      <TableScroll label={`${title}: table`} wrapRef={wrapRef}>
        <table className="staff-table">
          <caption className="spartan-visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{name}</th>
              <th scope="col">Applications</th>
              <th scope="col">Share</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label}>
                <th scope="row">{r.label}</th>
                <td>{n(r.count)}</td>
                <td>{share(r.count, total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </Figure>
  );
}

export function FunnelChart({ kind, overview }: { kind: Kind; overview: OverviewAnswer }) {
  const rows = useMemo(
    () => overview.by_status.map((s) => ({ label: statusLabel(kind, s.status), count: s.count })),
    [kind, overview],
  );
  return (
    <CountsChart
      title="Status funnel"
      name="Status"
      rows={rows}
      total={overview.total}
      label="funnel"
    />
  );
}

/** The ten roles most applied for. */
export function RolesChart({ overview }: { overview: OverviewAnswer }) {
  const rows = useMemo(
    () => overview.by_job_title.slice(0, 10).map((r) => ({ label: r.job_title, count: r.count })),
    [overview],
  );
  if (rows.length === 0) return null;
  return (
    <CountsChart
      title="Top job roles"
      name="Job role"
      rows={rows}
      total={overview.total}
      label="roles"
    />
  );
}
