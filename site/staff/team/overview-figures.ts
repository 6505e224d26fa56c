/** The Overview's figures shaped for its charts and tables (docs/DESK.md, "Overview"). */
import type { OverviewAnswer } from '../../../schemas/team-desk.ts';

/** How many sources the arrivals chart shows by name; the rest are "Other partners". */
const NAMED_SOURCES = 4;
export const SITE_LABEL = 'Our site';

export const sourceLabel = (origin: string) => (origin === 'site' ? SITE_LABEL : origin);

/** Monday of the ISO week of a YYYY-MM-DD day. */
function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
  return monday.toISOString().slice(0, 10);
}

export interface Arrivals {
  by: 'day' | 'week';
  periods: string[];
  sources: string[];
  /** counts[source][period index] */
  counts: Record<string, number[]>;
  totals: number[];
}

/** Applications per day (up to 31 days) or per week, by source: the top few, then the others. */
export function arrivals(o: OverviewAnswer): Arrivals {
  const by = o.by_day.length > 31 ? 'week' : 'day';
  const periodOf = (day: string) => (by === 'week' ? weekOf(day) : day);
  const periods = [...new Set(o.by_day.map((d) => periodOf(d.day)))];
  const index = new Map(periods.map((p, i) => [p, i]));
  const top = o.by_origin.slice(0, NAMED_SOURCES).map((s) => s.origin);
  const others = o.by_origin.length > NAMED_SOURCES;
  const sources = [...top.map(sourceLabel), ...(others ? ['Other partners'] : [])];
  const counts: Record<string, number[]> = Object.fromEntries(
    sources.map((s) => [s, periods.map(() => 0)]),
  );
  for (const row of o.by_day_origin) {
    const name = top.includes(row.origin) ? sourceLabel(row.origin) : 'Other partners';
    const at = index.get(periodOf(row.day));
    if (at !== undefined && counts[name]) counts[name][at]! += row.count;
  }
  const totals = periods.map((_, i) => sources.reduce((n, s) => n + counts[s]![i]!, 0));
  return { by, periods, sources, counts, totals };
}

export const share = (count: number, total: number) =>
  total > 0 ? `${Math.round((count / total) * 100)}%` : '—';

export function hoursText(hours: number | null): string {
  if (hours === null) return 'No application has been reviewed yet';
  if (hours < 48) return `${hours.toLocaleString('en-US')} hours`;
  return `${(hours / 24).toLocaleString('en-US', { maximumFractionDigits: 1 })} days`;
}
