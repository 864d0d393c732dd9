import { sql } from 'drizzle-orm';
import { normaliseLocale } from '@hibi/contract/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { enqueueRenderedMail } from '../../mail/outbox.ts';
import { renderEventMail, type EventMailKind } from './mails.ts';
import { sessionEntry } from './service.ts';
import { rows } from '../../db/query.ts';

/**
 * Reminder mails before reserved sessions (docs/decisions/081-waiting-list-reminders-feed.md):
 * - the day before: sent from 24 hours before the start, for reservations made before that point, unless the session
 *   is less than an hour away (the hour reminder's turn); members' setting, on by default;
 * - an hour before: sent from 60 minutes before the start, for reservations made before that point; off by default.
 * Never for a cancelled reservation or a session that has begun. Each run marks what it sends in
 * event_reminders_sent (key: reservation and kind) and writes the mails to the outbox in the same transaction, so a
 * reminder goes out once however many processes run this and whenever they restart; an advisory lock lets one
 * process at a time do the work.
 */
export const REMINDER_EVERY_MS = 60_000;
const BATCH = 500;
/** pg_try_advisory_xact_lock key of the reminder run ("hibiremd"). */
const LOCK_KEY = 0x6869_6269_7265_6d64n;

interface DueRow {
  kind: 'day' | 'hour';
  event_id: number;
  email: string;
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
}

/** One run: marks and queues every reminder due at `now`. Returns how many mails were queued (0 when another process holds the run). */
export async function sendDueReminders(db: Db, config: Config, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [lock] = await rows<{ locked: boolean }>(t, sql`SELECT pg_try_advisory_xact_lock(${LOCK_KEY.toString()}::bigint) AS locked`);
    if (!lock?.locked) return 0;
    const at = now.toISOString();
    const due = await rows<DueRow>(
      t,
      sql`WITH candidates AS (
            SELECT r.id AS reservation_id, k.kind
            FROM event_reservations r
            JOIN event_sessions s ON s.id = r.session_id
            JOIN users u ON u.id = r.user_id
            CROSS JOIN (VALUES ('day'), ('hour')) AS k(kind)
            WHERE r.cancelled_at IS NULL AND u.tenant_id IS NOT NULL AND u.email IS NOT NULL
              AND s.start_at > ${at}::timestamptz
              AND ((k.kind = 'day' AND u.reminder_day_before
                    AND s.start_at <= ${at}::timestamptz + interval '24 hours' AND s.start_at > ${at}::timestamptz + interval '1 hour'
                    AND r.created_at <= s.start_at - interval '24 hours')
                OR (k.kind = 'hour' AND u.reminder_hour_before
                    AND s.start_at <= ${at}::timestamptz + interval '1 hour'
                    AND r.created_at <= s.start_at - interval '1 hour'))
              AND NOT EXISTS (SELECT 1 FROM event_reminders_sent x WHERE x.reservation_id = r.id AND x.kind = k.kind)
            ORDER BY s.start_at, r.id
            LIMIT ${BATCH}
          ), marked AS (
            INSERT INTO event_reminders_sent (reservation_id, kind, sent_at)
            SELECT reservation_id, kind, ${at}::timestamptz FROM candidates
            ON CONFLICT DO NOTHING RETURNING reservation_id, kind
          )
          SELECT m.kind, e.id AS event_id, u.email, u.nickname, u.locale,
                 e.title_ja AS event_title_ja, e.title_en AS event_title_en, s.title_ja AS session_title_ja, s.title_en AS session_title_en,
                 e.place_ja, e.place_en, s.providing_type,
                 (extract(epoch FROM s.start_at) * 1000)::float8 AS start_ms, (extract(epoch FROM s.end_at) * 1000)::float8 AS end_ms
          FROM marked m JOIN event_reservations r ON r.id = m.reservation_id JOIN event_sessions s ON s.id = r.session_id
          JOIN events e ON e.id = r.event_id JOIN users u ON u.id = r.user_id`,
    );
    for (const d of due) {
      const locale = normaliseLocale(d.locale);
      const en = locale === 'en';
      const kind: EventMailKind = d.kind === 'day' ? 'reminderDay' : 'reminderHour';
      // Each row in its member's language; the entry rules (online place) are the calendar's and the seat mail's.
      const { eventTitle, sessionTitle, startMs, endMs, place } = sessionEntry(
        {
          event_id: d.event_id,
          event_title: (en && d.event_title_en) || d.event_title_ja,
          session_title: (en && d.session_title_en) || d.session_title_ja,
          place: (en && d.place_en) || d.place_ja,
          providing_type: d.providing_type,
          start_ms: d.start_ms,
          end_ms: d.end_ms,
        },
        locale,
      );
      const rendered = renderEventMail(kind, locale, {
        name: d.nickname,
        eventTitle,
        sessionTitle,
        startMs,
        endMs,
        place,
        link: `${config.appBaseUrl}/events/${d.event_id}`,
      });
      await enqueueRenderedMail(t, { kind, locale, to: d.email, rendered }, now);
    }
    return due.length;
  });
}

/** Runs sendDueReminders every minute in this process (safe in every process). */
export function startReminders(db: Db, config: Config, onError: (error: unknown) => void): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await sendDueReminders(db, config, new Date());
    } catch (error) {
      onError(error);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), REMINDER_EVERY_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
