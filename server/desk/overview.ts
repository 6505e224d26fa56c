/**
 * The shape of the flow of one kind of application over a range of days: how many arrived each
 * day (and from which source), in which status they are, from which partner, for which roles, and
 * the median wait from submission to the first review (the first status change, which for a
 * Spartan application is its first open by staff).
 *
 * The counts are read from `application_day_counts` (migration 0017), which triggers on the
 * application tables keep exact: a row per day, source and status, and per day, source and role.
 * A busy day has a few hundred such rows where it has thousands of applications. The triggers
 * add signed deltas; `mergeDayCounts` folds each day's into one row per key, hourly
 * (`startOverviewUpkeep`). The median needs every wait of the range: it is read from the
 * applications' overview index (migration 0015; an index-only scan once the table is vacuumed),
 * beside the counts.
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
  /** The set's applications (status rows), and its role counts (job role rows). */
  n: number | null;
  roles: number | null;
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
  const counted: SQL[] = [
    sql`kind = ${kind}`,
    sql`day >= ${range.from}::date`,
    sql`day <= ${range.to}::date`,
  ];
  if (range.origin === 'site') {
    conditions.push(sql`origin IS NULL`);
    counted.push(sql`origin = 'site'`);
  } else if (range.origin) {
    conditions.push(sql`origin = ${range.origin}`);
    counted.push(sql`origin = ${range.origin}`);
  }
  const [rows, [wait]] = await Promise.all([
    // Three sums of the range's counts: by day and source, by source and status (of the status
    // rows), by role (of the role rows). The rest is summed from them below.
    rowsOf<GroupRow>(
      db,
      sql`
      SELECT GROUPING(day, origin, status, job_title)::int AS set, day::text AS day, origin,
             status, job_title,
             (sum(n) FILTER (WHERE status IS NOT NULL))::int AS n,
             (sum(n) FILTER (WHERE job_title IS NOT NULL))::int AS roles
        FROM application_day_counts
       WHERE ${sql.join(counted, sql` AND `)}
       GROUP BY GROUPING SETS ((day, origin), (origin, status), (job_title))`,
    ),
    // date_part's float8 seconds: extract's numeric ones cost several times more to sort.
    rowsOf<{ median: number | null }>(
      db,
      sql`
      SELECT percentile_cont(0.5) WITHIN GROUP (
               ORDER BY date_part('epoch', first_reviewed_at - created_at)) / 3600 AS median
        FROM ${table} WHERE ${sql.join(conditions, sql` AND `)}`,
    ),
  ]);
  // GROUPING's bits, from the last argument: 1 job_title, 2 status, 4 origin, 8 day left out.
  const SETS = { dayOrigin: 0b0011, originStatus: 0b1001, job: 0b1110 };
  // A key whose deltas cancel out (an application deleted, or moved to another status) sums to
  // 0: it is left out, as it would be if it had never been counted.
  const dayOrigin = rows
    .filter((r) => r.set === SETS.dayOrigin && (r.n ?? 0) !== 0)
    .map((r) => ({ day: r.day!, origin: r.origin!, count: r.n! }));
  const sumBy = <K extends string>(pairs: Array<[K, number]>) => {
    const sums = new Map<K, number>();
    for (const [key, n] of pairs) sums.set(key, (sums.get(key) ?? 0) + n);
    return sums;
  };
  const perDay = sumBy(dayOrigin.map((r) => [r.day, r.count]));
  const perOrigin = sumBy(dayOrigin.map((r) => [r.origin, r.count]));
  const perStatus = sumBy(
    rows
      .filter((r) => r.set === SETS.originStatus && r.status !== null)
      .map((r) => [r.status!, r.n ?? 0]),
  );
  return {
    from: range.from,
    to: range.to,
    total: dayOrigin.reduce((n, r) => n + r.count, 0),
    by_day: daysOf(range.from, range.to).map((day) => ({ day, count: perDay.get(day) ?? 0 })),
    by_day_origin: dayOrigin.sort(
      (a, b) => a.day.localeCompare(b.day) || a.origin.localeCompare(b.origin),
    ),
    // Every status of the kind, in workflow order, none left out for want of applications.
    by_status: REVIEW_STATUSES[kind].map(({ value }) => ({
      status: value,
      count: perStatus.get(value) ?? 0,
    })),
    by_origin: [...perOrigin]
      .map(([origin, count]) => ({ origin, count }))
      .sort((a, b) => byCount(a, b) || a.origin.localeCompare(b.origin)),
    by_job_title:
      kind === 'spartan'
        ? rows
            .filter((r) => r.set === SETS.job && r.job_title !== null && (r.roles ?? 0) !== 0)
            .map((r) => ({ job_title: r.job_title!, count: r.roles! }))
            .sort((a, b) => byCount(a, b) || a.job_title.localeCompare(b.job_title))
        : [],
    median_hours_to_first_review:
      wait?.median === null || wait?.median === undefined
        ? null
        : Math.round(Number(wait.median) * 10) / 10,
  };
}

/**
 * Folds the deltas of every day that has some into one row per key (keys summing to 0 go).
 * One statement: the rows it deletes are the ones it sums. A delta committed meanwhile is not
 * among them and stays for the next merge; of two merges at once, each sums the rows it deleted,
 * and a row the other deleted first is skipped. Answers the rows folded.
 */
export async function mergeDayCounts(db: Db): Promise<number> {
  const [merged] = await rowsOf<{ n: number }>(
    db,
    sql`
    WITH dirty AS (
      SELECT DISTINCT kind, day FROM application_day_counts WHERE NOT merged
    ), gone AS (
      DELETE FROM application_day_counts c USING dirty
       WHERE c.kind = dirty.kind AND c.day = dirty.day
      RETURNING c.kind, c.day, c.origin, c.status, c.job_title, c.n
    ), kept AS (
      INSERT INTO application_day_counts (kind, day, origin, status, job_title, n, merged)
      SELECT kind, day, origin, status, job_title, sum(n), true
        FROM gone GROUP BY kind, day, origin, status, job_title
      HAVING sum(n) <> 0
    )
    SELECT count(*)::int AS n FROM gone`,
  );
  return merged?.n ?? 0;
}

/** How often the counts' deltas are merged. */
const MERGE_EVERY_MS = 60 * 60 * 1000;

/** Runs `mergeDayCounts` at start and then hourly, until the returned stop is called. */
export function startOverviewUpkeep(db: Db, onError: (err: unknown) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = running.then(() => mergeDayCounts(db)).catch(onError);
  };
  run();
  const timer = setInterval(run, MERGE_EVERY_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
    return running.then(() => undefined);
  };
}
