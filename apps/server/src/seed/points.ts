import { sql } from 'drizzle-orm';
import type { MissionKind } from '@hibi/contract/functions/points';
import { addDays, tokyoDay, tokyoDayStart } from '@hibi/contract/time';
import { rows } from '../db/query.ts';
import { transaction } from '../db/transaction.ts';
import * as data from '../domains/points/data/points.ts';
import { awardMission, evaluateMonth } from '../domains/points/data/award.ts';
import { postEntry } from '../domains/points/data/ledger.ts';
import type { SeedContext } from './context.ts';

interface DemoMission {
  kind: MissionKind;
  ja: string;
  en: string;
  minSteps?: number;
  points: number;
}

const MISSIONS: DemoMission[] = [
  { kind: 'articlesRead', ja: 'ライブラリの記事を読もう', en: 'Read library articles', points: 100 },
  { kind: 'steps', ja: '1日8,000歩を歩こう', en: 'Walk 8,000 steps a day', minSteps: 8000, points: 300 },
  { kind: 'weightLog', ja: '体重を記録しよう', en: 'Log your weight', points: 200 },
  { kind: 'lifestyleLog', ja: '生活習慣を記録しよう', en: 'Keep the lifestyle log', points: 200 },
  { kind: 'surveyAnswered', ja: 'アンケートに答えよう', en: 'Answer a survey', points: 100 },
  { kind: 'quizAnswered', ja: '健康クイズに答えよう', en: 'Answer the health quiz', points: 150 },
];

const PAST: DemoMission[] = [
  { kind: 'steps', ja: '1日6,000歩を歩こう', en: 'Walk 6,000 steps a day', minSteps: 6000, points: 300 },
  { kind: 'weightLog', ja: '体重を記録しよう', en: 'Log your weight', points: 200 },
  { kind: 'articlesRead', ja: 'ライブラリの記事を読もう', en: 'Read library articles', points: 100 },
];

const write = (m: DemoMission, month: string, target: number, published = true): data.MissionWrite => ({
  month,
  titleJa: m.ja,
  titleEn: m.en,
  descriptionJa: null,
  descriptionEn: null,
  kind: m.kind,
  target,
  minSteps: m.minSteps ?? null,
  points: m.points,
  published,
});

/**
 * Points' demo content (docs/requirements/points.md, decision 188), written through the ledger and the evaluator with
 * the seed's clock: member@example.com's history over the last three months (quiz answers, missions and their stamps,
 * an office adjustment); `seedPointsThisMonth` then publishes this month's six missions with targets set so that the
 * member has completed some (their tenth stamp gives the first card's bonus) and is part way through the others.
 */
export async function seedPoints(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  const member = ctx.users.member;
  const today = tokyoDay(now.getTime());
  const thisMonth = today.slice(0, 7);
  const at = (day: string, hour = 12) => new Date(Math.min(tokyoDayStart(day) + hour * 3_600_000, now.getTime()));

  // The last three months: three missions each, all completed by the member on the 20th (9 stamps).
  for (const back of [3, 2, 1]) {
    const first = new Date(`${thisMonth}-01T00:00:00Z`);
    first.setUTCMonth(first.getUTCMonth() - back);
    const month = first.toISOString().slice(0, 7);
    // Quiz answers: five right answers a month, in the ledger's order of time around the missions of the 20th (the quiz's own rows are the quiz's seed; these are the ledger's).
    const quiz = async (days: number[]) => {
      for (const d of days) {
        const day = `${month}-${String(d).padStart(2, '0')}`;
        await transaction(db, (tx) =>
          postEntry(tx, {
            userId: member,
            amount: 10,
            reason: 'quiz',
            params: { questionID: null, day },
            key: `seed:quiz:${member}:${day}`,
            at: at(day, 8),
          }),
        );
      }
    };
    await quiz([3, 8, 12, 17]);
    for (const m of PAST) {
      const id = await data.insertMission(
        db,
        write(m, month, m.kind === 'steps' ? 15 : m.kind === 'weightLog' ? 10 : 3),
        at(`${month}-01`, 0),
        'editor@example.com',
      );
      const row = (await data.missionById(db, id))!;
      await transaction(db, (tx) => awardMission(tx, row, [member], at(`${month}-20`)));
    }
    await quiz([25]);
  }
  await transaction(db, (tx) =>
    postEntry(tx, {
      userId: member,
      amount: 100,
      reason: 'adjustment',
      params: { note: 'アプリの不具合でミッションが達成にならなかった分のお詫び' },
      key: `seed:adjustment:${member}`,
      at: at(addDays(today, -5), 10),
      actor: 'owner@example.com',
    }),
  );
}

/**
 * This month's missions, made after the other seeds' activity of the month (the exchange's quiz answers and
 * application), so the member's ledger reads in the order of time: their evaluation is the latest entry.
 */
export async function seedPointsThisMonth(ctx: SeedContext): Promise<void> {
  const { db, now } = ctx;
  const member = ctx.users.member;
  const today = tokyoDay(now.getTime());
  const thisMonth = today.slice(0, 7);
  const at = (day: string, hour = 12) => new Date(Math.min(tokyoDayStart(day) + hour * 3_600_000, now.getTime()));
  // This month: two library articles read today, so that a mission is done whatever day the seed runs.
  await db.execute(
    sql`INSERT INTO report_article_views (report_article_id, user_id, viewed_at, view_day)
        SELECT id, ${member}, ${now.toISOString()}::timestamptz, ${today}::date FROM report_articles
         WHERE published_at <= ${now.toISOString()}::timestamptz ORDER BY published_at DESC LIMIT 2
        ON CONFLICT DO NOTHING`,
  );
  const ids: number[] = [];
  for (const m of MISSIONS) ids.push(await data.insertMission(db, write(m, thisMonth, 31, false), at(`${thisMonth}-01`, 0), 'editor@example.com'));
  // Targets from the member's own progress: the first three with progress are complete, the others need a few more.
  const progress = await rows<{ id: number; n: number }>(
    db,
    sql.join(
      MISSIONS.map(
        (m, i) =>
          sql`SELECT ${ids[i]!}::int AS id, coalesce((SELECT p.n FROM (${data.progressSql(m.kind, m.minSteps ?? null, thisMonth, [member])}) p), 0)::int AS n`,
      ),
      sql` UNION ALL `,
    ),
  );
  let done = 0;
  for (const p of progress) {
    const n = Number(p.n);
    const target = n > 0 && done < 3 ? Math.min(n, 31) : Math.min(n + 3, 31);
    if (n > 0 && done < 3) done += 1;
    await db.execute(sql`UPDATE missions SET target = ${target}, published = true WHERE id = ${p.id}`);
  }
  await evaluateMonth(db, thisMonth, now);
  // Everything the seed's inserts queued has been evaluated.
  await db.execute(sql`DELETE FROM mission_queue`);
}
