// The push notice of an important announcement (decision 153): which announcements were published in a window, and
// the members who may read one, by the readers' rule of every member read.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { iso, visible } from './sql.ts';

/* ------------------------------------------------------------------ push notices of important announcements (decision 153) */

/** Important announcements published in (since, now] and not taken down: candidates for the push notice. */
export async function importantAnnouncementsPublishedBetween(db: Db, since: Date, now: Date) {
  return rows<{ id: number; title_ja: string; title_en: string | null }>(
    db,
    sql`SELECT n.id, n.title_ja, n.title_en FROM announcements n
         WHERE n.is_important AND n.from_at > ${iso(since)}::timestamptz AND n.from_at <= ${iso(now)}::timestamptz AND n.unpublished_at IS NULL
         ORDER BY n.id`,
  );
}

/**
 * A page of the members who may read an announcement at `now` (after member `afterUserId`, by id): the readers' rule
 * of every member call (`visible`), with each member's own contract, and no deactivated member.
 */
export async function announcementAudience(db: Db, id: number, now: Date, afterUserId: number, limit: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u JOIN tenants t ON t.id = u.tenant_id JOIN announcements n ON n.id = ${id}
         WHERE ${visible('n', 'from_at', { now, corporate: sql`t.corporate_contract` })}
           AND u.deactivated_at IS NULL AND u.id > ${afterUserId}
         ORDER BY u.id LIMIT ${limit}`,
  );
  return found.map((r) => r.id);
}
