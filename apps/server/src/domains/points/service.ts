// The ledger as members and the office use it, expiry and void, and the nightly check (issue 58;
// docs/requirements/points.md#points-ledger, #points-expiry, decision 188). Missions are in missions.ts. "Today" is
// always the app's clock (ctx.now()) in Tokyo days, never SQL's now().
import crypto from 'node:crypto';
import { POINT_ENTRIES_PAGE, POINTS_VALID_YEARS, type PointEntry } from '@hibi/contract/functions/points';
import type { Locale } from '@hibi/contract/protocol';
import { addDays, tokyoDay } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { BusinessFailure, failure, type AuthUser } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import { startPoller } from '../../lib/poller.ts';
import { enqueueRenderedMails } from '../../mail/outbox.ts';
import { enqueuePush } from '../../push/outbox.ts';
import * as data from './data/points.ts';
import { balanceOf, expiresOn, postEntry, postMany, type NewEntry } from './ledger.ts';
import { reasonLabel } from './labels.ts';
import { renderExpiringMail } from './mail.ts';
import { drainMissionQueue } from './missions.ts';

export const todayOf = (now: Date) => tokyoDay(now.getTime());

/** A logger the runs write to (the app's pino logger in production). */
export interface PointsLog {
  error(obj: object, msg: string): void;
  info?(obj: object, msg: string): void;
}

/* ------------------------------------------------------------------ reading the ledger */

export function entryOf(r: data.EntryRow, locale: Locale): PointEntry {
  return {
    id: Number(r.id),
    at: Math.round(Number(r.at_ms)),
    amount: Number(r.amount),
    reason: r.reason,
    params: r.params,
    label: reasonLabel(locale, r.reason, r.params, {
      missionTitle: r.mission_ja === null ? null : { ja: r.mission_ja, en: r.mission_en },
      rewardName: r.reward_ja === null ? null : { ja: r.reward_ja, en: r.reward_en },
    }),
    balanceAfter: Number(r.balance_after),
  };
}

async function balanceAndExpiry(db: Db, userId: number) {
  const b = await balanceOf(db, userId);
  return { balance: b.balance, expiresOn: expiresOn(b.balance, b.lastAcquiredAt) };
}

/** getPoints: the caller's own balance, expiry and a page of entries (cursor = the last entry id of the previous page). */
export async function getPoints(db: Db, user: AuthUser, locale: Locale, cursor: number | undefined) {
  const [head, page] = await Promise.all([balanceAndExpiry(db, user.id), data.entriesPage(db, user.id, cursor ?? null, POINT_ENTRIES_PAGE + 1)]);
  const more = page.length > POINT_ENTRIES_PAGE;
  const entries = page.slice(0, POINT_ENTRIES_PAGE).map((r) => entryOf(r, locale));
  return { ...head, entries, nextCursor: more ? entries[entries.length - 1]!.id : null };
}

/** Entries getCurrentUserStatus answers at most. */
export const STATUS_ENTRIES_MAX = 100;

/** getCurrentUserStatus's `points`: the balance and the entries since `from` (newest first, at most 100, `more` if cut). */
export async function statusPoints(db: Db, userId: number, locale: Locale, from: number) {
  const [head, page] = await Promise.all([balanceAndExpiry(db, userId), data.entriesSince(db, userId, new Date(from), STATUS_ENTRIES_MAX + 1)]);
  return {
    ...head,
    entries: page.slice(0, STATUS_ENTRIES_MAX).map((r) => entryOf(r, locale)),
    more: page.length > STATUS_ENTRIES_MAX,
  };
}

/* ------------------------------------------------------------------ the console */

export async function getMemberPoints(ctx: ConsoleContext, p: { memberID: number; offset: number; perPage: number }) {
  if (!(await data.memberExists(ctx.db, p.memberID))) return failure('notFound');
  const [head, page] = await Promise.all([balanceAndExpiry(ctx.db, p.memberID), data.entriesOffset(ctx.db, p.memberID, p.offset, p.perPage)]);
  ctx.note({ targetType: 'member', targetId: p.memberID, summary: `points read (offset ${p.offset})` });
  return { ...head, entries: page.rows.map((r) => entryOf(r, ctx.locale)), total: page.total };
}

/** An owner's adjustment: an `adjustment` entry with the note the member sees; never below 0 (docs/requirements/points.md#points-console). */
export async function adjustPoints(
  ctx: ConsoleContext,
  p: { memberID: number; amount: number; note: string },
): Promise<{ balance: number } | BusinessFailure<'notFound' | 'pointsShort'>> {
  if (!(await data.memberExists(ctx.db, p.memberID))) return failure('notFound');
  const r = await transaction(ctx.db, (tx) =>
    postEntry(tx, {
      userId: p.memberID,
      amount: p.amount,
      reason: 'adjustment',
      params: { note: p.note },
      key: `adjustment:${p.memberID}:${crypto.randomUUID()}`,
      at: ctx.now(),
      actor: ctx.operator.email,
    }),
  );
  if (!r.ok) return failure('pointsShort');
  ctx.note({ targetType: 'member', targetId: p.memberID, summary: `points adjusted ${p.amount > 0 ? '+' : ''}${p.amount}, balance ${r.balance}` });
  return { balance: r.balance };
}

/* ------------------------------------------------------------------ void */

/**
 * Voids a member's whole balance (docs/requirements/points.md#points-expiry): deactivation and the end of the tenant's
 * contract. Called in the transaction of the deactivation; the key names the last entry, so a repeat writes nothing
 * and a later balance (after a reactivation) can be voided again.
 */
export async function voidPoints(tx: Db, userId: number, cause: 'deactivated' | 'contractEnded', now: Date): Promise<number> {
  const [b] = await data.lockBalances(tx, [userId]);
  if (!b || Number(b.balance) <= 0) return 0;
  const balance = Number(b.balance);
  const r = await postEntry(tx, {
    userId,
    amount: -balance,
    reason: 'voided',
    params: { cause },
    key: `voided:${userId}:${b.last_entry_id}`,
    at: now,
  });
  return r.ok && !r.duplicate ? balance : 0;
}

/** The run's sweep: members deactivated or of an ended contract who still hold points (a refund after the deactivation). */
export async function voidEnded(db: Db, now: Date): Promise<number> {
  const due = await data.voidCandidates(db, now);
  if (due.length === 0) return 0;
  const cause = new Map(due.map((d) => [Number(d.user_id), d.cause]));
  return transaction(db, async (tx) => {
    // Read again under the lock: an entry since the read is voided with the rest.
    const locked = await data.lockBalances(tx, [...cause.keys()]);
    const entries: NewEntry[] = locked
      .filter((b) => Number(b.balance) > 0)
      .map((b) => ({
        userId: Number(b.user_id),
        amount: -Number(b.balance),
        reason: 'voided',
        params: { cause: cause.get(Number(b.user_id))! },
        key: `voided:${b.user_id}:${b.last_entry_id}`,
        at: now,
      }));
    return (await postMany(tx, entries)).written.length;
  });
}

/* ------------------------------------------------------------------ expiry and its notices */

const DAY_MS = 86_400_000;
/** Last acquisitions before this instant may expire or need a notice by `today` (a superset, filtered by expiresOn). */
function acquiredBefore(now: Date, daysAhead: number): Date {
  const d = new Date(now.getTime() + (daysAhead + 2) * DAY_MS);
  d.setUTCFullYear(d.getUTCFullYear() - POINTS_VALID_YEARS);
  return d;
}

/** Writes an `expired` entry for every member whose expiry day has come (Tokyo), once per last acquisition. */
export async function expirePoints(db: Db, now: Date): Promise<number> {
  const today = todayOf(now);
  const due = (await data.balancesAcquiredBefore(db, acquiredBefore(now, 0))).filter((b) => {
    const on = expiresOn(Number(b.balance), new Date(Number(b.last_ms)));
    return on !== null && on <= today;
  });
  let written = 0;
  for (let i = 0; i < due.length; i += 1000) {
    const batch = due.slice(i, i + 1000);
    written += await transaction(db, async (tx) => {
      // Read again under the lock: an award since the first read moved the expiry, so that member is skipped.
      const locked = await data.lockBalances(
        tx,
        batch.map((b) => Number(b.user_id)),
      );
      const entries: NewEntry[] = [];
      for (const f of locked) {
        const on = expiresOn(Number(f.balance), f.last_ms === null ? null : new Date(Number(f.last_ms)));
        if (on === null || on > today) continue;
        const lastOn = tokyoDay(Number(f.last_ms));
        entries.push({
          userId: Number(f.user_id),
          amount: -Number(f.balance),
          reason: 'expired',
          params: { lastAcquiredOn: lastOn },
          key: `expired:${f.user_id}:${lastOn}`,
          at: now,
        });
      }
      return (await postMany(tx, entries)).written.length;
    });
  }
  return written;
}

/** Mail and push 30 and 7 days before the expiry, each once per expiry date (point_balances.notified_30 / notified_7). */
export async function noticeExpiring(db: Db, appBaseUrl: string, now: Date): Promise<{ notice30: number; notice7: number }> {
  const today = todayOf(now);
  const sent = { notice30: 0, notice7: 0 };
  const candidates = await data.balancesAcquiredBefore(db, acquiredBefore(now, 30));
  for (const days of [7, 30] as const) {
    const due = candidates
      .map((b) => ({ b, on: expiresOn(Number(b.balance), new Date(Number(b.last_ms)))! }))
      .filter(({ b, on }) => on > today && addDays(on, -days) <= today && (days === 30 ? !b.notified_30 && addDays(on, -7) > today : !b.notified_7));
    for (let i = 0; i < due.length; i += 500) {
      const batch = due.slice(i, i + 500);
      await transaction(db, async (tx) => {
        const claimed = new Set(
          await data.claimNotice(
            tx,
            days,
            batch.map(({ b }) => ({ userId: Number(b.user_id), lastMs: Number(b.last_ms) })),
          ),
        );
        if (claimed.size === 0) return;
        const mine = batch.filter(({ b }) => claimed.has(Number(b.user_id)));
        const contacts = new Map((await data.contactsOf(tx, [...claimed], now)).map((c) => [Number(c.id), c]));
        const link = `${appBaseUrl}/points`;
        await enqueueRenderedMails(
          tx,
          mine.flatMap(({ b, on }) => {
            const c = contacts.get(Number(b.user_id));
            if (!c?.email) return [];
            const locale: Locale = c.locale.startsWith('en') ? 'en' : 'ja';
            return [
              {
                kind: 'pointsExpiring' as const,
                locale,
                to: c.email,
                rendered: renderExpiringMail(locale, { nickname: c.nickname, balance: Number(b.balance), expiresOn: on, days, link }),
              },
            ];
          }),
          now,
        );
        const byDate = new Map<string, number[]>();
        for (const { b, on } of mine) byDate.set(on, [...(byDate.get(on) ?? []), Number(b.user_id)]);
        for (const [on, users] of byDate)
          await enqueuePush(
            tx,
            {
              kind: 'pointsExpiring',
              userIds: users,
              title: { ja: `有効期限: ${on}`, en: `Expiry: ${on}` },
              url: '/points',
              dedupeKey: `pointsExpiring:${on}:${days}`,
              ttlSeconds: 3 * 86_400,
            },
            now,
          );
        if (days === 30) sent.notice30 += claimed.size;
        else sent.notice7 += claimed.size;
      });
    }
  }
  return sent;
}

/* ------------------------------------------------------------------ the nightly check */

/** The Tokyo hour from which the night's check runs. */
export const NIGHTLY_CHECK_HOUR = 3;

/**
 * Proves every balance equals the sum of its member's entries and their last entry's balance after
 * (docs/requirements/points.md#points-ledger); records a point_checks row and logs the members at level error on a
 * mismatch. `night` claims the Tokyo night's one run (the scheduled run); without it, it runs always (tests, ops).
 */
export async function runNightlyCheck(db: Db, now: Date, log: PointsLog | null, night?: string) {
  return transaction(db, async (tx) => {
    const claim = night === undefined ? null : await data.claimNight(tx, night, now);
    if (night !== undefined && claim === null) return null;
    const result = await data.checkLedger(tx);
    await data.recordCheck(tx, claim, now, result);
    if (result.mismatches > 0)
      log?.error({ mismatches: result.mismatches, members: result.sample }, 'points ledger check: balances disagree with their entries');
    else log?.info?.({ members: result.members }, 'points ledger check passed');
    return result;
  });
}

/* ------------------------------------------------------------------ the minute run */

/**
 * Every minute in every process (each step safe to repeat: keys, claims, SKIP LOCKED): the mission queue, void sweeps,
 * expiries and their notices, and the night's ledger check after NIGHTLY_CHECK_HOUR (Tokyo).
 */
export async function runPoints(db: Db, appBaseUrl: string, now: Date, log: PointsLog | null) {
  const missions = await drainMissionQueue(db, now);
  const voided = await voidEnded(db, now);
  const expired = await expirePoints(db, now);
  const notices = await noticeExpiring(db, appBaseUrl, now);
  const tokyoHour = new Date(now.getTime() + 9 * 3_600_000).getUTCHours();
  const check = tokyoHour >= NIGHTLY_CHECK_HOUR ? await runNightlyCheck(db, now, log, todayOf(now)) : null;
  return { missions, voided, expired, ...notices, checked: check !== null };
}

export const POINTS_EVERY_MS = 60_000;

export function startPoints(db: Db, appBaseUrl: string, log: PointsLog, onError: (error: unknown) => void, now: () => Date = () => new Date()) {
  const poller = startPoller(() => runPoints(db, appBaseUrl, now(), log), { everyMs: POINTS_EVERY_MS, onError });
  return () => poller.close();
}

// The exchange's maintenance (docs/requirements/points.md#points-exchange): what the entry (maintenance) calls.
export { deleteShippedAddresses } from './exchange.ts';
