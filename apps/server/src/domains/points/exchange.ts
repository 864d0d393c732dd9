// The exchange (issue 58, docs/requirements/points.md#points-exchange, decision 188): the members' catalogue of the
// Tokyo day (the app's clock), applications that take one unit of stock and the price (an `exchange` entry) in one
// transaction, the office's catalogue, campaigns, applications, export, shipping and cancelling, and the deletion of
// addresses 90 days after shipping. The SQL is in data/exchange.ts.
import type { Campaign, CampaignInput, ConsoleReward, RewardInput } from '@hibi/contract/console/points';
import {
  PREFECTURES,
  deliveryEstimate,
  type DeliveryEstimate,
  type MyApplication,
  type Reward,
  type ShippingAddress,
} from '@hibi/contract/functions/points';
import type { Locale } from '@hibi/contract/protocol';
import { tokyoDay } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { BusinessFailure, failure, type AuthUser } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import { CsvFile, pagedRows } from '../../lib/csv.ts';
import * as data from './data/exchange.ts';
import { balanceOf, postEntry } from './ledger.ts';

/** Days an address is kept after shipping. */
export const ADDRESS_KEEP_DAYS = 90;
const DAY_MS = 86_400_000;
const EXPORT_PAGE = 500;

const pick = (locale: Locale, ja: string, en: string | null) => (locale === 'en' ? (en ?? ja) : ja);
const summaryOf = (ja: string) => `「${ja.slice(0, 80)}」`;
const num = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));

export const exchangeKey = (applicationId: number) => `exchange:${applicationId}`;
export const exchangeCancelledKey = (applicationId: number) => `exchangeCancelled:${applicationId}`;

/** Rolls the application's transaction back with a business outcome (stock and points untouched). */
class Refused extends Error {
  constructor(readonly code: 'outOfStock' | 'pointsShort') {
    super(code);
  }
}

/* ------------------------------------------------------------------ members */

function offerOut(r: data.OfferRow, locale: Locale, campaignEnd: string | null): Reward {
  const inCampaign = r.campaign_id !== null;
  const price = r.campaign_points ?? r.points;
  // A campaign-only reward can be had until the campaign's (or its own) last day.
  const lastDay =
    inCampaign && r.campaign_only && campaignEnd !== null
      ? r.available_to === null || campaignEnd < r.available_to
        ? campaignEnd
        : r.available_to
      : r.available_to;
  return {
    rewardID: r.id,
    name: pick(locale, r.name_ja, r.name_en),
    description: pick(locale, r.description_ja, r.description_en),
    imageUrl: r.image_url,
    imageAlt: r.image_url === null || r.image_alt_ja === null ? null : pick(locale, r.image_alt_ja, r.image_alt_en),
    kind: r.kind,
    points: price,
    regularPoints: r.campaign_points !== null && r.campaign_points !== r.points ? r.points : null,
    stock: r.stock,
    availableTo: lastDay,
    campaignID: r.campaign_id,
  };
}

export async function listRewards(db: Db, user: AuthUser, locale: Locale, now: Date) {
  const today = tokyoDay(now);
  const [offers, campaign, { balance }] = await Promise.all([data.offers(db, today, null), data.runningCampaign(db, today), balanceOf(db, user.id)]);
  return {
    rewards: offers.map((r) => offerOut(r, locale, campaign?.end_date ?? null)),
    campaign: campaign ? { campaignID: campaign.id, name: pick(locale, campaign.name_ja, campaign.name_en), endDate: campaign.end_date } : null,
    balance,
  };
}

/**
 * Applies for a reward (docs/requirements/points.md#points-exchange): in one transaction one unit of stock is taken by
 * a guarded UPDATE (never below 0, whatever many members apply at once), the application written, and its price taken
 * as an `exchange` entry (key `exchange:<applicationID>`). Points short or no stock rolls everything back.
 */
export async function applyForReward(
  db: Db,
  user: AuthUser,
  now: Date,
  p: { rewardID: number; address?: ShippingAddress | undefined },
): Promise<
  | { applicationID: number; estimate: DeliveryEstimate; points: number; balance: number }
  | BusinessFailure<'notFound' | 'notAvailable' | 'outOfStock' | 'pointsShort' | 'addressRequired' | 'addressNotAllowed'>
> {
  const today = tokyoDay(now);
  const [offer] = await data.offers(db, today, p.rewardID);
  if (!offer) {
    const reward = await data.rewardById(db, p.rewardID);
    return failure(!reward || !reward.published ? 'notFound' : 'notAvailable');
  }
  if (offer.kind === 'physical' && !p.address) return failure('addressRequired');
  if (offer.kind === 'digital' && p.address) return failure('addressNotAllowed');
  const price = offer.campaign_points ?? offer.points;
  const estimate = deliveryEstimate(now.getTime());
  const address: data.AddressWrite | null = p.address
    ? {
        postalCode: p.address.postalCode,
        prefecture: p.address.prefecture,
        line1: p.address.line1,
        line2: p.address.line2 ? p.address.line2 : null,
        name: p.address.name,
        phone: p.address.phone,
      }
    : null;
  try {
    const done = await transaction(db, async (tx) => {
      if ((await data.takeStock(tx, offer.id)) === null) throw new Refused('outOfStock');
      const applicationID = await data.insertApplication(
        tx,
        {
          userId: user.id,
          rewardId: offer.id,
          campaignId: offer.campaign_id,
          points: price,
          estimateMonth: estimate.month,
          estimatePart: estimate.part,
          address,
        },
        now,
      );
      const posted = await postEntry(tx, {
        userId: user.id,
        amount: -price,
        reason: 'exchange',
        params: { applicationID, rewardID: offer.id },
        key: exchangeKey(applicationID),
        at: now,
      });
      if (!posted.ok) throw new Refused('pointsShort');
      return { applicationID, balance: posted.balance };
    });
    return { applicationID: done.applicationID, estimate, points: price, balance: done.balance };
  } catch (error) {
    if (error instanceof Refused) return failure(error.code);
    throw error;
  }
}

export function shipTo(prefecture: number | null, line1: string | null): string | null {
  if (prefecture === null || line1 === null) return null;
  return `${PREFECTURES[prefecture - 1] ?? ''}${line1}`;
}

export async function listMyApplications(db: Db, user: AuthUser, locale: Locale, q: { offset: number; perPage: number }) {
  const page = await data.myApplications(db, user.id, q.offset, q.perPage);
  const applications: MyApplication[] = page.map((r) => ({
    applicationID: r.id,
    rewardName: pick(locale, r.name_ja, r.name_en),
    kind: r.kind,
    points: r.points,
    status: r.status,
    appliedAt: num(r.applied_ms)!,
    estimate: { month: r.estimate_month, part: r.estimate_part },
    shippedAt: num(r.shipped_ms),
    cancelledAt: num(r.cancelled_ms),
    shipTo: shipTo(r.prefecture, r.line1),
  }));
  return { applications, total: page[0]?.total ?? (q.offset > 0 ? await data.countMyApplications(db, user.id) : 0) };
}

/* ------------------------------------------------------------------ console: the catalogue */

function consoleRewardOut(r: data.RewardRow, applications: number): ConsoleReward {
  return {
    rewardID: r.id,
    name: { ja: r.name_ja, en: r.name_en },
    description: { ja: r.description_ja, en: r.description_en },
    imageID: r.image_id,
    imageUrl: r.image_url,
    imageAlt: r.image_alt_ja === null ? null : { ja: r.image_alt_ja, en: r.image_alt_en },
    kind: r.kind,
    points: r.points,
    stock: r.stock,
    availableFrom: r.available_from,
    availableTo: r.available_to,
    campaignOnly: r.campaign_only,
    published: r.published,
    applications,
    updatedAt: num(r.updated_ms) ?? 0,
  };
}

export async function listConsoleRewards(ctx: ConsoleContext, q: { offset: number; perPage: number }) {
  const page = await data.rewardPage(ctx.db, q.offset, q.perPage);
  return {
    rewards: page.map((r) => consoleRewardOut(r, r.applications)),
    total: page[0]?.total ?? (q.offset > 0 ? await data.countRewards(ctx.db) : 0),
  };
}

export async function saveReward(
  ctx: ConsoleContext,
  input: RewardInput,
): Promise<{ rewardID: number } | BusinessFailure<'notFound' | 'endBeforeStart' | 'imageUnknown'>> {
  if (input.availableFrom !== null && input.availableTo !== null && input.availableTo < input.availableFrom) return failure('endBeforeStart');
  const imageId = input.imageID ?? null;
  if (imageId !== null && !(await data.imageExists(ctx.db, imageId))) return failure('imageUnknown');
  const alt = imageId === null ? null : (input.imageAlt ?? null);
  const write: data.RewardWrite = {
    nameJa: input.name.ja,
    nameEn: input.name.en ?? null,
    descriptionJa: input.description.ja,
    descriptionEn: input.description.en ?? null,
    imageId,
    imageAltJa: alt?.ja ?? null,
    imageAltEn: alt?.en ?? null,
    kind: input.kind,
    points: input.points,
    stock: input.stock,
    availableFrom: input.availableFrom,
    availableTo: input.availableTo,
    campaignOnly: input.campaignOnly,
    published: input.published,
  };
  const now = ctx.now();
  const by = ctx.operator!.email;
  let rewardID: number;
  if (input.rewardID === undefined) rewardID = await data.insertReward(ctx.db, write, by, now);
  else if (await data.updateReward(ctx.db, input.rewardID, write, by, now)) rewardID = input.rewardID;
  else return failure('notFound');
  ctx.note({
    targetType: 'reward',
    targetId: rewardID,
    summary: `${input.rewardID ? 'edited' : 'created'} ${summaryOf(input.name.ja)} ${input.kind} ${input.points}pt stock ${input.stock}${input.published ? ' published' : ''}`,
  });
  return { rewardID };
}

/* ------------------------------------------------------------------ console: campaigns */

export async function listCampaigns(ctx: ConsoleContext, q: { offset: number; perPage: number }) {
  const page = await data.campaignPage(ctx.db, q.offset, q.perPage);
  const items = await data.campaignItems(
    ctx.db,
    page.map((c) => c.id),
  );
  const campaigns: Campaign[] = page.map((c) => ({
    campaignID: c.id,
    name: { ja: c.name_ja, en: c.name_en },
    startDate: c.start_date,
    endDate: c.end_date,
    items: items
      .filter((i) => i.campaign_id === c.id)
      .map((i) => ({ rewardID: i.reward_id, name: { ja: i.name_ja, en: i.name_en }, points: i.points, regularPoints: i.regular_points })),
    updatedAt: num(c.updated_ms) ?? 0,
  }));
  return { campaigns, total: page[0]?.total ?? (q.offset > 0 ? await data.countCampaigns(ctx.db) : 0) };
}

export async function saveCampaign(
  ctx: ConsoleContext,
  input: CampaignInput,
): Promise<{ campaignID: number } | BusinessFailure<'notFound' | 'endBeforeStart' | 'campaignsOverlap' | 'rewardUnknown' | 'rewardDuplicate'>> {
  if (input.endDate < input.startDate) return failure('endBeforeStart');
  const ids = input.items.map((i) => i.rewardID);
  if (new Set(ids).size !== ids.length) return failure('rewardDuplicate');
  const now = ctx.now();
  const by = ctx.operator!.email;
  const saved = await transaction(ctx.db, async (tx) => {
    await data.lockCampaignWrites(tx);
    if (input.campaignID !== undefined && !(await data.campaignExists(tx, input.campaignID))) return failure('notFound');
    const known = await data.existingRewards(tx, ids);
    if (ids.some((id) => !known.has(id))) return failure('rewardUnknown');
    if ((await data.overlappingCampaign(tx, input.startDate, input.endDate, input.campaignID ?? null)) !== null) return failure('campaignsOverlap');
    const campaignID = await data.saveCampaign(
      tx,
      input.campaignID ?? null,
      {
        nameJa: input.name.ja,
        nameEn: input.name.en ?? null,
        startDate: input.startDate,
        endDate: input.endDate,
        items: input.items.map((i) => ({ rewardId: i.rewardID, points: i.points })),
      },
      by,
      now,
    );
    return { campaignID };
  });
  if (saved instanceof BusinessFailure) return saved;
  ctx.note({
    targetType: 'rewardCampaign',
    targetId: saved.campaignID,
    summary: `${input.campaignID ? 'edited' : 'created'} ${summaryOf(input.name.ja)} ${input.startDate}..${input.endDate} items ${input.items
      .map((i) => `${i.rewardID}${i.points === null ? '' : `@${i.points}`}`)
      .join(',')}`,
  });
  return saved;
}

/* ------------------------------------------------------------------ console: applications */

export async function listRewardApplications(ctx: ConsoleContext, q: data.ApplicationFilter & { offset: number; perPage: number }) {
  const page = await data.applicationPage(ctx.db, q, q.offset, q.perPage);
  return {
    applications: page.map((r) => ({
      applicationID: r.id,
      appliedAt: num(r.applied_ms)!,
      rewardID: r.reward_id,
      rewardName: { ja: r.name_ja, en: r.name_en },
      kind: r.kind,
      points: r.points,
      status: r.status,
      memberID: r.user_id,
      nickname: r.nickname,
      tenantName: r.tenant_name,
      estimate: { month: r.estimate_month, part: r.estimate_part },
      shippedAt: num(r.shipped_ms),
      cancelledAt: num(r.cancelled_ms),
      hasAddress: r.has_address,
    })),
    total: page[0]?.total ?? (q.offset > 0 ? await data.countApplications(ctx.db, q) : 0),
  };
}

const estimateText = (month: string, part: string) => `${month} ${part === 'mid' ? '中旬 (mid)' : '下旬 (late)'}`;

/** The applications waiting to ship as CSV for the fulfilment company (UTF-8 with BOM, formula-guarded: lib/csv.ts). */
export async function exportRewardApplications(ctx: ConsoleContext, rewardId: number | null): Promise<CsvFile> {
  const db = ctx.db;
  ctx.note({
    targetType: 'rewardApplications',
    targetId: rewardId,
    summary: `applications waiting to ship exported${rewardId ? ` (reward ${rewardId})` : ''}`,
  });
  return new CsvFile(
    `reward-applications-${tokyoDay(ctx.now())}.csv`,
    [
      '申込番号 (application)',
      '申込日時 (applied at, Tokyo)',
      '景品 (reward)',
      '種類 (kind)',
      'お届け予定 (estimate)',
      '郵便番号 (postal code)',
      '都道府県 (prefecture)',
      '住所1 (address line 1)',
      '住所2 (address line 2)',
      '氏名 (name)',
      '電話番号 (phone)',
    ],
    pagedRows(
      (after: number | null) => data.waitingToShip(db, rewardId, after, EXPORT_PAGE),
      (r) => r.id,
      (r) => [
        r.id,
        r.applied_at,
        r.name_ja,
        r.kind,
        estimateText(r.estimate_month, r.estimate_part),
        r.postal_code,
        r.prefecture === null ? null : PREFECTURES[r.prefecture - 1],
        r.line1,
        r.line2,
        r.name,
        r.phone,
      ],
    ),
  );
}

export async function markApplicationsShipped(ctx: ConsoleContext, ids: number[]) {
  const unique = [...new Set(ids)];
  const marked = await transaction(ctx.db, (tx) => data.markShipped(tx, unique, ctx.now()));
  ctx.note({ targetType: 'rewardApplications', summary: `shipped ${marked.join(',') || 'none'} (${unique.length - marked.length} skipped)` });
  return { shipped: marked.length, skipped: unique.length - marked.length };
}

/**
 * Cancels an application not yet shipped: the unit returns to stock and the points come back as an `exchangeCancelled`
 * entry (key `exchangeCancelled:<applicationID>`), in one transaction. Stock before points, as an application takes
 * them (the reward's row, then the member's balance), so the two never wait on each other in opposite order.
 */
export async function cancelRewardApplication(
  ctx: ConsoleContext,
  applicationId: number,
): Promise<{ balance: number } | BusinessFailure<'notFound' | 'alreadyShipped' | 'alreadyCancelled'>> {
  const now = ctx.now();
  const done = await transaction(ctx.db, async (tx) => {
    const a = await data.applicationForUpdate(tx, applicationId);
    if (!a) return failure('notFound');
    if (a.status === 'shipped') return failure('alreadyShipped');
    if (a.status === 'cancelled') return failure('alreadyCancelled');
    await data.returnStock(tx, a.reward_id);
    await data.markCancelled(tx, a.id, now);
    const posted = await postEntry(tx, {
      userId: a.user_id,
      amount: a.points,
      reason: 'exchangeCancelled',
      params: { applicationID: a.id, rewardID: a.reward_id },
      key: exchangeCancelledKey(a.id),
      at: now,
      actor: ctx.operator!.email,
    });
    if (!posted.ok) throw new Error(`refund refused: ${posted.code}`);
    return { balance: posted.balance, userId: a.user_id, points: a.points };
  });
  if (done instanceof BusinessFailure) return done;
  ctx.note({ targetType: 'rewardApplication', targetId: applicationId, summary: `cancelled; ${done.points}pt back to member ${done.userId}` });
  return { balance: done.balance };
}

/* ------------------------------------------------------------------ maintenance */

/** Deletes the addresses of applications shipped ADDRESS_KEEP_DAYS ago or more (run by maintenance); the number deleted. */
export async function deleteShippedAddresses(db: Db, now: Date): Promise<number> {
  return data.deleteAddressesShippedBefore(db, new Date(now.getTime() - ADDRESS_KEEP_DAYS * DAY_MS), now);
}
