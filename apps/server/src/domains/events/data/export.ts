// A member's own reservations for the export of their data (decision 104).
import { sql } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';

/* ------------------------------------------------------------------ export of a member's own data (decision 104) */

export interface ReservationExportRow {
  id: number;
  event_id: number;
  event_title: string;
  session_title: string;
  start_ms: number;
  end_ms: number;
  reserved_ms: number;
  cancelled_ms: number | null;
  answers: unknown;
}

/** One page of a member's reservations, cancelled ones too, after reservation `afterId` (keyset on the id). */
export async function reservationsExportPage(db: Db, userId: number, locale: Locale, afterId: number, limit: number) {
  const title = (alias: string) => (locale === 'en' ? sql.raw(`COALESCE(${alias}.title_en, ${alias}.title_ja)`) : sql.raw(`${alias}.title_ja`));
  return rows<ReservationExportRow>(
    db,
    sql`SELECT r.id, r.event_id, ${title('e')} AS event_title, ${title('s')} AS session_title,
               (extract(epoch FROM s.start_at) * 1000)::float8 AS start_ms, (extract(epoch FROM s.end_at) * 1000)::float8 AS end_ms,
               (extract(epoch FROM r.created_at) * 1000)::float8 AS reserved_ms,
               (extract(epoch FROM r.cancelled_at) * 1000)::float8 AS cancelled_ms, r.answers
        FROM event_reservations r JOIN events e ON e.id = r.event_id JOIN event_sessions s ON s.id = r.session_id
        WHERE r.user_id = ${userId} AND r.id > ${afterId} ORDER BY r.id LIMIT ${limit}`,
  );
}
