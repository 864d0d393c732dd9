// The points domain's SQL (issue 58, docs/requirements/points.md, decision 188): the ledger's pages, the expiry and
// void runs' candidates, the nightly check, missions and their checkers. Writes of entries go through ledger.ts.
import { sql, type SQL } from 'drizzle-orm';
import type { MissionKind, PointReason } from '@hibi/contract/functions/points';
import { addMonths, tokyoDayStart } from '@hibi/contract/time';
import type { Db } from '../../../db/client.ts';
import { arrayParam, rows } from '../../../db/query.ts';

const iso = (d: Date) => d.toISOString();

/* ------------------------------------------------------------------ the ledger's pages */

export interface EntryRow {
  id: string;
  at_ms: number;
  amount: number;
  reason: PointReason;
  params: Record<string, string | number | null>;
  balance_after: number;
  mission_ja: string | null;
  mission_en: string | null;
  reward_ja: string | null;
  reward_en: string | null;
  total?: number;
}

const ENTRY_COLUMNS = sql`e.id::text AS id, (extract(epoch FROM e.created_at) * 1000)::float8 AS at_ms, e.amount, e.reason, e.params, e.balance_after,
  m.title_ja AS mission_ja, m.title_en AS mission_en, rw.name_ja AS reward_ja, rw.name_en AS reward_en`;
// The names a label takes: the mission's title, the reward's name (primary-key lookups, one statement per page).
const MISSION_JOIN = sql`LEFT JOIN missions m ON e.reason = 'mission' AND m.id = (e.params->>'missionID')::int
  LEFT JOIN rewards rw ON e.reason IN ('exchange', 'exchangeCancelled') AND rw.id = (e.params->>'rewardID')::int`;

/** A member's entries newest first, below `before` (an entry id) when given. */
export async function entriesPage(db: Db, userId: number, before: number | null, limit: number): Promise<EntryRow[]> {
  return rows<EntryRow>(
    db,
    sql`SELECT ${ENTRY_COLUMNS} FROM point_entries e ${MISSION_JOIN}
         WHERE e.user_id = ${userId} ${before === null ? sql`` : sql`AND e.id < ${before}`}
         ORDER BY e.id DESC LIMIT ${limit}`,
  );
}

/** A member's entries written at or after `since`, newest first (getCurrentUserStatus). */
export async function entriesSince(db: Db, userId: number, since: Date, limit: number): Promise<EntryRow[]> {
  return rows<EntryRow>(
    db,
    sql`SELECT ${ENTRY_COLUMNS} FROM point_entries e ${MISSION_JOIN}
         WHERE e.user_id = ${userId} AND e.created_at >= ${iso(since)}::timestamptz
         ORDER BY e.id DESC LIMIT ${limit}`,
  );
}

/** The console's page (offset) with the total. */
export async function entriesOffset(db: Db, userId: number, offset: number, limit: number): Promise<{ rows: EntryRow[]; total: number }> {
  const page = await rows<EntryRow>(
    db,
    sql`SELECT ${ENTRY_COLUMNS} FROM point_entries e ${MISSION_JOIN}
         WHERE e.user_id = ${userId} ORDER BY e.id DESC OFFSET ${offset} LIMIT ${limit}`,
  );
  const [n] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM point_entries WHERE user_id = ${userId}`);
  return { rows: page, total: Number(n?.n ?? 0) };
}

/** A member (a tenant's user) by id: the console's target. */
export async function memberExists(db: Db, userId: number): Promise<boolean> {
  const [r] = await rows(db, sql`SELECT 1 FROM users WHERE id = ${userId} AND tenant_id IS NOT NULL`);
  return Boolean(r);
}

/* ------------------------------------------------------------------ expiry, notices, void */

export interface BalanceRow {
  user_id: number;
  balance: number;
  last_ms: number;
  notified_30: boolean;
  notified_7: boolean;
  last_entry_id: string | null;
}

/** Members with points whose last acquisition is before `before` (a superset of the day's expiries or notices). */
export async function balancesAcquiredBefore(db: Db, before: Date): Promise<BalanceRow[]> {
  return rows<BalanceRow>(
    db,
    sql`SELECT user_id, balance, (extract(epoch FROM last_acquired_at) * 1000)::float8 AS last_ms, notified_30, notified_7, last_entry_id::text
          FROM point_balances WHERE balance > 0 AND last_acquired_at < ${iso(before)}::timestamptz
         ORDER BY user_id`,
  );
}

/** Marks a notice sent for the expiry of the given last acquisition; answers the members it claimed (once each). */
export async function claimNotice(tx: Db, days: 30 | 7, users: { userId: number; lastMs: number }[]): Promise<number[]> {
  if (users.length === 0) return [];
  const payload = JSON.stringify(users.map((u) => ({ u: u.userId, t: new Date(u.lastMs).toISOString() })));
  const set = days === 30 ? sql`notified_30 = true` : sql`notified_30 = true, notified_7 = true`;
  const flag = days === 30 ? sql`b.notified_30` : sql`b.notified_7`;
  const claimed = await rows<{ user_id: number }>(
    tx,
    sql`UPDATE point_balances b SET ${set}
          FROM jsonb_to_recordset(${payload}::jsonb) AS x(u int, t timestamptz)
         WHERE b.user_id = x.u AND b.last_acquired_at = x.t AND NOT ${flag} AND b.balance > 0
        RETURNING b.user_id`,
  );
  return claimed.map((r) => Number(r.user_id));
}

export interface ContactRow {
  id: number;
  email: string | null;
  nickname: string;
  locale: string;
}

/** Active members' addresses for the expiry mail. */
export async function contactsOf(db: Db, ids: number[], now: Date): Promise<ContactRow[]> {
  if (ids.length === 0) return [];
  return rows<ContactRow>(
    db,
    sql`SELECT u.id, u.email, u.nickname, u.locale FROM users u JOIN tenants t ON t.id = u.tenant_id
         WHERE u.id = ANY(${arrayParam(ids, 'int')}) AND u.deactivated_at IS NULL
           AND (t.contract_ends_at IS NULL OR t.contract_ends_at > ${iso(now)}::timestamptz)`,
  );
}

/** Members with points who may no longer hold any: deactivated, or their tenant's contract has ended. */
export async function voidCandidates(
  db: Db,
  now: Date,
): Promise<{ user_id: number; balance: number; last_entry_id: string; cause: 'deactivated' | 'contractEnded' }[]> {
  return rows(
    db,
    sql`SELECT b.user_id, b.balance, b.last_entry_id::text AS last_entry_id,
               CASE WHEN u.deactivated_at IS NOT NULL THEN 'deactivated' ELSE 'contractEnded' END AS cause
          FROM point_balances b JOIN users u ON u.id = b.user_id LEFT JOIN tenants t ON t.id = u.tenant_id
         WHERE b.balance > 0
           AND (u.deactivated_at IS NOT NULL OR t.contract_ends_at <= ${iso(now)}::timestamptz)
         ORDER BY b.user_id LIMIT 5000`,
  );
}

/* ------------------------------------------------------------------ the nightly check */

/** Members whose balance row disagrees with their entries (sum, last balance after, last entry), up to 20, and the counts. */
export async function checkLedger(db: Db): Promise<{ members: number; mismatches: number; sample: number[] }> {
  const [r] = await rows<{ members: number; mismatches: number; sample: number[] | null }>(
    db,
    sql`WITH sums AS (
          SELECT user_id, sum(amount)::bigint AS total, max(id) AS last_id FROM point_entries GROUP BY user_id
        ), bad AS (
          SELECT coalesce(b.user_id, s.user_id) AS user_id
            FROM point_balances b
            FULL JOIN sums s ON s.user_id = b.user_id
            LEFT JOIN point_entries le ON le.id = s.last_id
           WHERE coalesce(b.balance, 0) <> coalesce(s.total, 0)
              OR coalesce(b.balance, 0) <> coalesce(le.balance_after, 0)
              OR b.last_entry_id IS DISTINCT FROM s.last_id
        )
        SELECT (SELECT count(*)::int FROM point_balances) AS members,
               (SELECT count(*)::int FROM bad) AS mismatches,
               (SELECT array_agg(user_id ORDER BY user_id) FROM (SELECT user_id FROM bad ORDER BY user_id LIMIT 20) x) AS sample`,
  );
  return { members: Number(r!.members), mismatches: Number(r!.mismatches), sample: (r!.sample ?? []).map(Number) };
}

/** Claims tonight's check (one per Tokyo night in all processes); false when another took it. */
export async function claimNight(tx: Db, night: string, now: Date): Promise<number | null> {
  const [r] = await rows<{ id: string }>(
    tx,
    sql`INSERT INTO point_checks (ran_at, members, mismatches, night) VALUES (${iso(now)}::timestamptz, 0, 0, ${night}::date)
        ON CONFLICT (night) DO NOTHING RETURNING id::text`,
  );
  return r ? Number(r.id) : null;
}

export async function recordCheck(
  tx: Db,
  id: number | null,
  now: Date,
  result: { members: number; mismatches: number; sample: number[] },
): Promise<void> {
  const sample = arrayParam(result.sample, 'int');
  await tx.execute(
    id === null
      ? sql`INSERT INTO point_checks (ran_at, members, mismatches, sample) VALUES (${iso(now)}::timestamptz, ${result.members}, ${result.mismatches}, ${sample})`
      : sql`UPDATE point_checks SET ran_at = ${iso(now)}::timestamptz, members = ${result.members}, mismatches = ${result.mismatches}, sample = ${sample}
             WHERE id = ${id}`,
  );
}

/* ------------------------------------------------------------------ missions */

export interface MissionRow {
  id: number;
  month: string;
  title_ja: string;
  title_en: string | null;
  description_ja: string | null;
  description_en: string | null;
  kind: MissionKind;
  target: number;
  min_steps: number | null;
  points: number;
  published: boolean;
  updated_ms: number;
  updated_by: string | null;
  completions?: number;
}

const MISSION_COLUMNS = sql`m.id, m.month, m.title_ja, m.title_en, m.description_ja, m.description_en, m.kind, m.target, m.min_steps, m.points,
  m.published, (extract(epoch FROM m.updated_at) * 1000)::float8 AS updated_ms, m.updated_by`;

export async function missionsOfMonth(db: Db, month: string): Promise<MissionRow[]> {
  return rows<MissionRow>(
    db,
    sql`SELECT ${MISSION_COLUMNS}, (SELECT count(*)::int FROM mission_completions c WHERE c.mission_id = m.id) AS completions
          FROM missions m WHERE m.month = ${month} ORDER BY m.id`,
  );
}

export async function missionById(db: Db, id: number, lock = false): Promise<MissionRow | undefined> {
  const [r] = await rows<MissionRow>(db, sql`SELECT ${MISSION_COLUMNS} FROM missions m WHERE m.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`);
  return r;
}

export interface MissionWrite {
  month: string;
  titleJa: string;
  titleEn: string | null;
  descriptionJa: string | null;
  descriptionEn: string | null;
  kind: MissionKind;
  target: number;
  minSteps: number | null;
  points: number;
  published: boolean;
}

export async function insertMission(db: Db, w: MissionWrite, now: Date, by: string | null): Promise<number> {
  const [r] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO missions (month, title_ja, title_en, description_ja, description_en, kind, target, min_steps, points, published, created_at, updated_at, updated_by)
        VALUES (${w.month}, ${w.titleJa}, ${w.titleEn}, ${w.descriptionJa}, ${w.descriptionEn}, ${w.kind}, ${w.target}, ${w.minSteps}, ${w.points},
                ${w.published}, ${iso(now)}::timestamptz, ${iso(now)}::timestamptz, ${by})
        RETURNING id`,
  );
  return Number(r!.id);
}

export async function updateMission(db: Db, id: number, w: MissionWrite, now: Date, by: string | null): Promise<void> {
  await db.execute(
    sql`UPDATE missions SET month = ${w.month}, title_ja = ${w.titleJa}, title_en = ${w.titleEn}, description_ja = ${w.descriptionJa},
               description_en = ${w.descriptionEn}, kind = ${w.kind}, target = ${w.target}, min_steps = ${w.minSteps}, points = ${w.points},
               published = ${w.published}, updated_at = ${iso(now)}::timestamptz, updated_by = ${by}
         WHERE id = ${id}`,
  );
}

/* ------------------------------------------------------------------ the checkers */

/** A month's bounds: its first and next month's first day, and the instants of their Tokyo starts. */
export function monthBounds(month: string) {
  const from = `${month}-01`;
  const to = addMonths(from, 1);
  return { from, to, fromTs: new Date(tokyoDayStart(from)).toISOString(), toTs: new Date(tokyoDayStart(to)).toISOString() };
}

const LIFESTYLE = sql`(g.exercise IS NOT NULL OR g.breakfast IS NOT NULL OR g.night_meal IS NOT NULL OR g.overeating IS NOT NULL
  OR g.overdrinking IS NOT NULL OR g.sleepness IS NOT NULL OR g.feeling IS NOT NULL)`;

/**
 * One checker as a set: `SELECT user_id, n` for the month, over everyone or the given members
 * (docs/requirements/points.md#points-missions). The day's steps are daily_steps (largest over devices); a lifestyle log
 * is a day with any of the seven answers.
 */
export function progressSql(kind: MissionKind, minSteps: number | null, month: string, users: number[] | null): SQL {
  const b = monthBounds(month);
  const who = (col: SQL) => (users === null ? sql`` : sql`AND ${col} = ANY(${arrayParam(users, 'int')})`);
  const inTs = (col: SQL) => sql`${col} >= ${b.fromTs}::timestamptz AND ${col} < ${b.toTs}::timestamptz`;
  switch (kind) {
    case 'steps':
      return sql`SELECT s.user_id, count(*)::int AS n FROM daily_steps s
                  WHERE s.day >= ${b.from}::date AND s.day < ${b.to}::date AND s.steps >= ${minSteps ?? 1} ${who(sql`s.user_id`)} GROUP BY s.user_id`;
    case 'weightLog':
      return sql`SELECT g.user_id, count(*)::int AS n FROM health_logs g
                  WHERE g.day >= ${b.from}::date AND g.day < ${b.to}::date AND g.weight IS NOT NULL ${who(sql`g.user_id`)} GROUP BY g.user_id`;
    case 'lifestyleLog':
      return sql`SELECT g.user_id, count(*)::int AS n FROM health_logs g
                  WHERE g.day >= ${b.from}::date AND g.day < ${b.to}::date AND ${LIFESTYLE} ${who(sql`g.user_id`)} GROUP BY g.user_id`;
    case 'articlesRead':
      return sql`SELECT v.user_id, count(DISTINCT v.report_article_id)::int AS n FROM report_article_views v
                  WHERE v.user_id IS NOT NULL AND ${inTs(sql`v.viewed_at`)} ${who(sql`v.user_id`)} GROUP BY v.user_id`;
    case 'eventAttended':
      return sql`SELECT r.user_id, count(DISTINCT r.event_id)::int AS n FROM event_reservations r
                  WHERE r.checked_in_at IS NOT NULL AND ${inTs(sql`r.checked_in_at`)} ${who(sql`r.user_id`)} GROUP BY r.user_id`;
    case 'surveyAnswered':
      return sql`SELECT a.user_id, count(*)::int AS n FROM questionnaire_answers a
                  WHERE ${inTs(sql`a.answered_at`)} ${who(sql`a.user_id`)} GROUP BY a.user_id`;
    case 'quizAnswered':
      return sql`SELECT q.user_id, count(*)::int AS n FROM quiz_answers q
                  WHERE q.day >= ${b.from}::date AND q.day < ${b.to}::date ${who(sql`q.user_id`)} GROUP BY q.user_id`;
    case 'programEntered':
      return sql`SELECT x.user_id, count(*)::int AS n FROM (
                   SELECT e.user_id FROM team_match_entries e WHERE ${inTs(sql`e.created_at`)} ${who(sql`e.user_id`)}
                   UNION ALL
                   SELECT e.user_id FROM individual_match_entries e WHERE ${inTs(sql`e.created_at`)} ${who(sql`e.user_id`)}
                 ) x GROUP BY x.user_id`;
  }
}

/** Active members (active account of an active tenant) who reached the mission's target and have no stamp for it yet. */
export async function newlyCompleted(db: Db, m: MissionRow, users: number[] | null, now: Date): Promise<number[]> {
  const found = await rows<{ user_id: number }>(
    db,
    sql`SELECT p.user_id FROM (${progressSql(m.kind, m.min_steps, m.month, users)}) p
          JOIN users u ON u.id = p.user_id AND u.deactivated_at IS NULL
          JOIN tenants t ON t.id = u.tenant_id AND (t.contract_ends_at IS NULL OR t.contract_ends_at > ${iso(now)}::timestamptz)
         WHERE p.n >= ${m.target}
           AND NOT EXISTS (SELECT 1 FROM mission_completions c WHERE c.mission_id = ${m.id} AND c.user_id = p.user_id)
         ORDER BY p.user_id`,
  );
  return found.map((r) => Number(r.user_id));
}

/** Published missions of the months, in id order. */
export async function publishedMissions(db: Db, months: string[]): Promise<MissionRow[]> {
  return rows<MissionRow>(
    db,
    sql`SELECT ${MISSION_COLUMNS} FROM missions m WHERE m.published AND m.month IN (SELECT jsonb_array_elements_text(${JSON.stringify(months)}::jsonb))
         ORDER BY m.id`,
  );
}

/** Stamps (completions) of members after the batch's inserts. */
export async function stampsOf(db: Db, users: number[]): Promise<Map<number, number>> {
  if (users.length === 0) return new Map();
  const r = await rows<{ user_id: number; n: number }>(
    db,
    sql`SELECT user_id, count(*)::int AS n FROM mission_completions WHERE user_id = ANY(${arrayParam(users, 'int')}) GROUP BY user_id`,
  );
  return new Map(r.map((x) => [Number(x.user_id), Number(x.n)]));
}

/** Writes stamps; answers the members whose stamp is new. */
export async function insertCompletions(tx: Db, missionId: number, users: number[], now: Date): Promise<number[]> {
  if (users.length === 0) return [];
  const r = await rows<{ user_id: number }>(
    tx,
    sql`INSERT INTO mission_completions (mission_id, user_id, completed_at)
        SELECT ${missionId}, u, ${iso(now)}::timestamptz FROM unnest(${arrayParam(users, 'int')}) AS u ORDER BY u
        ON CONFLICT DO NOTHING RETURNING user_id`,
  );
  return r.map((x) => Number(x.user_id));
}

/** The caller's view of a month: published missions with progress (computed in SQL) and completion. */
export async function missionsFor(
  db: Db,
  userId: number,
  month: string,
): Promise<(MissionRow & { progress: number; completed_ms: number | null })[]> {
  const missions = await rows<MissionRow & { completed_ms: number | null }>(
    db,
    sql`SELECT ${MISSION_COLUMNS}, (extract(epoch FROM c.completed_at) * 1000)::float8 AS completed_ms
          FROM missions m LEFT JOIN mission_completions c ON c.mission_id = m.id AND c.user_id = ${userId}
         WHERE m.month = ${month} AND m.published ORDER BY m.id`,
  );
  if (missions.length === 0) return [];
  // One statement: each checker kind once for the caller (the steps checker once per distinct minimum).
  const parts = missions.map(
    (m) => sql`SELECT ${m.id}::int AS mission_id, coalesce((SELECT p.n FROM (${progressSql(m.kind, m.min_steps, month, [userId])}) p), 0)::int AS n`,
  );
  const progress = await rows<{ mission_id: number; n: number }>(db, sql.join(parts, sql` UNION ALL `));
  const byId = new Map(progress.map((p) => [Number(p.mission_id), Number(p.n)]));
  return missions.map((m) => ({ ...m, progress: byId.get(m.id) ?? 0 }));
}

/** Takes up to `limit` queued members (the transaction holds them until it commits). */
export async function drainQueue(tx: Db, limit: number): Promise<number[]> {
  const r = await rows<{ user_id: number }>(
    tx,
    sql`DELETE FROM mission_queue WHERE user_id IN (
          SELECT user_id FROM mission_queue ORDER BY queued_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
        ) RETURNING user_id`,
  );
  return r.map((x) => Number(x.user_id)).sort((a, b) => a - b);
}

/** Locks members' balance rows (user order, as the ledger does) and reads them: what an expiry or void takes. */
export async function lockBalances(tx: Db, ids: number[]): Promise<BalanceRow[]> {
  if (ids.length === 0) return [];
  return rows<BalanceRow>(
    tx,
    sql`SELECT user_id, balance, (extract(epoch FROM last_acquired_at) * 1000)::float8 AS last_ms, notified_30, notified_7, last_entry_id::text
          FROM point_balances WHERE user_id = ANY(${arrayParam(ids, 'int')}) ORDER BY user_id FOR UPDATE`,
  );
}
