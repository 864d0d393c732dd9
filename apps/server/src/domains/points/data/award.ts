// The missions' evaluator (issue 58, docs/requirements/points.md#points-missions, decision 188): set-based, written
// through the ledger's postMany. A data module (decision 157) so that the demo seed awards through it too.
import { STAMP_CARD_BONUS, STAMP_CARD_SIZE } from '@hibi/contract/functions/points';
import type { Db } from '../../../db/client.ts';
import { transaction } from '../../../db/transaction.ts';
import * as data from './points.ts';
import { postMany, type NewEntry } from './ledger.ts';

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

