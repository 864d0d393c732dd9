// The account domain's SQL of friendships: requests, acceptance, lists, and how a member stands to another.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';

export type Relation = 'self' | 'friends' | 'requested' | 'received' | 'none';

/** The pair key of a friendship row. */
export function pair(a: number, b: number): [number, number] {
  return a < b ? [a, b] : [b, a];
}

export async function friendshipBetween(db: Db, a: number, b: number) {
  const [low, high] = pair(a, b);
  const found = await rows<{ id: number; status: 'pending' | 'accepted'; requested_by: number }>(
    db,
    sql`SELECT id, status, requested_by FROM friendships WHERE user_low = ${low} AND user_high = ${high}`,
  );
  return found[0] ?? null;
}

/**
 * How the user `userAlias`.id stands to `meId`, as SQL: a LEFT JOIN of their friendship (alias r) and the value
 * of the contract's relationSchema. Use both in one statement, so a list never asks once per member.
 */
export function relationTo(meId: number, userAlias: string) {
  const u = sql.raw(userAlias);
  return {
    join: sql`LEFT JOIN friendships r ON r.user_low = LEAST(${meId}::int, ${u}.id) AND r.user_high = GREATEST(${meId}::int, ${u}.id)`,
    value: sql`CASE WHEN ${u}.id = ${meId} THEN 'self' WHEN r.status = 'accepted' THEN 'friends'
                    WHEN r.requested_by = ${meId} THEN 'requested' WHEN r.id IS NOT NULL THEN 'received' ELSE 'none' END`,
  };
}

/** A friend list row: the other user of a friendship. */
export function otherUser(meId: number): SQL {
  return sql`CASE WHEN f.user_low = ${meId} THEN f.user_high ELSE f.user_low END`;
}

export interface MemberRow {
  user_id: number;
  nickname: string;
  profile_image_url: string | null;
  relation: Relation;
}

/** Accepted friendships of a user, newest first, with the other user (tenant users only). */
export async function friendsOf(db: Db, meId: number, offset: number, perPage: number) {
  return rows<{ id: number; user_id: number; nickname: string; profile_image_url: string | null }>(
    db,
    sql`SELECT f.id, u.id AS user_id, u.nickname, u.profile_image_url
            FROM friendships f JOIN users u ON u.id = ${otherUser(meId)}
            WHERE (f.user_low = ${meId} OR f.user_high = ${meId}) AND f.status = 'accepted' AND u.tenant_id IS NOT NULL
            ORDER BY f.accepted_at DESC, f.id DESC
            OFFSET ${offset} LIMIT ${perPage}`,
  );
}

/**
 * Colleagues whose nickname contains `needle` (lower case, matched as typed with position(), % and _ included), the
 * exact name first; with how each stands to the caller.
 */
export async function searchColleagues(db: Db, meId: number, tenantId: number, needle: string, offset: number, perPage: number) {
  const rel = relationTo(meId, 'u');
  return rows<MemberRow>(
    db,
    sql`SELECT u.id AS user_id, u.nickname, u.profile_image_url, ${rel.value} AS relation
            FROM users u ${rel.join}
            WHERE u.tenant_id = ${tenantId} AND u.id <> ${meId} AND position(${needle} in lower(u.nickname)) > 0
            ORDER BY (lower(u.nickname) = ${needle}) DESC, position(${needle} in lower(u.nickname)), u.nickname, u.id
            LIMIT ${perPage} OFFSET ${offset}`,
  );
}

/** A friend's friends who are colleagues of the caller, the caller excluded; newest friendship first. */
export async function friendsOfFriend(db: Db, meId: number, tenantId: number, friendId: number, offset: number, perPage: number) {
  const rel = relationTo(meId, 'u');
  return rows<MemberRow>(
    db,
    sql`SELECT u.id AS user_id, u.nickname, u.profile_image_url, ${rel.value} AS relation
            FROM friendships f JOIN users u ON u.id = ${otherUser(friendId)} ${rel.join}
            WHERE (f.user_low = ${friendId} OR f.user_high = ${friendId}) AND f.status = 'accepted'
              AND u.tenant_id = ${tenantId} AND u.id <> ${meId}
            ORDER BY f.accepted_at DESC NULLS LAST, f.id DESC
            LIMIT ${perPage} OFFSET ${offset}`,
  );
}

/** Pending requests to and from a user (at most 200, newest first); `mine` for those the user sent. */
export async function pendingRequests(db: Db, meId: number) {
  return rows<{
    id: number;
    user_id: number;
    nickname: string;
    profile_image_url: string | null;
    requested_at: number;
    mine: boolean;
  }>(
    db,
    sql`SELECT f.id, u.id AS user_id, u.nickname, u.profile_image_url, floor(extract(epoch from f.created_at) * 1000)::float8 AS requested_at,
                   (f.requested_by = ${meId}) AS mine
            FROM friendships f JOIN users u ON u.id = ${otherUser(meId)}
            WHERE (f.user_low = ${meId} OR f.user_high = ${meId}) AND f.status = 'pending' AND u.tenant_id IS NOT NULL
            ORDER BY f.created_at DESC, f.id DESC
            LIMIT 200`,
  );
}

export async function acceptFriendship(db: Db, friendshipId: number, now: Date): Promise<void> {
  await db.execute(sql`UPDATE friendships SET status = 'accepted', accepted_at = ${now.toISOString()}::timestamptz WHERE id = ${friendshipId}`);
}

/** A new pending request; null when the pair has a friendship row already. */
export async function insertFriendRequest(db: Db, meId: number, otherId: number, now: Date): Promise<number | null> {
  const [low, high] = pair(meId, otherId);
  const inserted = await rows<{ id: number }>(
    db,
    sql`INSERT INTO friendships (user_low, user_high, requested_by, status, created_at)
            VALUES (${low}, ${high}, ${meId}, 'pending', ${now.toISOString()}::timestamptz)
            ON CONFLICT (user_low, user_high) DO NOTHING RETURNING id`,
  );
  return inserted[0]?.id ?? null;
}

/** Accepts the pending request `requesterId` sent to `meId`, if the requester is still a tenant user; its id or null. */
export async function acceptRequestFrom(db: Db, meId: number, requesterId: number, now: Date): Promise<number | null> {
  const [low, high] = pair(meId, requesterId);
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE friendships SET status = 'accepted', accepted_at = ${now.toISOString()}::timestamptz
            WHERE user_low = ${low} AND user_high = ${high} AND status = 'pending' AND requested_by = ${requesterId}
              AND EXISTS (SELECT 1 FROM users u WHERE u.id = ${requesterId} AND u.tenant_id IS NOT NULL)
            RETURNING id`,
  );
  return updated[0]?.id ?? null;
}

/** Deletes the pair's friendship or request; whether there was one. */
export async function deleteFriendship(db: Db, a: number, b: number): Promise<boolean> {
  const [low, high] = pair(a, b);
  const deleted = await rows<{ id: number }>(db, sql`DELETE FROM friendships WHERE user_low = ${low} AND user_high = ${high} RETURNING id`);
  return deleted.length > 0;
}
