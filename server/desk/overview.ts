/**
 * The shape of the flow of one kind of application over a range of days: how many arrived each
 * day (and from which source), in which status they are, from which partner, for which roles, and
 * the median wait from submission to the first review (the first status change, which for a
 * Spartan application is its first open by staff).
 *
 * Two statements read the range from one index that carries every column they need (migration
 * 0015: an index-only scan once the table is vacuumed): one counts by day, by day and source, by
 * status, by source and by role in one pass (GROUPING SETS); the other counts the total and takes
 * the median.
 */
import { sql, type SQL } from 'drizzle-orm';
import { REVIEW_STATUSES, type ReviewKind } from '../../content/review.ts';
import type { OverviewAnswer } from '../../schemas/team-desk.ts';
import type { Db } from '../db/index.ts';
import { rowsOf } from '../db/rows.ts';

const TABLES = { spartan: 'spartan_applications', investor: 'investor_applications' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface OverviewRange {
  /** First and last day, both included (UTC days, YYYY-MM-DD). */
  from: string;
  to: string;
  /** `site` (our own pages), a partner origin, or undefined for every source. */
  origin?: string | undefined;
}

interface GroupRow {
  set: number;
  day: string | null;
  status: string | null;
  origin: string | null;
  job_title: string | null;
  n: number;
}

/** Every day from `from` to `to`, both included. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

const byCount = <T extends { count: number }>(a: T, b: T) => b.count - a.count;

export async function overviewOf(
  db: Db,
  kind: ReviewKind,
  range: OverviewRange,
): Promise<OverviewAnswer> {
  const table = sql.raw(TABLES[kind]);
  const start = `${range.from}T00:00:00Z`;
  const end = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS).toISOString();
  const conditions: SQL[] = [
    sql`created_at >= ${start}::timestamptz`,
    sql`created_at < ${end}::timestamptz`,
  ];
  if (range.origin === 'site') conditions.push(sql`origin IS NULL`);
  else if (range.origin) conditions.push(sql`origin = ${range.origin}`);
  const where = sql.join(conditions, sql` AND `);
  const role = kind === 'spartan' ? sql`job_title` : sql`NULL::text`;
  const [rows, [totals]] = await Promise.all([
    rowsOf<GroupRow>(
      db,
      sql`
      SELECT GROUPING(day, status, origin, job_title)::int AS set, day::text AS day, status,
             origin, job_title,
             count(*)::int AS n
        FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, status,
                     coalesce(origin, 'site') AS origin, ${role} AS job_title
                FROM ${table} WHERE ${where}) a
       GROUP BY GROUPING SETS ((day), (day, origin), (status), (origin), (job_title))`,
    ),
    rowsOf<{ total: number; median: number | null }>(
      db,
      sql`
      SELECT count(*)::int AS total,
             (percentile_cont(0.5) WITHIN GROUP (
                ORDER BY extract(epoch FROM first_reviewed_at - created_at)) / 3600)::float8
               AS median
        FROM ${table} WHERE ${where}`,
    ),
  ]);
  // GROUPING's bits, from the last argument: 1 job_title, 2 origin, 4 status, 8 day left out.
  const only = (kept: 'day' | 'dayOrigin' | 'status' | 'origin' | 'job') => {
    const mask = { day: 0b0111, dayOrigin: 0b0101, status: 0b1011, origin: 0b1101, job: 0b1110 };
    return rows.filter((r) => r.set === mask[kept]);
  };
  const perDay = new Map(only('day').map((r) => [r.day!, r.n]));
  const counted = new Map(only('status').map((r) => [r.status!, r.n]));
  return {
    from: range.from,
    to: range.to,
    total: totals?.total ?? 0,
    by_day: daysOf(range.from, range.to).map((day) => ({ day, count: perDay.get(day) ?? 0 })),
    by_day_origin: only('dayOrigin')
      .map((r) => ({ day: r.day!, origin: r.origin!, count: r.n }))
      .sort((a, b) => a.day.localeCompare(b.day) || a.origin.localeCompare(b.origin)),
    // Every status of the kind, in workflow order, none left out for want of applications.
    by_status: REVIEW_STATUSES[kind].map(({ value }) => ({
      status: value,
      count: counted.get(value) ?? 0,
    })),
    by_origin: only('origin')
      .map((r) => ({ origin: r.origin!, count: r.n }))
      .sort((a, b) => byCount(a, b) || a.origin.localeCompare(b.origin)),
    by_job_title:
      kind === 'spartan'
        ? only('job')
            .filter((r) => r.job_title !== null)
            .map((r) => ({ job_title: r.job_title!, count: r.n }))
            .sort((a, b) => byCount(a, b) || a.job_title.localeCompare(b.job_title))
        : [],
    median_hours_to_first_review:
      totals?.median === null || totals?.median === undefined
        ? null
        : Math.round(Number(totals.median) * 10) / 10,
  };
}
