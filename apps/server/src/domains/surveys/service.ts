// The surveys domain's service and public module: which surveys a caller sees, and the rules an answer must pass
// before it is stored. SQL is in data.ts.
import type { Locale } from '@hibi/contract/protocol';
import type { AnswerValue, Survey, SurveyItem, SurveySummary } from '@hibi/contract/functions/surveys';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../core/handler.ts';
import { ANNOUNCE_WINDOW_MS, announceToAudience } from '../../push/outbox.ts';
import * as data from './data.ts';
import type { Viewer } from './data.ts';

export type { Viewer } from './data.ts';

export function viewerOf(user: AuthUser | null): Viewer {
  return user
    ? { userId: user.id, tenantId: user.tenantId, corporate: user.contract.corporateContract }
    : { userId: null, tenantId: null, corporate: false };
}

/** Surveys whose window contains now, newest start first. */
export async function listSurveys(db: Db, viewer: Viewer, locale: Locale, now: Date, offset: number, limit: number): Promise<SurveySummary[]> {
  const rows = await data.openSurveyRows(db, viewer, locale, now, offset, limit);
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
  const head = await data.startedSurveyHead(db, viewer, locale, now, id);
  if (!head) return null;
  // Guests get the head only (docs/requirements/platform.md#platform-visibility).
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
  const rows = await data.surveyItemRows(db, id);
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
  const q = await data.surveyById(db, input.questionnaireID);
  if (!q || q.isDraft || q.isGeneral !== input.isGeneral) return { ok: false, error: 'notFound' };
  if (!q.isGeneral && !(await data.surveyTargetsTenant(db, q.id, user.tenantId))) return { ok: false, error: 'notFound' };
  // A survey the caller may not see (contract-only without the contract, or not started yet) answers exactly as an
  // unknown id: no call tells whether it exists (issue 12, finding 19). A finished one is listed, so it says so.
  if (q.contractOnly && !user.contract.corporateContract) return { ok: false, error: 'notFound' };
  if (now.getTime() < q.fromDateTime.getTime()) return { ok: false, error: 'notFound' };
  if (now.getTime() > q.toDateTime.getTime()) return { ok: false, error: 'outsideAnswerPeriod' };

  if (await data.hasAnswered(db, q.id, user.id)) return { ok: false, error: 'alreadyAnswered' };

  const items = await data.answerableItems(db, q.id);
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
  const answeredAt = await data.insertAnswer(db, q.id, user.id, body, locale, now);
  if (answeredAt === null) return { ok: false, error: 'alreadyAnswered' };
  return { ok: true, answeredAt };
}

/* ------------------------------------------------------------------ export of a member's own data (decision 104) */

/** A member's survey answers, page by page (keyset on the questionnaire). */
export async function* answersForExport(db: Db, userId: number, locale: Locale, pageSize: number) {
  for (let after = 0; ;) {
    const page = await data.answersExportPage(db, userId, locale, after, pageSize);
    if (page.length) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)!.questionnaire_id;
  }
}

/**
 * Push notices of surveys opening (issue 34, decision 153), in the caller's transaction: each survey that opened
 * within the last day, is still open and was not yet announced is announced once (push_announced) to every member it
 * is for (`surveyAudience`: the survey visibility rule of the member calls, per member's tenant and contract) who has
 * not answered it, in batches. Returns how many notifications were queued.
 */
export async function announceOpenedSurveys(t: Db, now: Date): Promise<number> {
  let queued = 0;
  for (const q of await data.surveysOpenedBetween(t, new Date(now.getTime() - ANNOUNCE_WINDOW_MS), now)) {
    queued += await announceToAudience(
      t,
      'newSurvey',
      q.id,
      (after, limit) => data.surveyAudience(t, q.id, after, limit),
      { title: { ja: q.titleJa, en: q.titleEn || q.titleJa }, url: `/surveys/${q.id}`, dedupeKey: `survey:${q.id}`, ttlSeconds: 3 * 24 * 3600 },
      now,
    );
  }
  return queued;
}
