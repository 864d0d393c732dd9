// The home domain's data module (issue 60; decision 181): the console home's lists and figures, each one statement
// aggregated in SQL (never a query per item). It reads the columns other domains' migrations name, as the calendar
// and insights domains do: the mail outbox's failed rows (0500, 0530), sessions with their waiting lists (0201,
// 0202), publish times and English texts of announcements, articles, events and surveys (0100, 0200, 0400, 0601,
// 0610, 0620), members' sessions, sign-ins, device uploads, reservations and survey answers. Migration 0890 adds the
// two indexes the week's figures read by.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/query.ts';

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const ms = (column: string) => sql.raw(`floor(extract(epoch FROM ${column}) * 1000)::float8`);
/** An English text is missing where the Japanese one has words and the English one has none. */
const missing = (ja: string, en: string) => sql.raw(`(coalesce(btrim(${ja}), '') <> '' AND coalesce(btrim(${en}), '') = '')`);

export interface FailedMailRow {
  id: number;
  kind: string;
  to_address: string;
  last_error: string | null;
  attempts: number;
  created_at: number;
  total: number;
}

/** The outbox's failed mail, newest first, at most `limit`, with how many there are (mail_outbox_status_idx). */
export async function failedMail(db: Db, limit: number): Promise<FailedMailRow[]> {
  return rows<FailedMailRow>(
    db,
    sql`SELECT id, kind, to_address, last_error, attempts, ${ms('created_at')} AS created_at, count(*) OVER ()::int AS total
          FROM mail_outbox WHERE status = 'failed' ORDER BY id DESC LIMIT ${limit}`,
  );
}

export interface FullSessionRow {
  event_id: number;
  session_id: number;
  title_ja: string;
  title_en: string | null;
  session_title_ja: string;
  session_title_en: string | null;
  start_at: number;
  capacity: number;
  reserved: number;
  waiting: number;
  total: number;
}

/**
 * Sessions not over yet whose seats are all taken while members wait for one (event_waiting_list_session_idx), the
 * soonest first, at most `limit`, with how many there are.
 */
export async function fullSessions(db: Db, now: Date, limit: number): Promise<FullSessionRow[]> {
  return rows<FullSessionRow>(
    db,
    sql`SELECT e.id AS event_id, s.id AS session_id, e.title_ja, e.title_en, s.title_ja AS session_title_ja,
               s.title_en AS session_title_en, ${ms('s.start_at')} AS start_at, s.capacity, s.reserved_count AS reserved,
               w.waiting, count(*) OVER ()::int AS total
          FROM (SELECT session_id, count(*)::int AS waiting FROM event_waiting_list GROUP BY session_id) w
          JOIN event_sessions s ON s.id = w.session_id
          JOIN events e ON e.id = s.event_id
         WHERE s.capacity IS NOT NULL AND s.reserved_count >= s.capacity AND s.end_at > ${iso(now)}
         ORDER BY s.start_at, s.id
         LIMIT ${limit}`,
  );
}

export interface MissingEnglishRow {
  item_type: 'announcement' | 'article' | 'event' | 'survey';
  item_id: number;
  title_ja: string;
  title_en: string | null;
  publish_at: number;
  fields: string[];
  total: number;
}

/**
 * Items scheduled to go out (a publish time after now, not taken down; a survey not a draft that opens after now)
 * with an English text missing where the Japanese one is written: the title, an article's description, a section's
 * subtitle or text, a session's title, a survey item's question. The soonest first, at most `limit`, with how many.
 */
export async function missingEnglish(db: Db, now: Date, limit: number): Promise<MissingEnglishRow[]> {
  const at = iso(now);
  const sectionsOf = (ownerType: string, id: string) =>
    sql`EXISTS (SELECT 1 FROM sections x WHERE x.owner_type = ${ownerType} AND x.owner_id = ${sql.raw(id)}
                  AND (${missing('x.subtitle_ja', 'x.subtitle_en')} OR ${missing('x.comment_ja', 'x.comment_en')}))`;
  return rows<MissingEnglishRow>(
    db,
    sql`SELECT item_type, item_id, title_ja, title_en, publish_at, fields, count(*) OVER ()::int AS total FROM (
          SELECT item_type, item_id, title_ja, title_en, publish_at,
                 array_remove(ARRAY[CASE WHEN f_title THEN 'title' END, CASE WHEN f_description THEN 'description' END,
                   CASE WHEN f_sections THEN 'sections' END, CASE WHEN f_sessions THEN 'sessions' END,
                   CASE WHEN f_questions THEN 'questions' END], NULL) AS fields
            FROM (
              SELECT 'announcement'::text AS item_type, n.id AS item_id, n.title_ja, n.title_en, ${ms('n.from_at')} AS publish_at,
                     ${missing('n.title_ja', 'n.title_en')} AS f_title, false AS f_description,
                     ${sectionsOf('announcement', 'n.id')} AS f_sections, false AS f_sessions, false AS f_questions
                FROM announcements n WHERE n.from_at > ${at} AND n.unpublished_at IS NULL
              UNION ALL
              SELECT 'article', r.id, r.title_ja, r.title_en, ${ms('r.published_at')},
                     ${missing('r.title_ja', 'r.title_en')}, ${missing('r.description_ja', 'r.description_en')},
                     ${sectionsOf('report_article', 'r.id')}, false, false
                FROM report_articles r WHERE r.published_at > ${at} AND r.unpublished_at IS NULL
              UNION ALL
              SELECT 'event', e.id, e.title_ja, e.title_en, ${ms('e.published_at')},
                     ${missing('e.title_ja', 'e.title_en')}, false, ${sectionsOf('event', 'e.id')},
                     EXISTS (SELECT 1 FROM event_sessions s WHERE s.event_id = e.id AND ${missing('s.title_ja', 's.title_en')}),
                     false
                FROM events e WHERE e.published_at > ${at} AND e.unpublished_at IS NULL
              UNION ALL
              SELECT 'survey', q.id, q.title_ja, q.title_en, ${ms('q.from_date_time')},
                     ${missing('q.title_ja', 'q.title_en')}, false, false, false,
                     EXISTS (SELECT 1 FROM questionnaire_items i WHERE i.questionnaire_id = q.id
                               AND ${missing('i.question_ja', 'i.question_en')})
                FROM questionnaires q WHERE NOT q.is_draft AND q.from_date_time > ${at}
            ) items
        ) flagged
        WHERE cardinality(fields) > 0
        ORDER BY publish_at, item_type, item_id
        LIMIT ${limit}`,
  );
}

export interface UsageRow {
  /** 0: members of no tenant. */
  tenant_id: number;
  name_ja: string | null;
  name_en: string | null;
  members: number;
  active: number;
  active_before: number;
  sign_ups: number;
  sign_ups_before: number;
  bookings: number;
  bookers: number;
  bookings_before: number;
  bookers_before: number;
  answers: number;
  answers_before: number;
}

/**
 * Per tenant (0: no tenant), for the last 7 days [weekStart, now) and the 7 before [previousStart, weekStart):
 * members; active members (a session used in the window, the last sign-in or a device upload in it); sign-ups;
 * reservations made and not cancelled, with the members who made them; survey answers (one per member and survey,
 * so the answers are their members). One statement and one pass over the members: each other source is read once
 * over the fortnight by its time (sessions_last_used_idx, migration 0890's indexes on reservations' and answers'
 * times), summed per member, joined to the members, then grouped by tenant.
 */
export async function usage(db: Db, now: Date, weekStart: Date, previousStart: Date): Promise<UsageRow[]> {
  return rows<UsageRow>(db, usageStatement(now, weekStart, previousStart));
}

/** The usage statement itself (the benchmark explains it). */
export function usageStatement(now: Date, weekStart: Date, previousStart: Date): SQL {
  const n = iso(now);
  const w = iso(weekStart);
  const p = iso(previousStart);
  return sql`WITH act AS (
      SELECT user_id, bool_or(last_at >= ${w}) AS cur, bool_or(first_at < ${w}) AS prev
        FROM (SELECT user_id, created_at AS first_at, last_used_at AS last_at FROM sessions
               WHERE last_used_at >= ${p} AND created_at < ${n}
              UNION ALL
              SELECT user_id, last_upload_at, last_upload_at FROM health_devices
               WHERE last_upload_at >= ${p} AND last_upload_at < ${n}) x
       GROUP BY user_id),
    bk AS (
      SELECT user_id, count(*) FILTER (WHERE created_at >= ${w})::int AS cur, count(*) FILTER (WHERE created_at < ${w})::int AS prev
        FROM event_reservations
       WHERE created_at >= ${p} AND created_at < ${n} AND cancelled_at IS NULL
       GROUP BY user_id),
    an AS (
      SELECT user_id, count(*) FILTER (WHERE answered_at >= ${w})::int AS cur, count(*) FILTER (WHERE answered_at < ${w})::int AS prev
        FROM questionnaire_answers
       WHERE answered_at >= ${p} AND answered_at < ${n}
       GROUP BY user_id),
    g AS (
      SELECT coalesce(u.tenant_id, 0) AS tenant_id, count(*)::int AS members,
             count(*) FILTER (WHERE a.cur OR u.last_login_at >= ${w} AND u.last_login_at < ${n})::int AS active,
             count(*) FILTER (WHERE a.prev OR u.last_login_at >= ${p} AND u.last_login_at < ${w})::int AS active_before,
             count(*) FILTER (WHERE u.created_at >= ${w} AND u.created_at < ${n})::int AS sign_ups,
             count(*) FILTER (WHERE u.created_at >= ${p} AND u.created_at < ${w})::int AS sign_ups_before,
             coalesce(sum(b.cur), 0)::int AS bookings, count(*) FILTER (WHERE b.cur > 0)::int AS bookers,
             coalesce(sum(b.prev), 0)::int AS bookings_before, count(*) FILTER (WHERE b.prev > 0)::int AS bookers_before,
             coalesce(sum(q.cur), 0)::int AS answers, coalesce(sum(q.prev), 0)::int AS answers_before
        FROM users u
        LEFT JOIN act a ON a.user_id = u.id
        LEFT JOIN bk b ON b.user_id = u.id
        LEFT JOIN an q ON q.user_id = u.id
       GROUP BY 1)
    SELECT g.*, t.name_ja, t.name_en FROM g LEFT JOIN tenants t ON t.id = g.tenant_id
     ORDER BY g.members DESC, g.tenant_id`;
}
