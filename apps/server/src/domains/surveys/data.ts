// The surveys domain's data module: questionnaires, their items and answers, with rows typed by the schema.
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../db/client.ts';
import { questionnaireAnswers, questionnaireItems, questionnaires } from '../../db/schema/surveys.ts';

/** The caller as far as survey visibility goes: a guest, or a member of a tenant with or without a corporate contract. */
export interface Viewer {
  userId: number | null;
  tenantId: number | null;
  corporate: boolean;
}

const pick = (locale: Locale, ja: SQL | typeof questionnaires.titleJa, en: SQL | typeof questionnaires.titleEn) =>
  locale === 'en' ? sql<string>`COALESCE(${en}, ${ja})` : sql<string>`${ja}`;

/** Operator surveys for everybody, a tenant's own surveys for its members; contract-only ones only with a corporate contract. */
function visibleTo(viewer: Viewer): SQL {
  const kind =
    viewer.tenantId === null
      ? sql`${questionnaires.isGeneral}`
      : sql`(${questionnaires.isGeneral} OR ${questionnaires.tenantId} = ${viewer.tenantId})`;
  return viewer.corporate ? kind : sql`${kind} AND NOT ${questionnaires.contractOnly}`;
}

function answeredExpr(viewer: Viewer) {
  return viewer.userId === null
    ? sql<boolean>`false`
    : sql<boolean>`EXISTS (SELECT 1 FROM questionnaire_answers a WHERE a.questionnaire_id = ${questionnaires.id} AND a.user_id = ${viewer.userId})`;
}

const headColumns = (viewer: Viewer, locale: Locale) => ({
  id: questionnaires.id,
  title: pick(locale, questionnaires.titleJa, questionnaires.titleEn),
  from: questionnaires.fromDateTime,
  to: questionnaires.toDateTime,
  isGeneral: questionnaires.isGeneral,
  answered: answeredExpr(viewer),
});

/** Visible surveys whose window contains now, newest start first. */
export async function openSurveyRows(db: Db, viewer: Viewer, locale: Locale, now: Date, offset: number, limit: number) {
  return db
    .select(headColumns(viewer, locale))
    .from(questionnaires)
    .where(
      and(visibleTo(viewer), sql`${questionnaires.fromDateTime} <= ${now.toISOString()}`, sql`${questionnaires.toDateTime} >= ${now.toISOString()}`),
    )
    .orderBy(desc(questionnaires.fromDateTime), desc(questionnaires.id))
    .offset(offset)
    .limit(limit);
}

/** A visible survey that has started (finished ones included). */
export async function startedSurveyHead(db: Db, viewer: Viewer, locale: Locale, now: Date, id: number) {
  const [head] = await db
    .select(headColumns(viewer, locale))
    .from(questionnaires)
    .where(and(eq(questionnaires.id, id), visibleTo(viewer), sql`${questionnaires.fromDateTime} <= ${now.toISOString()}`))
    .limit(1);
  return head;
}

export async function surveyItemRows(db: Db, id: number) {
  return db.select().from(questionnaireItems).where(eq(questionnaireItems.questionnaireId, id)).orderBy(asc(questionnaireItems.position));
}

export async function surveyById(db: Db, id: number) {
  const [q] = await db.select().from(questionnaires).where(eq(questionnaires.id, id)).limit(1);
  return q;
}

export async function hasAnswered(db: Db, questionnaireId: number, userId: number): Promise<boolean> {
  const [previous] = await db
    .select({ at: questionnaireAnswers.answeredAt })
    .from(questionnaireAnswers)
    .where(and(eq(questionnaireAnswers.questionnaireId, questionnaireId), eq(questionnaireAnswers.userId, userId)))
    .limit(1);
  return Boolean(previous);
}

/** The questions of a survey that take an answer (items with an index). */
export async function answerableItems(db: Db, questionnaireId: number) {
  return db
    .select({
      index: questionnaireItems.questionnaireIndex,
      type: questionnaireItems.type,
      required: questionnaireItems.required,
      choices: questionnaireItems.choicesJa,
    })
    .from(questionnaireItems)
    .where(and(eq(questionnaireItems.questionnaireId, questionnaireId), sql`${questionnaireItems.questionnaireIndex} IS NOT NULL`));
}

export type AnswerBody = (typeof questionnaireAnswers.$inferInsert)['body'];

/** Stores an answer; null when the user has one already (the primary key keeps it to one, even when two submissions race). */
export async function insertAnswer(
  db: Db,
  questionnaireId: number,
  userId: number,
  body: AnswerBody,
  locale: Locale,
  now: Date,
): Promise<Date | null> {
  const inserted = await db
    .insert(questionnaireAnswers)
    .values({ questionnaireId, userId, body, locale, answeredAt: now })
    .onConflictDoNothing()
    .returning({ at: questionnaireAnswers.answeredAt });
  return inserted[0]?.at ?? null;
}

/* ------------------------------------------------------------------ authoring */

export type NewSurvey = typeof questionnaires.$inferInsert;
export type NewSurveyItem = Omit<typeof questionnaireItems.$inferInsert, 'questionnaireId' | 'position'>;

/** A new survey with its items in the order given; its id. The operator console and test fixtures write surveys through this. */
export async function insertSurvey(db: Db, survey: NewSurvey, items: NewSurveyItem[]): Promise<number> {
  const [row] = await db.insert(questionnaires).values(survey).returning({ id: questionnaires.id });
  if (items.length) await db.insert(questionnaireItems).values(items.map((item, position) => ({ ...item, questionnaireId: row!.id, position })));
  return row!.id;
}

/* ------------------------------------------------------------------ export of a member's own data (decision 104) */

/** One page of a member's survey answers after questionnaire `afterId` (keyset: one answer per questionnaire). */
export async function answersExportPage(db: Db, userId: number, locale: Locale, afterId: number, limit: number) {
  const title = locale === 'en' ? sql`COALESCE(q.title_en, q.title_ja)` : sql`q.title_ja`;
  const result = (await db.execute(
    sql`SELECT a.questionnaire_id, ${title} AS title, (extract(epoch FROM a.answered_at) * 1000)::float8 AS answered_ms, a.locale, a.body
        FROM questionnaire_answers a JOIN questionnaires q ON q.id = a.questionnaire_id
        WHERE a.user_id = ${userId} AND a.questionnaire_id > ${afterId} ORDER BY a.questionnaire_id LIMIT ${limit}`,
  )) as unknown as { rows: { questionnaire_id: number; title: string; answered_ms: number; locale: string; body: unknown }[] };
  return result.rows;
}
