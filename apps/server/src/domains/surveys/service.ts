import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { AnswerValue, Survey, SurveyItem, SurveySummary } from '@hibi/contract/functions/surveys';
import type { Db } from '../../db/client.ts';
import { questionnaireAnswers, questionnaireItems, questionnaires } from '../../db/schema/surveys.ts';
import type { AuthUser } from '../../core/handler.ts';

/** The caller as far as survey visibility goes: a guest, or a member of a tenant with or without a corporate contract. */
export interface Viewer {
  userId: number | null;
  tenantId: number | null;
  corporate: boolean;
}

export function viewerOf(user: AuthUser | null): Viewer {
  return user
    ? { userId: user.id, tenantId: user.tenantId, corporate: user.contract.corporateContract }
    : { userId: null, tenantId: null, corporate: false };
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

/** Surveys whose window contains now, newest start first. */
export async function listSurveys(db: Db, viewer: Viewer, locale: Locale, now: Date, offset: number, limit: number): Promise<SurveySummary[]> {
  const rows = await db
    .select({
      id: questionnaires.id,
      title: pick(locale, questionnaires.titleJa, questionnaires.titleEn),
      from: questionnaires.fromDateTime,
      to: questionnaires.toDateTime,
      isGeneral: questionnaires.isGeneral,
      answered: answeredExpr(viewer),
    })
    .from(questionnaires)
    .where(
      and(visibleTo(viewer), sql`${questionnaires.fromDateTime} <= ${now.toISOString()}`, sql`${questionnaires.toDateTime} >= ${now.toISOString()}`),
    )
    .orderBy(desc(questionnaires.fromDateTime), desc(questionnaires.id))
    .offset(offset)
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    fromDateTime: r.from.getTime(),
    toDateTime: r.to.getTime(),
    isGeneral: r.isGeneral,
    answered: Boolean(r.answered),
  }));
}

export async function findSurvey(db: Db, viewer: Viewer, locale: Locale, now: Date, id: number): Promise<Survey | null> {
  const [head] = await db
    .select({
      id: questionnaires.id,
      title: pick(locale, questionnaires.titleJa, questionnaires.titleEn),
      from: questionnaires.fromDateTime,
      to: questionnaires.toDateTime,
      isGeneral: questionnaires.isGeneral,
      answered: answeredExpr(viewer),
    })
    .from(questionnaires)
    .where(and(eq(questionnaires.id, id), visibleTo(viewer), sql`${questionnaires.fromDateTime} <= ${now.toISOString()}`))
    .limit(1);
  if (!head) return null;
  // Guests get the head only (product-decisions §3).
  const body = viewer.userId === null ? [] : await surveyBody(db, locale, id);
  return {
    id: head.id,
    title: head.title,
    fromDateTime: head.from.getTime(),
    toDateTime: head.to.getTime(),
    isGeneral: head.isGeneral,
    answered: Boolean(head.answered),
    closed: head.to.getTime() < now.getTime(),
    body,
  };
}

async function surveyBody(db: Db, locale: Locale, id: number): Promise<SurveyItem[]> {
  const rows = await db.select().from(questionnaireItems).where(eq(questionnaireItems.questionnaireId, id)).orderBy(asc(questionnaireItems.position));
  return rows.map((r) => ({
    type: r.type,
    question: locale === 'en' ? (r.questionEn ?? r.questionJa) : r.questionJa,
    questionnaireIndex: r.questionnaireIndex,
    required: r.required,
    choices: locale === 'en' && r.choicesEn && r.choicesEn.length === r.choicesJa.length ? r.choicesEn : r.choicesJa,
    choiceImages: r.choiceImages,
    images: r.images.map((img) => ({ id: img.id, url: img.url, alt: (locale === 'en' ? img.alt_en : null) ?? img.alt_ja })),
  }));
}

export type AnswerError =
  | 'notFound'
  | 'contractRequired'
  | 'outsideAnswerPeriod'
  | 'alreadyAnswered'
  | 'unknownQuestion'
  | 'duplicateAnswer'
  | 'invalidAnswerType'
  | 'invalidChoice'
  | 'requiredMissing';

export interface AnswerInput {
  questionnaireID: number;
  isGeneral: boolean;
  body: { questionnaireIndex: number; answer: AnswerValue }[];
}

export type AnswerOutcome = { ok: true; answeredAt: Date } | { ok: false; error: AnswerError; questionnaireIndexes?: number[] };

/** Whether an answer counts as given: blank text and an empty selection do not. */
function isGiven(answer: AnswerValue | undefined): boolean {
  if (answer === undefined || answer === null) return false;
  if (typeof answer === 'string') return answer.trim().length > 0;
  if (Array.isArray(answer)) return answer.length > 0;
  return true;
}

/**
 * Checks an answer against every rule and stores it, or stores nothing:
 * visibility and contract, the answer window, one answer per user, known questions answered once each,
 * the type each question takes, only offered choices, every required question answered.
 */
export async function answerSurvey(db: Db, user: AuthUser, locale: Locale, now: Date, input: AnswerInput): Promise<AnswerOutcome> {
  const [q] = await db.select().from(questionnaires).where(eq(questionnaires.id, input.questionnaireID)).limit(1);
  if (!q || q.isGeneral !== input.isGeneral) return { ok: false, error: 'notFound' };
  if (!q.isGeneral && q.tenantId !== user.tenantId) return { ok: false, error: 'notFound' };
  // A survey the caller may not see (contract-only without the contract, or not started yet) answers exactly as an
  // unknown id: no call tells whether it exists (issue 12, finding 19). A finished one is listed, so it says so.
  if (q.contractOnly && !user.contract.corporateContract) return { ok: false, error: 'notFound' };
  if (now.getTime() < q.fromDateTime.getTime()) return { ok: false, error: 'notFound' };
  if (now.getTime() > q.toDateTime.getTime()) return { ok: false, error: 'outsideAnswerPeriod' };

  const [previous] = await db
    .select({ at: questionnaireAnswers.answeredAt })
    .from(questionnaireAnswers)
    .where(and(eq(questionnaireAnswers.questionnaireId, q.id), eq(questionnaireAnswers.userId, user.id)))
    .limit(1);
  if (previous) return { ok: false, error: 'alreadyAnswered' };

  const items = await db
    .select({
      index: questionnaireItems.questionnaireIndex,
      type: questionnaireItems.type,
      required: questionnaireItems.required,
      choices: questionnaireItems.choicesJa,
    })
    .from(questionnaireItems)
    .where(and(eq(questionnaireItems.questionnaireId, q.id), sql`${questionnaireItems.questionnaireIndex} IS NOT NULL`));
  const byIndex = new Map(items.map((i) => [i.index!, i]));

  const given = new Map<number, AnswerValue>();
  for (const { questionnaireIndex, answer } of input.body) {
    const item = byIndex.get(questionnaireIndex);
    if (!item) return { ok: false, error: 'unknownQuestion', questionnaireIndexes: [questionnaireIndex] };
    if (given.has(questionnaireIndex)) return { ok: false, error: 'duplicateAnswer', questionnaireIndexes: [questionnaireIndex] };
    const count = item.choices.length;
    switch (item.type) {
      case 'text':
        if (typeof answer !== 'string') return { ok: false, error: 'invalidAnswerType', questionnaireIndexes: [questionnaireIndex] };
        break;
      case 'select':
      case 'images':
        if (typeof answer !== 'number') return { ok: false, error: 'invalidAnswerType', questionnaireIndexes: [questionnaireIndex] };
        if (answer >= count) return { ok: false, error: 'invalidChoice', questionnaireIndexes: [questionnaireIndex] };
        break;
      case 'checkbox':
        if (!Array.isArray(answer)) return { ok: false, error: 'invalidAnswerType', questionnaireIndexes: [questionnaireIndex] };
        if (answer.some((c) => c >= count) || new Set(answer).size !== answer.length) {
          return { ok: false, error: 'invalidChoice', questionnaireIndexes: [questionnaireIndex] };
        }
        break;
      default:
        return { ok: false, error: 'unknownQuestion', questionnaireIndexes: [questionnaireIndex] };
    }
    given.set(questionnaireIndex, typeof answer === 'string' ? answer.trim() : Array.isArray(answer) ? [...answer].sort((a, b) => a - b) : answer);
  }
  const missing = items.filter((i) => i.required && !isGiven(given.get(i.index!))).map((i) => i.index!);
  if (missing.length > 0) return { ok: false, error: 'requiredMissing', questionnaireIndexes: missing.sort((a, b) => a - b) };

  const body = [...given.entries()]
    .filter(([, a]) => isGiven(a))
    .sort(([a], [b]) => a - b)
    .map(([questionnaireIndex, answer]) => ({ questionnaireIndex, answer }));
  // The primary key keeps it to one answer even when two submissions race.
  const inserted = await db
    .insert(questionnaireAnswers)
    .values({ questionnaireId: q.id, userId: user.id, body, locale, answeredAt: now })
    .onConflictDoNothing()
    .returning({ at: questionnaireAnswers.answeredAt });
  if (inserted.length === 0) return { ok: false, error: 'alreadyAnswered' };
  return { ok: true, answeredAt: inserted[0]!.at };
}
