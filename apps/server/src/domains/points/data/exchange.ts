// The exchange's SQL (issue 58, docs/requirements/points.md#points-exchange): the catalogue (rewards), campaigns with
// their items and prices, and applications with the shipping address until 90 days after shipping. Stock is taken by
// one guarded UPDATE (never below 0, also under many concurrent applications). The services (exchange.ts) hold the
// transactions.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { arrayParam, rows } from '../../../db/query.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const ms = (col: string) => sql.raw(`(extract(epoch FROM ${col}) * 1000)::float8`);
const dayText = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD')`);
/** Where the media domain serves an upload (domains/media MEDIA_ROUTE); answers sign it (lib/media-signing.ts). */
const imageUrl = (alias: string) => sql.raw(`CASE WHEN ${alias}.stored_name IS NULL THEN NULL ELSE '/media/uploads/' || ${alias}.stored_name END`);

/* ------------------------------------------------------------------ rewards */

export interface RewardRow {
  id: number;
  name_ja: string;
  name_en: string | null;
  description_ja: string;
  description_en: string | null;
  image_id: number | null;
  image_url: string | null;
  image_alt_ja: string | null;
  image_alt_en: string | null;
  kind: 'physical' | 'digital';
  points: number;
  stock: number;
  available_from: string | null;
  available_to: string | null;
  campaign_only: boolean;
  published: boolean;
  updated_ms: number;
}

const rewardColumns = sql`w.id, w.name_ja, w.name_en, w.description_ja, w.description_en, w.image_id, ${imageUrl('m')} AS image_url,
  w.image_alt_ja, w.image_alt_en, w.kind, w.points, w.stock, ${dayText('w.available_from')} AS available_from,
  ${dayText('w.available_to')} AS available_to, w.campaign_only, w.published, ${ms('w.updated_at')} AS updated_ms`;

export async function rewardPage(db: Db, offset: number, perPage: number): Promise<(RewardRow & { applications: number; total: number })[]> {
  return rows(
    db,
    sql`SELECT ${rewardColumns},
               (SELECT count(*)::int FROM reward_applications a WHERE a.reward_id = w.id AND a.status <> 'cancelled') AS applications,
               count(*) OVER ()::int AS total
          FROM rewards w LEFT JOIN media m ON m.id = w.image_id
         ORDER BY w.created_at DESC, w.id DESC LIMIT ${perPage} OFFSET ${offset}`,
  );
}

export async function countRewards(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM rewards`);
  return row?.n ?? 0;
}

export async function rewardById(db: Db, id: number): Promise<RewardRow | undefined> {
  const [row] = await rows<RewardRow>(db, sql`SELECT ${rewardColumns} FROM rewards w LEFT JOIN media m ON m.id = w.image_id WHERE w.id = ${id}`);
  return row;
}

export async function imageExists(db: Db, id: number): Promise<boolean> {
  const [row] = await rows<{ id: number }>(db, sql`SELECT id FROM media WHERE id = ${id} AND kind = 'image'`);
  return row !== undefined;
}

export interface RewardWrite {
  nameJa: string;
  nameEn: string | null;
  descriptionJa: string;
  descriptionEn: string | null;
  imageId: number | null;
  imageAltJa: string | null;
  imageAltEn: string | null;
  kind: 'physical' | 'digital';
  points: number;
  stock: number;
  availableFrom: string | null;
  availableTo: string | null;
  campaignOnly: boolean;
  published: boolean;
}

export async function insertReward(db: Db, w: RewardWrite, by: string, now: Date): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO rewards (name_ja, name_en, description_ja, description_en, image_id, image_alt_ja, image_alt_en, kind, points, stock,
                             available_from, available_to, campaign_only, published, created_at, updated_at, updated_by)
        VALUES (${w.nameJa}, ${w.nameEn}, ${w.descriptionJa}, ${w.descriptionEn}, ${w.imageId}, ${w.imageAltJa}, ${w.imageAltEn}, ${w.kind},
                ${w.points}, ${w.stock}, ${w.availableFrom}::date, ${w.availableTo}::date, ${w.campaignOnly}, ${w.published},
                ${ts(now)}, ${ts(now)}, ${by})
        RETURNING id`,
  );
  return row!.id;
}

/** Edits a reward; false when there is none. Setting the stock sets the units left. */
export async function updateReward(db: Db, id: number, w: RewardWrite, by: string, now: Date): Promise<boolean> {
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE rewards SET name_ja = ${w.nameJa}, name_en = ${w.nameEn}, description_ja = ${w.descriptionJa}, description_en = ${w.descriptionEn},
          image_id = ${w.imageId}, image_alt_ja = ${w.imageAltJa}, image_alt_en = ${w.imageAltEn}, kind = ${w.kind}, points = ${w.points},
          stock = ${w.stock}, available_from = ${w.availableFrom}::date, available_to = ${w.availableTo}::date,
          campaign_only = ${w.campaignOnly}, published = ${w.published}, updated_at = ${ts(now)}, updated_by = ${by}
        WHERE id = ${id} RETURNING id`,
  );
  return updated.length === 1;
}

/** Takes one unit of stock; the new stock, or null when there was none left (never below 0). */
export async function takeStock(db: Db, id: number): Promise<number | null> {
  const [row] = await rows<{ stock: number }>(db, sql`UPDATE rewards SET stock = stock - 1 WHERE id = ${id} AND stock > 0 RETURNING stock`);
  return row ? row.stock : null;
}

export async function returnStock(db: Db, id: number): Promise<void> {
  await db.execute(sql`UPDATE rewards SET stock = stock + 1 WHERE id = ${id}`);
}

/* ------------------------------------------------------------------ campaigns */

export interface CampaignRow {
  id: number;
  name_ja: string;
  name_en: string | null;
  start_date: string;
  end_date: string;
  updated_ms: number;
}

const campaignColumns = sql`c.id, c.name_ja, c.name_en, ${dayText('c.start_date')} AS start_date, ${dayText('c.end_date')} AS end_date,
  ${ms('c.updated_at')} AS updated_ms`;

export async function campaignPage(db: Db, offset: number, perPage: number): Promise<(CampaignRow & { total: number })[]> {
  return rows(
    db,
    sql`SELECT ${campaignColumns}, count(*) OVER ()::int AS total FROM reward_campaigns c
         ORDER BY c.start_date DESC, c.id DESC LIMIT ${perPage} OFFSET ${offset}`,
  );
}

export async function countCampaigns(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM reward_campaigns`);
  return row?.n ?? 0;
}

export interface CampaignItemRow {
  campaign_id: number;
  reward_id: number;
  name_ja: string;
  name_en: string | null;
  points: number | null;
  regular_points: number;
}

/** The items of some campaigns, in their order (one statement for a page). */
export async function campaignItems(db: Db, campaignIds: number[]): Promise<CampaignItemRow[]> {
  if (campaignIds.length === 0) return [];
  return rows(
    db,
    sql`SELECT i.campaign_id, i.reward_id, w.name_ja, w.name_en, i.points, w.points AS regular_points
          FROM reward_campaign_items i JOIN rewards w ON w.id = i.reward_id
         WHERE i.campaign_id = ANY(${arrayParam(campaignIds, 'int')})
         ORDER BY i.campaign_id, i.position, i.reward_id`,
  );
}

export async function campaignExists(db: Db, id: number): Promise<boolean> {
  const [row] = await rows<{ id: number }>(db, sql`SELECT id FROM reward_campaigns WHERE id = ${id} FOR UPDATE`);
  return row !== undefined;
}

/** Serialises campaign writes (their no-overlap check). */
export async function lockCampaignWrites(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(580924)`);
}

export async function overlappingCampaign(db: Db, startDate: string, endDate: string, exceptId: number | null): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM reward_campaigns WHERE start_date <= ${endDate}::date AND end_date >= ${startDate}::date AND id <> ${exceptId ?? 0} LIMIT 1`,
  );
  return row?.id ?? null;
}

/** Of some reward ids, those that exist. */
export async function existingRewards(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await rows<{ id: number }>(db, sql`SELECT id FROM rewards WHERE id = ANY(${arrayParam(ids, 'int')})`);
  return new Set(found.map((r) => r.id));
}

export interface CampaignWrite {
  nameJa: string;
  nameEn: string | null;
  startDate: string;
  endDate: string;
  items: { rewardId: number; points: number | null }[];
}

export async function saveCampaign(db: Db, id: number | null, w: CampaignWrite, by: string, now: Date): Promise<number> {
  let campaignId = id;
  if (campaignId === null) {
    const [row] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO reward_campaigns (name_ja, name_en, start_date, end_date, created_at, updated_at, updated_by)
          VALUES (${w.nameJa}, ${w.nameEn}, ${w.startDate}::date, ${w.endDate}::date, ${ts(now)}, ${ts(now)}, ${by}) RETURNING id`,
    );
    campaignId = row!.id;
  } else {
    await db.execute(
      sql`UPDATE reward_campaigns SET name_ja = ${w.nameJa}, name_en = ${w.nameEn}, start_date = ${w.startDate}::date, end_date = ${w.endDate}::date,
            updated_at = ${ts(now)}, updated_by = ${by} WHERE id = ${campaignId}`,
    );
    await db.execute(sql`DELETE FROM reward_campaign_items WHERE campaign_id = ${campaignId}`);
  }
  const values = w.items.map((it, i) => sql`(${campaignId}, ${it.rewardId}, ${it.points}::int, ${i})`);
  await db.execute(sql`INSERT INTO reward_campaign_items (campaign_id, reward_id, points, position) VALUES ${sql.join(values, sql`, `)}`);
  return campaignId;
}

/** The campaign running on a Tokyo day, if any. */
export async function runningCampaign(db: Db, day: string): Promise<CampaignRow | undefined> {
  const [row] = await rows<CampaignRow>(
    db,
    sql`SELECT ${campaignColumns} FROM reward_campaigns c WHERE ${day}::date BETWEEN c.start_date AND c.end_date ORDER BY c.id LIMIT 1`,
  );
  return row;
}

/* ------------------------------------------------------------------ the members' catalogue */

export interface OfferRow extends RewardRow {
  campaign_id: number | null;
  campaign_points: number | null;
}

/**
 * What can be applied for on a Tokyo day: published rewards within their dates that are not campaign-only, and the
 * running campaign's items (campaign-only ones too) with the campaign's price. One reward, or all (`rewardId` null).
 */
export async function offers(db: Db, day: string, rewardId: number | null): Promise<OfferRow[]> {
  const one: SQL = rewardId === null ? sql`` : sql`AND w.id = ${rewardId}`;
  return rows(
    db,
    sql`SELECT ${rewardColumns}, i.campaign_id, i.points AS campaign_points
          FROM rewards w
          LEFT JOIN media m ON m.id = w.image_id
          LEFT JOIN (SELECT ci.* FROM reward_campaign_items ci JOIN reward_campaigns c ON c.id = ci.campaign_id
                      WHERE ${day}::date BETWEEN c.start_date AND c.end_date) i ON i.reward_id = w.id
         WHERE w.published
           AND (w.available_from IS NULL OR w.available_from <= ${day}::date)
           AND (w.available_to IS NULL OR w.available_to >= ${day}::date)
           AND (NOT w.campaign_only OR i.campaign_id IS NOT NULL)
           ${one}
         ORDER BY (i.campaign_id IS NULL), coalesce(i.points, w.points), w.id`,
  );
}

/* ------------------------------------------------------------------ applications */

export interface AddressWrite {
  postalCode: string;
  prefecture: number;
  line1: string;
  line2: string | null;
  name: string;
  phone: string;
}

export async function insertApplication(
  db: Db,
  a: {
    userId: number;
    rewardId: number;
    campaignId: number | null;
    points: number;
    estimateMonth: string;
    estimatePart: 'mid' | 'late';
    address: AddressWrite | null;
  },
  now: Date,
): Promise<number> {
  const ad = a.address;
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO reward_applications (user_id, reward_id, campaign_id, points, status, applied_at, estimate_month, estimate_part,
                                         postal_code, prefecture, line1, line2, name, phone)
        VALUES (${a.userId}, ${a.rewardId}, ${a.campaignId}, ${a.points}, 'applied', ${ts(now)}, ${a.estimateMonth}, ${a.estimatePart},
                ${ad?.postalCode ?? null}, ${ad?.prefecture ?? null}, ${ad?.line1 ?? null}, ${ad?.line2 ?? null}, ${ad?.name ?? null},
                ${ad?.phone ?? null})
        RETURNING id`,
  );
  return row!.id;
}

export interface MyApplicationRow {
  id: number;
  name_ja: string;
  name_en: string | null;
  kind: 'physical' | 'digital';
  points: number;
  status: 'applied' | 'shipped' | 'cancelled';
  applied_ms: number;
  estimate_month: string;
  estimate_part: 'mid' | 'late';
  shipped_ms: number | null;
  cancelled_ms: number | null;
  prefecture: number | null;
  line1: string | null;
  total: number;
}

export async function myApplications(db: Db, userId: number, offset: number, perPage: number): Promise<MyApplicationRow[]> {
  return rows(
    db,
    sql`SELECT a.id, w.name_ja, w.name_en, w.kind, a.points, a.status, ${ms('a.applied_at')} AS applied_ms, a.estimate_month, a.estimate_part,
               ${ms('a.shipped_at')} AS shipped_ms, ${ms('a.cancelled_at')} AS cancelled_ms, a.prefecture::int AS prefecture, a.line1,
               count(*) OVER ()::int AS total
          FROM reward_applications a JOIN rewards w ON w.id = a.reward_id
         WHERE a.user_id = ${userId}
         ORDER BY a.id DESC LIMIT ${perPage} OFFSET ${offset}`,
  );
}

export async function countMyApplications(db: Db, userId: number): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM reward_applications WHERE user_id = ${userId}`);
  return row?.n ?? 0;
}

export interface ApplicationRow {
  id: number;
  applied_ms: number;
  reward_id: number;
  name_ja: string;
  name_en: string | null;
  kind: 'physical' | 'digital';
  points: number;
  status: 'applied' | 'shipped' | 'cancelled';
  user_id: number;
  nickname: string;
  tenant_name: string;
  estimate_month: string;
  estimate_part: 'mid' | 'late';
  shipped_ms: number | null;
  cancelled_ms: number | null;
  has_address: boolean;
  total: number;
}

export interface ApplicationFilter {
  status?: 'applied' | 'shipped' | 'cancelled' | undefined;
  rewardID?: number | undefined;
}

const filterSql = (f: ApplicationFilter) =>
  sql`${f.status === undefined ? sql`TRUE` : sql`a.status = ${f.status}`} AND ${f.rewardID === undefined ? sql`TRUE` : sql`a.reward_id = ${f.rewardID}`}`;

/** The office's list: oldest applied first within a status (applied, shipped, cancelled), paged. */
export async function applicationPage(db: Db, f: ApplicationFilter, offset: number, perPage: number): Promise<ApplicationRow[]> {
  return rows(
    db,
    sql`SELECT a.id, ${ms('a.applied_at')} AS applied_ms, a.reward_id, w.name_ja, w.name_en, w.kind, a.points, a.status, a.user_id,
               u.nickname, t.name_ja AS tenant_name, a.estimate_month, a.estimate_part, ${ms('a.shipped_at')} AS shipped_ms,
               ${ms('a.cancelled_at')} AS cancelled_ms, (a.postal_code IS NOT NULL) AS has_address, count(*) OVER ()::int AS total
          FROM reward_applications a
          JOIN rewards w ON w.id = a.reward_id
          JOIN users u ON u.id = a.user_id
          JOIN tenants t ON t.id = u.tenant_id
         WHERE ${filterSql(f)}
         ORDER BY CASE a.status WHEN 'applied' THEN 0 WHEN 'shipped' THEN 1 ELSE 2 END, a.applied_at, a.id
         LIMIT ${perPage} OFFSET ${offset}`,
  );
}

export async function countApplications(db: Db, f: ApplicationFilter): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM reward_applications a WHERE ${filterSql(f)}`);
  return row?.n ?? 0;
}

export interface ExportRow {
  id: number;
  applied_at: string;
  name_ja: string;
  kind: string;
  estimate_month: string;
  estimate_part: string;
  postal_code: string | null;
  prefecture: number | null;
  line1: string | null;
  line2: string | null;
  name: string | null;
  phone: string | null;
}

/** Applications waiting to ship, after application `afterId` (a keyset page for the export). */
export async function waitingToShip(db: Db, rewardId: number | null, afterId: number | null, limit: number): Promise<ExportRow[]> {
  return rows(
    db,
    sql`SELECT a.id, to_char(a.applied_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI') AS applied_at, w.name_ja, w.kind,
               a.estimate_month, a.estimate_part, a.postal_code, a.prefecture::int AS prefecture, a.line1, a.line2, a.name, a.phone
          FROM reward_applications a JOIN rewards w ON w.id = a.reward_id
         WHERE a.status = 'applied' AND a.id > ${afterId ?? 0} ${rewardId === null ? sql`` : sql`AND a.reward_id = ${rewardId}`}
         ORDER BY a.id LIMIT ${limit}`,
  );
}

/** Marks applied applications shipped; the ids marked. */
export async function markShipped(db: Db, ids: number[], now: Date): Promise<number[]> {
  const done = await rows<{ id: number }>(
    db,
    sql`UPDATE reward_applications SET status = 'shipped', shipped_at = ${ts(now)}
         WHERE id = ANY(${arrayParam(ids, 'int')}) AND status = 'applied' RETURNING id`,
  );
  return done.map((r) => r.id);
}

export async function applicationForUpdate(
  db: Db,
  id: number,
): Promise<{ id: number; user_id: number; reward_id: number; points: number; status: 'applied' | 'shipped' | 'cancelled' } | undefined> {
  const [row] = await rows<{ id: number; user_id: number; reward_id: number; points: number; status: 'applied' | 'shipped' | 'cancelled' }>(
    db,
    sql`SELECT id, user_id, reward_id, points, status FROM reward_applications WHERE id = ${id} FOR UPDATE`,
  );
  return row;
}

/** Cancels an application; its address goes at once (nothing will be shipped). */
export async function markCancelled(db: Db, id: number, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE reward_applications SET status = 'cancelled', cancelled_at = ${ts(now)},
          postal_code = NULL, prefecture = NULL, line1 = NULL, line2 = NULL, name = NULL, phone = NULL,
          address_deleted_at = CASE WHEN postal_code IS NULL THEN address_deleted_at ELSE ${ts(now)} END
        WHERE id = ${id}`,
  );
}

/**
 * Empties the addresses of applications shipped before `shippedBefore` (docs/requirements/points.md#points-exchange:
 * 90 days after shipping); the number emptied.
 */
export async function deleteAddressesShippedBefore(db: Db, shippedBefore: Date, now: Date): Promise<number> {
  const done = await rows<{ id: number }>(
    db,
    sql`UPDATE reward_applications SET postal_code = NULL, prefecture = NULL, line1 = NULL, line2 = NULL, name = NULL, phone = NULL,
          address_deleted_at = ${ts(now)}
        WHERE postal_code IS NOT NULL AND shipped_at < ${ts(shippedBefore)} RETURNING id`,
  );
  return done.length;
}

