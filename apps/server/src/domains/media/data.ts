// The media domain's data module: the `media` table (migration 0602).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rows } from '../../db/query.ts';

export interface MediaRecord {
  id: number;
  stored_name: string;
  file_name: string;
  kind: 'image' | 'pdf';
  content_type: string;
  width: number | null;
  height: number | null;
  bytes: number;
  created_ms: string | number;
  total?: number;
  /** Used by a contract-only item (media_uses, migration 0730). */
  protected?: boolean;
}

export async function insertMedia(
  db: Db,
  m: {
    storedName: string;
    fileName: string;
    kind: 'image' | 'pdf';
    contentType: string;
    width: number | null;
    height: number | null;
    bytes: number;
    createdBy: number;
    now: Date;
  },
): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO media (stored_name, file_name, kind, content_type, width, height, bytes, created_at, created_by)
        VALUES (${m.storedName}, ${m.fileName}, ${m.kind}, ${m.contentType}, ${m.width}, ${m.height}, ${m.bytes},
                ${m.now.toISOString()}::timestamptz, ${m.createdBy}) RETURNING id`,
  );
  return row!.id;
}

export async function mediaPage(db: Db, kind: 'image' | 'pdf' | undefined, offset: number, perPage: number) {
  return rows<MediaRecord>(
    db,
    sql`SELECT id, stored_name, file_name, kind, content_type, width, height, bytes,
          (extract(epoch FROM created_at) * 1000)::bigint AS created_ms, count(*) OVER ()::int AS total
        FROM media ${kind ? sql`WHERE kind = ${kind}` : sql``}
        ORDER BY created_at DESC, id DESC LIMIT ${perPage} OFFSET ${offset}`,
  );
}

export async function mediaByStoredName(db: Db, storedName: string): Promise<MediaRecord | undefined> {
  const [row] = await rows<MediaRecord>(
    db,
    sql`SELECT id, stored_name, file_name, kind, content_type, width, height, bytes, (extract(epoch FROM created_at) * 1000)::bigint AS created_ms,
          EXISTS (SELECT 1 FROM media_uses u WHERE u.media_id = media.id AND NOT u.public) AS protected
        FROM media WHERE stored_name = ${storedName}`,
  );
  return row;
}

export async function countMedia(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM media`);
  return row?.n ?? 0;
}

/** media_uses read again from every content item (one statement; migration 0730's function). */
export async function refreshMediaUses(db: Db): Promise<void> {
  await db.execute(sql`SELECT media_uses_refresh()`);
}
