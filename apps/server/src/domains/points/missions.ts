// Monthly missions and the stamp card (issue 58, docs/requirements/points.md#points-missions, decision 188): the
// office's list and save, the members' month with progress, and the evaluator. A completion is a `mission` entry
// (key mission:<missionID>:<userId>) and a stamp in one transaction; each full card of STAMP_CARD_SIZE stamps gives a
// `stampCard` entry (key stampCard:<userId>:<card>). Evaluating again awards nothing new (the keys, the stamps' key).
import type { MissionInput } from '@hibi/contract/console/points';
import { STAMP_CARD_BONUS, STAMP_CARD_SIZE, type Mission } from '@hibi/contract/functions/points';
import type { Locale } from '@hibi/contract/protocol';
import { addMonths, tokyoDay } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { BusinessFailure, failure, type AuthUser } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import * as data from './data.ts';
import { postMany, type NewEntry } from './ledger.ts';

/** The Tokyo month (YYYY-MM) of an instant. */
export const monthOfInstant = (now: Date) => tokyoDay(now.getTime()).slice(0, 7);
const previousMonth = (month: string) => addMonths(`${month}-01`, -1).slice(0, 7);

/* ------------------------------------------------------------------ the office */

export async function listMissions(ctx: ConsoleContext, month: string) {
  const list = await data.missionsOfMonth(ctx.db, month);
  return {
    missions: list.map((m) => ({
      missionID: m.id,
      month: m.month,
      title: { ja: m.title_ja, en: m.title_en },
      description: m.description_ja === null ? null : { ja: m.description_ja, en: m.description_en },
      kind: m.kind,
      target: Number(m.target),
      minSteps: m.min_steps === null ? null : Number(m.min_steps),
      points: Number(m.points),
      published: m.published,
      completions: Number(m.completions ?? 0),
      updatedAt: Math.round(Number(m.updated_ms)),
      updatedBy: m.updated_by,
    })),
  };
}

/**
 * Creates or edits a mission. Once its month has begun and it is published, only the titles and description change
 * (`alreadyStarted`); a past month gains no mission (`monthPast`).
 */
export async function saveMission(
  ctx: ConsoleContext,
  input: MissionInput,
): Promise<{ missionID: number } | BusinessFailure<'notFound' | 'minStepsRequired' | 'minStepsNotAllowed' | 'alreadyStarted' | 'monthPast'>> {
  if (input.kind === 'steps' && input.minSteps === undefined) return failure('minStepsRequired');
  if (input.kind !== 'steps' && input.minSteps !== undefined) return failure('minStepsNotAllowed');
  const now = ctx.now();
  const thisMonth = monthOfInstant(now);
  const by = ctx.operator.email;
  const write: data.MissionWrite = {
    month: input.month,
    titleJa: input.title.ja,
    titleEn: input.title.en ?? null,
    descriptionJa: input.description?.ja ?? null,
    descriptionEn: input.description?.en ?? null,
    kind: input.kind,
    target: input.target,
    minSteps: input.minSteps ?? null,
    points: input.points,
    published: input.published,
  };
  const r = await transaction(ctx.db, async (tx) => {
    if (input.missionID === undefined) {
      if (input.month < thisMonth) return failure('monthPast');
      return { missionID: await data.insertMission(tx, write, now, by) };
    }
    const old = await data.missionById(tx, input.missionID, true);
    if (!old) return failure('notFound');
    const started = old.published && old.month <= thisMonth;
    if (started) {
      const frozenChanged =
        old.month !== write.month ||
        old.kind !== write.kind ||
        Number(old.target) !== write.target ||
        (old.min_steps === null ? null : Number(old.min_steps)) !== write.minSteps ||
        Number(old.points) !== write.points ||
        old.published !== write.published;
      if (frozenChanged) return failure('alreadyStarted');
    } else if (write.month < thisMonth && (old.month !== write.month || write.published)) {
      // A draft of a past month may be edited but not published or moved into the past.
      return failure('monthPast');
    }
    await data.updateMission(tx, input.missionID, write, now, by);
    return { missionID: input.missionID };
  });
  if (r instanceof BusinessFailure) return r;
  ctx.note({ targetType: 'mission', targetId: r.missionID, summary: `${input.missionID ? 'edited' : 'created'} ${input.month} ${input.kind} 「${input.title.ja.slice(0, 60)}」` });
  return r;
}

/* ------------------------------------------------------------------ members */

export async function getMissions(db: Db, user: AuthUser, locale: Locale, now: Date, month: string | undefined) {
  const m = month ?? monthOfInstant(now);
  const [list, stamps] = await Promise.all([data.missionsFor(db, user.id, m), data.stampsOf(db, [user.id])]);
  const missions: Mission[] = list.map((x) => ({
    id: x.id,
    title: locale === 'en' ? (x.title_en ?? x.title_ja) : x.title_ja,
    description: locale === 'en' ? (x.description_en ?? x.description_ja) : x.description_ja,
    kind: x.kind,
    minSteps: x.min_steps === null ? null : Number(x.min_steps),
    points: Number(x.points),
    progress: Math.min(Number(x.progress), Number(x.target)),
    target: Number(x.target),
    completed: x.completed_ms !== null,
    completedAt: x.completed_ms === null ? null : Math.round(Number(x.completed_ms)),
  }));
  const n = stamps.get(user.id) ?? 0;
  return { month: m, missions, stamps: n, cardSize: STAMP_CARD_SIZE, cardBonus: STAMP_CARD_BONUS, cardsCompleted: Math.floor(n / STAMP_CARD_SIZE) };
}

/* ------------------------------------------------------------------ the evaluator */

/**
 * Awards a mission to members who completed it, in the caller's transaction: the entries first (postMany locks the
 * members' balance rows, so their stamps are counted exactly), then the stamps, then the card bonuses of the stamps
 * that filled a card. Answers the members newly awarded.
 */
export async function awardMission(tx: Db, m: data.MissionRow, users: number[], now: Date): Promise<number[]> {
  if (users.length === 0) return [];
  const entries: NewEntry[] = users.map((u) => ({
    userId: u,
    amount: Number(m.points),
    reason: 'mission',
    params: { missionID: m.id, month: m.month },
    key: `mission:${m.id}:${u}`,
    at: now,
  }));
  await postMany(tx, entries);
  const fresh = await data.insertCompletions(tx, m.id, users, now);
  const stamps = await data.stampsOf(tx, fresh);
  const cards: NewEntry[] = [];
  for (const u of fresh) {
    const n = stamps.get(u) ?? 0;
    if (n > 0 && n % STAMP_CARD_SIZE === 0) {
      const card = n / STAMP_CARD_SIZE;
      cards.push({ userId: u, amount: STAMP_CARD_BONUS, reason: 'stampCard', params: { card }, key: `stampCard:${u}:${card}`, at: now });
    }
  }
  await postMany(tx, cards);
  return fresh;
}

/** Members awarded per transaction of a month's evaluation. */
export const EVALUATE_BATCH = 2000;

/**
 * Evaluates a month's published missions for every active member, set-based: one statement per mission finds who
 * completed it and has no stamp, then awards them in batches. Safe to repeat (nothing new is awarded twice).
 */
export async function evaluateMonth(db: Db, month: string, now: Date): Promise<{ missions: number; awarded: number }> {
  const missions = await data.publishedMissions(db, [month]);
  let awarded = 0;
  for (const m of missions) {
    const users = await data.newlyCompleted(db, m, null, now);
    for (let i = 0; i < users.length; i += EVALUATE_BATCH) {
      const batch = users.slice(i, i + EVALUATE_BATCH);
      awarded += (await transaction(db, (tx) => awardMission(tx, m, batch, now))).length;
    }
  }
  return { missions: missions.length, awarded };
}

/** Queued members taken per transaction of the minute run. */
export const QUEUE_BATCH = 1000;

/**
 * The minute run's part (docs/requirements/points.md#points-missions, "within a minute"): takes the members the source
 * tables' triggers queued and evaluates them on this month's missions (and last month's during the 1st, for data
 * that arrives late). Each batch is one transaction: taken off the queue exactly when awarded.
 */
export async function drainMissionQueue(db: Db, now: Date): Promise<number> {
  const month = monthOfInstant(now);
  const months = tokyoDay(now.getTime()).endsWith('-01') ? [month, previousMonth(month)] : [month];
  let awarded = 0;
  for (let round = 0; round < 1000; round++) {
    const done = await transaction(db, async (tx) => {
      const users = await data.drainQueue(tx, QUEUE_BATCH);
      if (users.length === 0) return null;
      const missions = await data.publishedMissions(tx, months);
      let n = 0;
      for (const m of missions) n += (await awardMission(tx, m, await data.newlyCompleted(tx, m, users, now), now)).length;
      return n;
    });
    if (done === null) break;
    awarded += done;
  }
  return awarded;
}
