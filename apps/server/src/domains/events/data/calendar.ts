// Calendar entries and feeds: a session as calendar files and mails name it, a member's feed entries and feed
// generation, and the HMAC key of calendar links.
import { sql } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { ms, sessionEntryColumns, type SessionEntryRow } from './sql.ts';

/* ------------------------------------------------------------------ calendar entries */

/** A session of an event as its mails name it. */
export async function sessionEntryRow(tx: Db, eventId: number, sessionId: number, locale: Locale): Promise<SessionEntryRow | null> {
  const [row] = await rows<SessionEntryRow>(
    tx,
    sql`SELECT ${sessionEntryColumns(locale)} FROM event_sessions s JOIN events e ON e.id = s.event_id WHERE s.id = ${sessionId} AND e.id = ${eventId}`,
  );
  return row ?? null;
}

/** The session a user holds an active reservation of, as a calendar file names it. */
export async function reservedSessionEntry(db: Db, sessionId: number, userId: number, locale: Locale): Promise<SessionEntryRow | null> {
  const [row] = await rows<SessionEntryRow>(
    db,
    sql`SELECT ${sessionEntryColumns(locale)}
            FROM event_reservations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = r.event_id
            WHERE r.session_id = ${sessionId} AND r.user_id = ${userId} AND r.cancelled_at IS NULL`,
  );
  return row ?? null;
}

export interface FeedRow extends SessionEntryRow {
  reservation_id: number;
  created_ms: number;
}

/** A member's active reservations of sessions that ended after `since`, in start order. */
export async function feedEntries(db: Db, userId: number, locale: Locale, since: string, limit: number) {
  return rows<FeedRow>(
    db,
    sql`SELECT r.id AS reservation_id, ${sessionEntryColumns(locale)}, ${ms('r', 'created_at')} AS created_ms
        FROM event_reservations r JOIN event_sessions s ON s.id = r.session_id JOIN events e ON e.id = r.event_id
        WHERE r.user_id = ${userId} AND r.cancelled_at IS NULL AND s.end_at >= ${since}
        ORDER BY s.start_at, r.id LIMIT ${limit}`,
  );
}

/** The HMAC key of calendar links and feeds. */
export async function calendarKey(db: Db): Promise<string | null> {
  const [row] = await rows<{ secret: string }>(db, sql`SELECT secret FROM event_calendar_keys WHERE id`);
  return row?.secret ?? null;
}

/** The member's feed generation; the first call makes the feed. */
export async function feedGeneration(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await rows<{ generation: number }>(
    db,
    sql`INSERT INTO event_calendar_feeds (user_id, generation, created_at) VALUES (${userId}, 1, ${now.toISOString()})
        ON CONFLICT (user_id) DO UPDATE SET user_id = EXCLUDED.user_id RETURNING generation`,
  );
  return Number(row!.generation);
}

/** Moves the member's feed to its next generation. */
export async function nextFeedGeneration(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await rows<{ generation: number }>(
    db,
    sql`INSERT INTO event_calendar_feeds (user_id, generation, created_at) VALUES (${userId}, 2, ${now.toISOString()})
        ON CONFLICT (user_id) DO UPDATE SET generation = event_calendar_feeds.generation + 1 RETURNING generation`,
  );
  return Number(row!.generation);
}

/** The locale of a member whose current feed generation this is; null otherwise. */
/**
 * The locale of a feed's owner while the feed may answer: its current generation, of a member of a tenant who is not
 * deactivated (issue 30, finding 5). Null otherwise. (A tenant's contract end belongs here too once tenants have one.)
 */
export async function feedOwnerLocale(db: Db, userId: number, generation: number, now: Date): Promise<string | null> {
  const [row] = await rows<{ locale: string }>(
    db,
    // A deactivated member's feed, and the feeds of a tenant whose contract has ended, answer nothing (issue 30).
    sql`SELECT u.locale FROM event_calendar_feeds f JOIN users u ON u.id = f.user_id JOIN tenants t ON t.id = u.tenant_id
        WHERE f.user_id = ${userId} AND f.generation = ${generation} AND u.deactivated_at IS NULL
          AND (t.contract_ends_at IS NULL OR t.contract_ends_at > ${now.toISOString()}::timestamptz)`,
  );
  return row?.locale ?? null;
}
