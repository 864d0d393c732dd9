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
import * as data from './data/points.ts';
import { awardMission } from './data/award.ts';

export { awardMission, evaluateMonth, EVALUATE_BATCH } from './data/award.ts';

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
  ctx.note({
    targetType: 'mission',
    targetId: r.missionID,
    summary: `${input.missionID ? 'edited' : 'created'} ${input.month} ${input.kind} 「${input.title.ja.slice(0, 60)}」`,
  });
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
