// The calendar domain's data module (issue 36, item 3; decision 156): the console's content calendar, read in one
// statement from the tables of the content, events and surveys domains (their data modules are theirs; this one only
// reads the columns their migrations name: publish times, taken-down marks, sessions' times and booking windows,
// surveys' answer windows). Each state is computed against the call's time with the rule of its own domain.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/query.ts';

const iso = (d: Date) => d.toISOString();
const ms = (column: string) => sql.raw(`floor(extract(epoch FROM ${column}) * 1000)::float8`);

export type CalendarKindName =
  'announcement' | 'article' | 'eventPublish' | 'session' | 'bookingOpens' | 'bookingCloses' | 'surveyOpens' | 'surveyCloses';
export type CalendarStateName = 'draft' | 'scheduled' | 'published' | 'unpublished' | 'running' | 'ended';

export interface CalendarRow {
  kind: CalendarKindName;
  item_id: number;
  session_id: number | null;
  title_ja: string;
  title_en: string | null;
  session_title_ja: string | null;
  session_title_en: string | null;
  at: number;
  end_at: number | null;
  state: CalendarStateName;
}

export interface CalendarQuery {
  /** The range as instants: [fromAt, toAt). */
  fromAt: Date;
  toAt: Date;
  now: Date;
  /** Rows to read at most (the caller asks one more than it answers, to know whether there were more). */
  limit: number;
}

/** Content's and events' publishing state (content data.ts stateSql, events data.ts eventStateSql): never stored. */
function publishState(alias: string, dateColumn: string, now: Date): SQL {
  const a = (c: string) => sql.raw(`${alias}.${c}`);
  return sql`CASE WHEN ${a('unpublished_at')} IS NOT NULL THEN 'unpublished' WHEN ${a(dateColumn)} IS NULL THEN 'draft'
    WHEN ${a(dateColumn)} > ${iso(now)}::timestamptz THEN 'scheduled' ELSE 'published' END`;
}

/** A survey's state (surveys data.ts surveyStateSql). */
function surveyState(now: Date): SQL {
  return sql`CASE WHEN q.is_draft THEN 'draft' WHEN q.from_date_time > ${iso(now)}::timestamptz THEN 'scheduled'
    WHEN q.to_date_time < ${iso(now)}::timestamptz THEN 'ended' ELSE 'running' END`;
}

/**
 * Every entry of the range, earliest first (then in the order of the kinds, the item, the session), at most `limit`.
 * Moments are in the range when fromAt <= t < toAt; a session when it overlaps it (it starts before the range ends,
 * and ends after it starts, or is a moment inside it). One statement: a branch per kind, no query per item.
 */
export async function calendarEntries(db: Db, range: CalendarQuery): Promise<CalendarRow[]> {
  const from = sql`${iso(range.fromAt)}::timestamptz`;
  const to = sql`${iso(range.toAt)}::timestamptz`;
  const inRange = (column: string) => sql`${sql.raw(column)} >= ${from} AND ${sql.raw(column)} < ${to}`;
  const eventState = publishState('e', 'published_at', range.now);
  const session = (kind: CalendarKindName, order: number, column: string, where: SQL) => sql`
    SELECT ${kind}::text AS kind, ${order}::int AS k, e.id AS item_id, s.id AS session_id, e.title_ja, e.title_en,
           s.title_ja AS session_title_ja, s.title_en AS session_title_en, ${ms(column)} AS at,
           ${kind === 'session' ? ms('s.end_at') : sql`NULL::float8`} AS end_at, ${eventState} AS state
      FROM event_sessions s JOIN events e ON e.id = s.event_id
     WHERE ${where}`;
  return rows<CalendarRow>(
    db,
    sql`SELECT kind, item_id, session_id, title_ja, title_en, session_title_ja, session_title_en, at, end_at, state FROM (
      SELECT 'announcement'::text AS kind, 0 AS k, n.id AS item_id, NULL::int AS session_id, n.title_ja, n.title_en,
             NULL::text AS session_title_ja, NULL::text AS session_title_en, ${ms('n.from_at')} AS at, NULL::float8 AS end_at,
             ${publishState('n', 'from_at', range.now)} AS state
        FROM announcements n WHERE ${inRange('n.from_at')}
      UNION ALL
      SELECT 'article', 1, r.id, NULL, r.title_ja, r.title_en, NULL, NULL, ${ms('r.published_at')}, NULL,
             ${publishState('r', 'published_at', range.now)}
        FROM report_articles r WHERE ${inRange('r.published_at')}
      UNION ALL
      SELECT 'eventPublish', 2, e.id, NULL, e.title_ja, e.title_en, NULL, NULL, ${ms('e.published_at')}, NULL, ${eventState}
        FROM events e WHERE ${inRange('e.published_at')}
      UNION ALL
      ${session('session', 3, 's.start_at', sql`s.start_at < ${to} AND (s.end_at > ${from} OR s.start_at >= ${from})`)}
      UNION ALL
      ${session('bookingOpens', 4, 's.reservation_start_at', inRange('s.reservation_start_at'))}
      UNION ALL
      ${session('bookingCloses', 5, 's.reservation_end_at', inRange('s.reservation_end_at'))}
      UNION ALL
      SELECT 'surveyOpens', 6, q.id, NULL, q.title_ja, q.title_en, NULL, NULL, ${ms('q.from_date_time')}, NULL, ${surveyState(range.now)}
        FROM questionnaires q WHERE ${inRange('q.from_date_time')}
      UNION ALL
      SELECT 'surveyCloses', 7, q.id, NULL, q.title_ja, q.title_en, NULL, NULL, ${ms('q.to_date_time')}, NULL, ${surveyState(range.now)}
        FROM questionnaires q WHERE ${inRange('q.to_date_time')}
    ) x
    ORDER BY at, k, item_id, session_id NULLS FIRST
    LIMIT ${range.limit}`,
  );
}
