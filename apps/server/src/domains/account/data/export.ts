// The account domain's SQL of a member's export of their own data (decision 104).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { otherUser } from './friends.ts';

/** Everything the profile of an export holds: the member's own row and their company's name. */
export async function profileExportRow(db: Db, userId: number) {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT u.id AS user_id, u.email, u.login_id, u.nickname, u.user_name, u.user_phonetic, u.comment, u.attribution1,
               u.profile_image_url, u.background_image_url, u.birth_year, u.height_tenths, u.gender, u.locale,
               u.email_distribution, u.access_user_steps, u.access_team_matches, u.show_in_rankings,
               u.reminder_day_before, u.reminder_hour_before, t.name_ja AS company,
               (SELECT w.weight::float8 FROM target_weights w WHERE w.user_id = u.id) AS target_weight,
               (extract(epoch FROM u.created_at) * 1000)::float8 AS created_ms,
               (extract(epoch FROM u.last_login_at) * 1000)::float8 AS last_login_ms
        FROM users u LEFT JOIN tenants t ON t.id = u.tenant_id WHERE u.id = ${userId}`,
  );
  return row ?? null;
}

/** One page of a member's friendships (accepted, and requests either way) after friendship `afterId`. */
export async function friendsExportPage(db: Db, meId: number, afterId: number, limit: number) {
  return rows<{
    id: number;
    user_id: number;
    nickname: string;
    status: string;
    requested_by_me: boolean;
    created_ms: number;
    accepted_ms: number | null;
  }>(
    db,
    sql`SELECT f.id, u.id AS user_id, u.nickname, f.status, f.requested_by = ${meId} AS requested_by_me,
               (extract(epoch FROM f.created_at) * 1000)::float8 AS created_ms, (extract(epoch FROM f.accepted_at) * 1000)::float8 AS accepted_ms
        FROM friendships f JOIN users u ON u.id = ${otherUser(meId)}
        WHERE (f.user_low = ${meId} OR f.user_high = ${meId}) AND f.id > ${afterId} ORDER BY f.id LIMIT ${limit}`,
  );
}

/** Records the start of an export; its id. */
export async function insertDataExport(db: Db, userId: number, now: Date): Promise<number> {
  const [row] = await rows<{ id: string | number }>(
    db,
    sql`INSERT INTO data_exports (user_id, requested_at) VALUES (${userId}, ${now.toISOString()}::timestamptz) RETURNING id`,
  );
  return Number(row!.id);
}

/** Records how an export ended: done with its size, or failed while streaming. */
export async function finishDataExport(db: Db, id: number, status: 'done' | 'failed', bytes: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE data_exports SET status = ${status}, bytes = ${bytes}, finished_at = ${now.toISOString()}::timestamptz WHERE id = ${id}`,
  );
}
