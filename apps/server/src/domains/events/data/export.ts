// A member's own reservations for the export of their data (decision 104).
import { sql } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { ms } from './sql.ts';

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
               ${ms('s', 'start_at')} AS start_ms, ${ms('s', 'end_at')} AS end_ms,
               ${ms('r', 'created_at')} AS reserved_ms,
               ${ms('r', 'cancelled_at')} AS cancelled_ms, r.answers
        FROM event_reservations r JOIN events e ON e.id = r.event_id JOIN event_sessions s ON s.id = r.session_id
        WHERE r.user_id = ${userId} AND r.id > ${afterId} ORDER BY r.id LIMIT ${limit}`,
  );
}
