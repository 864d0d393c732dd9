// Reminders: the run's advisory lock and the reminders due, marked as sent in the statement that finds them.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { ms } from './sql.ts';

/* ------------------------------------------------------------------ reminders */

/** pg_try_advisory_xact_lock key of the reminder run ("hibiremd"). */
const REMINDER_LOCK_KEY = 0x6869_6269_7265_6d64n;

/** Takes the reminder run's advisory lock for the transaction; false when another process holds it. */
export async function tryReminderLock(tx: Db): Promise<boolean> {
  const [lock] = await rows<{ locked: boolean }>(tx, sql`SELECT pg_try_advisory_xact_lock(${REMINDER_LOCK_KEY.toString()}::bigint) AS locked`);
  return Boolean(lock?.locked);
}

export interface DueReminderRow {
  kind: 'day' | 'hour';
  event_id: number;
  reservation_id: number;
  user_id: number;
  /** Null for a member without an address who takes reminders on a device (push, decision 153). */
  email: string | null;
  nickname: string;
  locale: string;
  event_title_ja: string;
  event_title_en: string | null;
  session_title_ja: string;
  session_title_en: string | null;
  place_ja: string | null;
  place_en: string | null;
  providing_type: number;
  start_ms: number;
  end_ms: number;
  /** The reservation's pass (issue 33), for the reminder to carry. */
  pass_id: string;
  /** With providing_type: an online session's join link (decision 178). */
  reservation_type: number;
  url: string | null;
}

/**
 * Marks (event_reminders_sent) and returns up to `batch` reminders due at `at`: the day reminder from 24 hours before
 * the start for bookings made before then, unless less than an hour is left; the hour reminder from 60 minutes before;
 * each only to members who have it on, never for a cancelled booking or a session that has begun. Members without
 * an address are reminded too when a device of theirs takes reminders (push, decision 153).
 */
export async function markDueReminders(tx: Db, at: string, batch: number) {
  return rows<DueReminderRow>(
    tx,
    sql`WITH candidates AS (
            SELECT r.id AS reservation_id, k.kind
            FROM event_reservations r
            JOIN event_sessions s ON s.id = r.session_id
            JOIN users u ON u.id = r.user_id
            CROSS JOIN (VALUES ('day'), ('hour')) AS k(kind)
            WHERE r.cancelled_at IS NULL AND u.tenant_id IS NOT NULL
              AND (u.email IS NOT NULL
                   OR EXISTS (SELECT 1 FROM push_subscriptions ps WHERE ps.user_id = u.id AND 'eventReminder' = ANY(ps.kinds)))
              AND s.start_at > ${at}::timestamptz
              AND ((k.kind = 'day' AND u.reminder_day_before
                    AND s.start_at <= ${at}::timestamptz + interval '24 hours' AND s.start_at > ${at}::timestamptz + interval '1 hour'
                    AND r.created_at <= s.start_at - interval '24 hours')
                OR (k.kind = 'hour' AND u.reminder_hour_before
                    AND s.start_at <= ${at}::timestamptz + interval '1 hour'
                    AND r.created_at <= s.start_at - interval '1 hour'))
              AND NOT EXISTS (SELECT 1 FROM event_reminders_sent x WHERE x.reservation_id = r.id AND x.kind = k.kind)
            ORDER BY s.start_at, r.id
            LIMIT ${batch}
          ), marked AS (
            INSERT INTO event_reminders_sent (reservation_id, kind, sent_at)
            SELECT reservation_id, kind, ${at}::timestamptz FROM candidates
            ON CONFLICT DO NOTHING RETURNING reservation_id, kind
          )
          SELECT m.kind, e.id AS event_id, r.id AS reservation_id, u.id AS user_id, u.email, u.nickname, u.locale,
                 e.title_ja AS event_title_ja, e.title_en AS event_title_en, s.title_ja AS session_title_ja, s.title_en AS session_title_en,
                 e.place_ja, e.place_en, s.providing_type, s.reservation_type, s.url,
                 ${ms('s', 'start_at')} AS start_ms, ${ms('s', 'end_at')} AS end_ms,
                 r.pass_id::text AS pass_id
          FROM marked m JOIN event_reservations r ON r.id = m.reservation_id JOIN event_sessions s ON s.id = r.session_id
          JOIN events e ON e.id = r.event_id JOIN users u ON u.id = r.user_id`,
  );
}
