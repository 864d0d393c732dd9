import { normaliseLocale } from '@hibi/contract/protocol';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { enqueueRenderedMail } from '../../mail/outbox.ts';
import { enqueuePush } from '../../push/outbox.ts';
import { passCode, passToken } from '../../lib/pass-token.ts';
import { listUnsubscribeHeaders } from '../../mail/headers.ts';
import { renderEventMail, type EventMailKind } from './mails.ts';
import { repeatEvery } from '../../lib/repeat.ts';
import { sessionEntry } from './session-entry.ts';
import { markDueReminders, tryReminderLock } from './data/reminders.ts';

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
/** The page where a member turns reminder mails on and off (the profile's settings). */
export const reminderSettingsUrl = (appBaseUrl: string) => `${appBaseUrl}/account/profile#settings`;
const BATCH = 500;
/** One run: marks and queues every reminder due at `now` (mail, and push notices). Returns how many reminders were queued (0 when another process holds the run). */
export async function sendDueReminders(db: Db, config: Config, now: Date): Promise<number> {
  return transaction(db, async (t) => {
    if (!(await tryReminderLock(t))) return 0;
    const due = await markDueReminders(t, now.toISOString(), BATCH);
    for (const d of due) {
      const locale = normaliseLocale(d.locale);
      const en = locale === 'en';
      const kind: EventMailKind = d.kind === 'day' ? 'reminderDay' : 'reminderHour';
      // Each row in its member's language; the entry rules (online place) are the calendar's and the seat mail's.
      const { eventTitle, sessionTitle, startMs, endMs, place, joinUrl, doorPass } = sessionEntry(
        {
          event_id: d.event_id,
          event_title: (en && d.event_title_en) || d.event_title_ja,
          session_title: (en && d.session_title_en) || d.session_title_ja,
          place: (en && d.place_en) || d.place_ja,
          providing_type: d.providing_type,
          start_ms: d.start_ms,
          end_ms: d.end_ms,
          reservation_type: d.reservation_type,
          url: d.url,
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
        // An online session: the join link, and no door pass or reception line (decision 178).
        pass: doorPass ? { token: passToken(d.pass_id), code: passCode(d.pass_id) } : null,
        joinUrl,
        sentAtMs: now.getTime(),
      });
      // Members can turn reminders off: the mail says where (List-Unsubscribe, decision 178).
      const headers = listUnsubscribeHeaders({ url: reminderSettingsUrl(config.appBaseUrl) });
      if (d.email) await enqueueRenderedMail(t, { kind, locale, to: d.email, rendered: { ...rendered, headers } }, now);
      // The same reminder on the member's devices that take reminders (issue 34): in this transaction, once.
      await enqueuePush(
        t,
        {
          kind: 'eventReminder',
          heading: d.kind === 'day' ? 'eventReminder' : 'eventReminderHour',
          userIds: [d.user_id],
          title: { ja: d.event_title_ja, en: d.event_title_en || d.event_title_ja },
          url: `/events/${d.event_id}`,
          dedupeKey: `reminder:${d.reservation_id}:${d.kind}`,
          ttlSeconds: d.kind === 'day' ? 12 * 3600 : 3600,
        },
        now,
      );
    }
    return due.length;
  });
}

/** Runs sendDueReminders every minute in this process (safe in every process). */
export function startReminders(db: Db, config: Config, onError: (error: unknown) => void): () => void {
  return repeatEvery(REMINDER_EVERY_MS, () => sendDueReminders(db, config, new Date()), onError);
}
