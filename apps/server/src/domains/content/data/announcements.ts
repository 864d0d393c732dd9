// Announcements as members read them: the list, one announcement, and which of them a member has read.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { type Reader, localized, iso, idList, visible } from './sql.ts';

/* ------------------------------------------------------------------ announcements */

export interface AnnouncementRow {
  id: number;
  title: string;
  from_ms: string | number;
  is_important: boolean;
  is_read: boolean;
  images: { id: number; url: string }[] | string;
}

function announcementSelect(v: Reader): SQL {
  const read =
    v.userId !== null ? sql`EXISTS (SELECT 1 FROM announcement_reads r WHERE r.announcement_id = n.id AND r.user_id = ${v.userId})` : sql`FALSE`;
  return sql`SELECT n.id, ${localized('n', 'title', v.locale)} AS title, (extract(epoch FROM n.from_at) * 1000)::bigint AS from_ms,
      n.is_important, ${read} AS is_read,
      COALESCE((SELECT json_agg(json_build_object('id', i.id, 'url', i.url, 'alt', ${localized('i', 'alt', v.locale)}) ORDER BY i.position, i.id)
                FROM announcement_images i WHERE i.announcement_id = n.id), '[]'::json) AS images
    FROM announcements n`;
}

export async function announcementList(db: Db, v: Reader, offset: number, perPage: number) {
  return rows<AnnouncementRow>(
    db,
    sql`${announcementSelect(v)} WHERE ${visible('n', 'from_at', v)} ORDER BY n.from_at DESC, n.id DESC LIMIT ${perPage} OFFSET ${offset}`,
  );
}

/** Which of the announcements the member has read. */
export async function readAnnouncementIds(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT announcement_id AS id FROM announcement_reads WHERE user_id = ${userId} AND announcement_id IN (${idList(ids)})`,
  );
  return new Set(found.map((r) => r.id));
}

/** Records that a member read an announcement, if it is one they may see (in the statement that checks it). */
export async function recordAnnouncementRead(db: Db, v: Reader & { userId: number }, id: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO announcement_reads (announcement_id, user_id, read_at)
          SELECT n.id, ${v.userId}, ${iso(v.now)}::timestamptz FROM announcements n WHERE n.id = ${id} AND ${visible('n', 'from_at', v)}
          ON CONFLICT DO NOTHING`,
  );
}

export async function announcementById(db: Db, v: Reader, id: number): Promise<AnnouncementRow | undefined> {
  const [row] = await rows<AnnouncementRow>(db, sql`${announcementSelect(v)} WHERE n.id = ${id} AND ${visible('n', 'from_at', v)}`);
  return row;
}
