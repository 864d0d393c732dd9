// Surveys from the operator console (issue 16, item 2; docs/decisions/120-console-surveys.md): written through this
// domain's data module into the tables the member calls read. Once a survey has answers, only its texts and window
// change: the answers name questions by questionnaireIndex and choices by position.
import type { ConsoleSurvey, SurveyInput, SurveyItemInput, SurveyState } from '@hibi/contract/console/surveys';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { failure, type BusinessFailure } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import { richTextWithLineBreaks } from '../../lib/sanitize.ts';
import { CsvFile, pagedRows, type CsvCell } from '../../lib/csv.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { operatorSecretKey } from '../operators/service.ts';
import * as data from './data.ts';
import type { AnswerBody, ConsoleSurveyRow, NewSurvey, NewSurveyItem, SurveyItemTexts } from './data.ts';

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/* ------------------------------------------------------------------ question texts */

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** An operator's plain question text as the member pages render it: escaped, line breaks as <br>, sanitised. */
export const questionHtml = (text: string) => richTextWithLineBreaks(escapeHtml(text));

/** Stored question HTML back to the plain text the editor shows (line breaks from <br> and paragraph ends). */
export function questionText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6])>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n+$/, '');
}

/* ------------------------------------------------------------------ reading */

const stateOf = (r: { is_draft: boolean; from_ms: string | number; to_ms: string | number }, now: Date): SurveyState => {
  if (r.is_draft) return 'draft';
  if (Number(r.from_ms) > now.getTime()) return 'scheduled';
  return Number(r.to_ms) < now.getTime() ? 'ended' : 'running';
};

const tenantIdsOf = (r: ConsoleSurveyRow) => json<number[]>(r.tenant_ids).sort((a, b) => a - b);

export async function listSurveys(db: Db, q: data.ConsoleSurveyListQuery) {
  const found = await data.consoleSurveyPage(db, q);
  let total = found[0]?.total ?? 0;
  if (found.length === 0 && q.offset > 0) total = (await data.consoleSurveyPage(db, { ...q, offset: 0, perPage: 1 }))[0]?.total ?? 0;
  return {
    surveys: found.map((r) => ({
      id: r.id,
      title: { ja: r.title_ja, en: r.title_en },
      state: r.state,
      fromDateTime: Number(r.from_ms),
      toDateTime: Number(r.to_ms),
      isGeneral: r.is_general,
      tenantCount: tenantIdsOf(r).length,
      contractOnly: r.contract_only,
      answerCount: r.answer_count,
      updatedAt: Number(r.updated_ms),
      updatedBy: r.updated_by,
    })),
    total,
  };
}

export async function getSurvey(db: Db, id: number, now: Date): Promise<ConsoleSurvey | null> {
  const row = await data.consoleSurveyRow(db, id, now);
  if (!row) return null;
  const items = await data.surveyItemRows(db, id);
  return {
    id: row.id,
    title: { ja: row.title_ja, en: row.title_en },
    isGeneral: row.is_general,
    tenantIds: tenantIdsOf(row),
    contractOnly: row.contract_only,
    fromDateTime: Number(row.from_ms),
    toDateTime: Number(row.to_ms),
    draft: row.is_draft,
    state: row.state,
    answerCount: row.answer_count,
    createdAt: Number(row.created_ms),
    updatedAt: Number(row.updated_ms),
    updatedBy: row.updated_by,
    items: items.map((i) => ({
      type: i.type,
      questionnaireIndex: i.questionnaireIndex,
      question: { ja: questionText(i.questionJa), en: i.questionEn === null ? null : questionText(i.questionEn) },
      required: i.required,
      choices: i.choicesJa.map((ja, n) => ({ ja, en: i.choicesEn?.[n] ?? null })),
      choiceImages: i.choiceImages,
      images: i.images.map((img) => ({ url: img.url, alt: { ja: img.alt_ja, en: img.alt_en ?? null } })),
    })),
  };
}

export async function tenantChoices(db: Db) {
  return {
    tenants: (await data.tenantChoices(db)).map((t) => ({ id: t.id, name: { ja: t.nameJa, en: t.nameEn }, corporateContract: t.corporateContract })),
  };
}

/* ------------------------------------------------------------------ writing */

/** English choices are kept only when every choice has one (members fall back to Japanese otherwise). */
function choicesEn(item: SurveyItemInput): string[] | null {
  return item.choices.length > 0 && item.choices.every((c) => c.en !== null) ? item.choices.map((c) => c.en!) : null;
}

function itemTexts(item: SurveyItemInput): SurveyItemTexts {
  return {
    questionJa: questionHtml(item.question.ja),
    questionEn: item.question.en === null ? null : questionHtml(item.question.en),
    choicesJa: item.choices.map((c) => c.ja),
    choicesEn: choicesEn(item),
    images: item.images.map((img, n) => ({ id: n + 1, url: img.url, alt_ja: img.alt.ja, alt_en: img.alt.en })),
  };
}

/** Stored items: every block but a comment is a question, numbered 1, 2, … in order (its answer key). */
function storedItems(items: SurveyItemInput[]): NewSurveyItem[] {
  let index = 0;
  return items.map((item) => ({
    ...itemTexts(item),
    type: item.type,
    questionnaireIndex: item.type === 'comment' ? null : ++index,
    required: item.type === 'comment' ? false : item.required,
    choiceImages: item.choiceImages,
  }));
}

/** What a save would change beyond texts and the window, compared with what is stored; empty when nothing. */
function structuralChanges(stored: ConsoleSurvey, input: SurveyInput, tenantIds: number[]): string[] {
  const changes: string[] = [];
  if (stored.isGeneral !== input.isGeneral || stored.tenantIds.join(',') !== tenantIds.join(',')) changes.push('targets');
  if (stored.contractOnly !== input.contractOnly) changes.push('contractOnly');
  if (stored.items.length !== input.items.length) return [...changes, 'items'];
  stored.items.forEach((s, n) => {
    const i = input.items[n]!;
    const required = i.type === 'comment' ? false : i.required;
    if (
      s.type !== i.type ||
      s.required !== required ||
      s.choices.length !== i.choices.length ||
      s.choiceImages.join('\n') !== i.choiceImages.join('\n') ||
      s.images.map((img) => img.url).join('\n') !== i.images.map((img) => img.url).join('\n')
    ) {
      changes.push(`item ${n + 1}`);
    }
  });
  return changes;
}

type SaveFailure = BusinessFailure<'notFound' | 'unknownTenant' | 'surveyHasAnswers'>;

export async function saveSurvey(ctx: ConsoleContext, input: SurveyInput): Promise<{ id: number; state: SurveyState } | SaveFailure> {
  const now = ctx.now();
  const tenantIds = input.isGeneral ? [] : [...new Set(input.tenantIds)].sort((a, b) => a - b);
  const unknown = await data.unknownTenantIds(ctx.db, tenantIds);
  if (unknown.length) return failure('unknownTenant', { tenantIds: unknown });

  const head: Partial<NewSurvey> = {
    titleJa: input.title.ja,
    titleEn: input.title.en,
    fromDateTime: new Date(input.fromDateTime),
    toDateTime: new Date(input.toDateTime),
    isDraft: input.draft,
    updatedAt: now,
    updatedBy: ctx.operator!.email,
  };
  const structure = { isGeneral: input.isGeneral, contractOnly: input.contractOnly, tenantId: tenantIds[0] ?? null };

  const outcome = await transaction(ctx.db, async (tx): Promise<{ id: number; edit: 'created' | 'edited' | 'texts' } | SaveFailure> => {
    if (input.id === undefined) {
      const id = await data.insertSurvey(tx, { ...(head as NewSurvey), ...structure, createdAt: now }, storedItems(input.items), tenantIds);
      return { id, edit: 'created' };
    }
    if (!(await data.lockSurvey(tx, input.id))) return failure('notFound');
    const answers = await data.answerCount(tx, input.id);
    if (answers === 0) {
      await data.replaceSurvey(tx, input.id, { ...head, ...structure }, storedItems(input.items), tenantIds);
      return { id: input.id, edit: 'edited' };
    }
    const stored = (await getSurvey(tx, input.id, now))!;
    const changes = structuralChanges(stored, input, tenantIds);
    if (changes.length) return failure('surveyHasAnswers', { answerCount: answers, changes });
    await data.updateSurveyTexts(tx, input.id, head, input.items.map(itemTexts));
    return { id: input.id, edit: 'texts' };
  });
  if ('errorCode' in outcome) return outcome;
  const state = stateOf({ is_draft: input.draft, from_ms: input.fromDateTime, to_ms: input.toDateTime }, now);
  const what = outcome.edit === 'texts' ? 'edited texts of' : outcome.edit;
  ctx.note({ targetType: 'survey', targetId: outcome.id, summary: `${what} 「${input.title.ja.slice(0, 80)}」 ${state}` });
  return { id: outcome.id, state };
}

const COPY_MARK = { ja: '（コピー）', en: ' (copy)' };

export async function duplicateSurvey(ctx: ConsoleContext, id: number): Promise<{ id: number } | BusinessFailure<'notFound'>> {
  const source = await getSurvey(ctx.db, id, ctx.now());
  if (!source) return failure('notFound');
  const saved = await saveSurvey(
    { ...ctx, note: () => {} },
    {
      title: {
        ja: `${source.title.ja}${COPY_MARK.ja}`.slice(0, 200),
        en: source.title.en === null ? null : `${source.title.en}${COPY_MARK.en}`.slice(0, 200),
      },
      isGeneral: source.isGeneral,
      tenantIds: source.tenantIds,
      contractOnly: source.contractOnly,
      fromDateTime: source.fromDateTime,
      toDateTime: source.toDateTime,
      draft: true,
      items: source.items.map((i) => ({
        type: i.type,
        question: i.question,
        required: i.required,
        choices: i.choices,
        choiceImages: i.choiceImages,
        images: i.images,
      })),
    },
  );
  if ('errorCode' in saved) return failure('notFound');
  ctx.note({ targetType: 'survey', targetId: saved.id, summary: `copy of survey ${id} as a draft` });
  return { id: saved.id };
}

export async function deleteSurvey(
  ctx: ConsoleContext,
  id: number,
): Promise<Record<string, never> | BusinessFailure<'notFound' | 'surveyHasAnswers'>> {
  const row = await data.consoleSurveyRow(ctx.db, id, ctx.now());
  if (!row) return failure('notFound');
  if (!(await transaction(ctx.db, (tx) => data.deleteUnansweredSurvey(tx, id)))) {
    return (await data.consoleSurveyRow(ctx.db, id, ctx.now())) ? failure('surveyHasAnswers') : failure('notFound');
  }
  ctx.note({ targetType: 'survey', targetId: id, summary: `deleted 「${row.title_ja.slice(0, 80)}」` });
  return {};
}

/* ------------------------------------------------------------------ results and export */

export async function surveyResults(db: Db, id: number, now: Date) {
  const survey = await getSurvey(db, id, now);
  if (!survey) return null;
  const [answered, counts] = await Promise.all([data.answeredPerQuestion(db, id), data.choiceCounts(db, id)]);
  const answeredBy = new Map(answered.map((r) => [r.qi, r.n]));
  const countOf = new Map(counts.map((r) => [`${r.qi}:${r.choice}`, r.n]));
  return {
    id,
    title: survey.title,
    respondents: survey.answerCount,
    questions: survey.items
      .filter((i) => i.questionnaireIndex !== null)
      .map((i) => ({
        questionnaireIndex: i.questionnaireIndex!,
        type: i.type,
        question: i.question,
        required: i.required,
        answered: answeredBy.get(i.questionnaireIndex!) ?? 0,
        choices: i.choices.map((label, n) => ({
          label,
          imageUrl: i.choiceImages[n] ?? null,
          count: countOf.get(`${i.questionnaireIndex}:${n}`) ?? 0,
        })),
      })),
  };
}

/**
 * The free-text answers of one question, newest first. The keyset holds a user id, so the cursor an operator sees is
 * sealed (issue 30, finding 6: survey results name no account, not even in a cursor).
 */
export async function textAnswers(db: Db, now: Date, id: number, questionnaireIndex: number, cursor: string | undefined, limit: number) {
  if (!(await data.consoleSurveyRow(db, id, now))) return null;
  const key = await operatorSecretKey(db);
  const opened = cursor ? openSecret(key, cursor) : null;
  const [ms, userId] = opened ? opened.split(':').map(Number) : [];
  const after = opened && Number.isSafeInteger(ms) && Number.isSafeInteger(userId) ? { ms: ms!, userId: userId! } : null;
  const page = await data.textAnswerPage(db, id, questionnaireIndex, after, limit);
  const last = page.at(-1);
  return {
    answers: page.map((r) => ({ answeredAt: Number(r.answered_ms), text: r.text })),
    nextCursor: page.length === limit && last ? sealSecret(key, `${Number(last.answered_ms)}:${last.user_id}`) : null,
  };
}

/** "2026-11-24 10:05" in Asia/Tokyo, as a spreadsheet shows it. */
function tokyoMinute(at: Date): string {
  return new Date(at.getTime() + 9 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

const EXPORT_PAGE = 500;

/** Respondents a company must have before the export names it (the privacy floor of docs/requirements/insights.md#insights-privacy-floor, never lower). */
export const COMPANY_FLOOR = 5;
const FEWER_THAN_FLOOR = '5名未満 (fewer than 5)';

/**
 * The companies the export may name: those with at least COMPANY_FLOOR respondents. When the suppressed respondents
 * all belong to one company, the smallest named company is suppressed too, so that one cannot tell them by elimination.
 */
export function namedCompanies(groups: { tenant_id: number | null; n: number }[]): Set<number> {
  const shown = groups.filter((g) => g.tenant_id !== null && g.n >= COMPANY_FLOOR).sort((a, b) => a.n - b.n);
  const hidden = groups.filter((g) => g.tenant_id !== null && g.n < COMPANY_FLOOR && g.n > 0);
  if (hidden.length === 1 && shown.length > 0) shown.shift();
  return new Set(shown.map((g) => g.tenant_id!));
}

/**
 * Every answer as CSV, anonymous (issue 30, finding 6): a row per respondent without any account id, oldest answer
 * first, a column per question (choices by their Japanese text); the company only where COMPANY_FLOOR respondents
 * share it.
 */
export async function exportAnswers(ctx: ConsoleContext, id: number): Promise<CsvFile | BusinessFailure<'notFound'>> {
  const survey = await getSurvey(ctx.db, id, ctx.now());
  if (!survey) return failure('notFound');
  const named = namedCompanies(await data.respondentsPerTenant(ctx.db, id));
  const questions = survey.items.filter((i) => i.questionnaireIndex !== null);
  const header = [
    '企業 (company)',
    '回答日時 (answered at, JST)',
    '言語 (language)',
    ...questions.map((q, n) => `Q${n + 1} ${q.question.ja.replace(/\s+/g, ' ').slice(0, 80)}`),
  ];
  const cell = (q: (typeof questions)[number], answer: AnswerBody[number]['answer'] | undefined): CsvCell => {
    if (answer === undefined) return '';
    if (typeof answer === 'string') return answer;
    const label = (n: number) => q.choices[n]?.ja ?? String(n);
    return Array.isArray(answer) ? answer.map(label).join(' / ') : label(answer);
  };
  const rowsOf = pagedRows(
    (after: data.AnswerExportKey | null) => data.answerExportPage(ctx.db, id, after, EXPORT_PAGE),
    (r) => ({ at: r.at_key, userId: r.user_id }),
    (r) => {
      const body = new Map(json<AnswerBody>(r.body).map((a) => [a.questionnaireIndex, a.answer]));
      const company = r.tenant_id === null ? '' : named.has(r.tenant_id) ? r.tenant : FEWER_THAN_FLOOR;
      return [company, tokyoMinute(new Date(r.answered_at)), r.locale, ...questions.map((q) => cell(q, body.get(q.questionnaireIndex!)))];
    },
  );
  ctx.note({ targetType: 'survey', targetId: id, summary: `exported ${survey.answerCount} answers of 「${survey.title.ja.slice(0, 80)}」` });
  return new CsvFile(`survey-${id}-answers.csv`, header, rowsOf);
}
