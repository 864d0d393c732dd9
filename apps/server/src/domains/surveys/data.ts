// The surveys domain's data module: questionnaires, their items and answers, with rows typed by the schema.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../db/client.ts';
import { questionnaireAnswers, questionnaireItems, questionnaires, questionnaireTenants } from '../../db/schema/surveys.ts';
import { tenants } from '../../db/schema/core.ts';
import { rows } from '../../db/query.ts';

/** The caller as far as survey visibility goes: a guest, or a member of a tenant with or without a corporate contract. */
export interface Viewer {
  userId: number | null;
  tenantId: number | null;
  corporate: boolean;
}

const pick = (locale: Locale, ja: SQL | typeof questionnaires.titleJa, en: SQL | typeof questionnaires.titleEn) =>
  locale === 'en' ? sql<string>`COALESCE(${en}, ${ja})` : sql<string>`${ja}`;

/**
 * Operator surveys for everybody, a tenant's own surveys for its members; contract-only ones only with a corporate
 * contract. The one rule of who sees a survey: for one caller (values), or for every member at once (columns of the
 * member's row, as the push notice of a survey opening asks, decision 153).
 */
function visibleTo(viewer: { tenantId: number | null | SQL; corporate: boolean | SQL }): SQL {
  const kind = viewer.tenantId === null ? sql`${questionnaires.isGeneral}` : sql`(${questionnaires.isGeneral} OR ${targets(viewer.tenantId)})`;
  // Drafts are the console's (migration 0620): no member call shows or takes them.
  const shown = sql`NOT ${questionnaires.isDraft} AND ${kind}`;
  if (viewer.corporate === true) return shown;
  if (viewer.corporate === false) return sql`${shown} AND NOT ${questionnaires.contractOnly}`;
  return sql`${shown} AND (${viewer.corporate} OR NOT ${questionnaires.contractOnly})`;
}

/** A survey targets a tenant by its own tenant_id or a questionnaire_tenants row (the console's several targets). */
const targets = (tenantId: number | SQL) =>
  sql`(${questionnaires.tenantId} = ${tenantId} OR EXISTS (SELECT 1 FROM questionnaire_tenants qt WHERE qt.questionnaire_id = ${questionnaires.id} AND qt.tenant_id = ${tenantId}))`;

/** Whether a non-general survey targets the tenant. */
export async function surveyTargetsTenant(db: Db, questionnaireId: number, tenantId: number | null): Promise<boolean> {
  if (tenantId === null) return false;
  const [row] = await db
    .select({ id: questionnaires.id })
    .from(questionnaires)
    .where(and(eq(questionnaires.id, questionnaireId), targets(tenantId)))
    .limit(1);
  return Boolean(row);
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

/* ------------------------------------------------------------------ push notices of a survey opening (decision 153) */

/** Surveys that opened in (since, now] and are still open: candidates for the "new survey" notice. */
export async function surveysOpenedBetween(db: Db, since: Date, now: Date) {
  return db
    .select({ id: questionnaires.id, titleJa: questionnaires.titleJa, titleEn: questionnaires.titleEn })
    .from(questionnaires)
    .where(
      and(
        sql`NOT ${questionnaires.isDraft}`,
        sql`${questionnaires.fromDateTime} > ${since.toISOString()}`,
        sql`${questionnaires.fromDateTime} <= ${now.toISOString()}`,
        sql`${questionnaires.toDateTime} >= ${now.toISOString()}`,
      ),
    )
    .orderBy(asc(questionnaires.id));
}

/**
 * A page of the members a survey is for (after member `afterUserId`, by id): those who may see it by the one rule
 * above, evaluated on each member's tenant and contract, not deactivated, and who have not answered it.
 */
export async function surveyAudience(db: Db, questionnaireId: number, afterUserId: number, limit: number): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`SELECT u.id FROM users u JOIN tenants t ON t.id = u.tenant_id
          JOIN questionnaires ON questionnaires.id = ${questionnaireId}
         WHERE ${visibleTo({ tenantId: sql`u.tenant_id`, corporate: sql`t.corporate_contract` })}
           AND u.deactivated_at IS NULL AND u.id > ${afterUserId}
           AND NOT EXISTS (SELECT 1 FROM questionnaire_answers a WHERE a.questionnaire_id = questionnaires.id AND a.user_id = u.id)
         ORDER BY u.id LIMIT ${limit}`,
  );
  return found.map((r) => r.id);
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

/**
 * A new survey with its items in the order given, and its target tenants (the survey's tenant_id, when set, is one of
 * them); its id. The operator console and test fixtures write surveys through this.
 */
export async function insertSurvey(db: Db, survey: NewSurvey, items: NewSurveyItem[], tenantIds: number[] = []): Promise<number> {
  const [row] = await db.insert(questionnaires).values(survey).returning({ id: questionnaires.id });
  if (items.length) await db.insert(questionnaireItems).values(items.map((item, position) => ({ ...item, questionnaireId: row!.id, position })));
  await setSurveyTenants(db, row!.id, survey.tenantId == null ? tenantIds : [...new Set([survey.tenantId, ...tenantIds])]);
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

/* ------------------------------------------------------------------ the operator console (issue 16, decision 120) */

export type SurveyStateName = 'draft' | 'scheduled' | 'running' | 'ended';

const iso = (d: Date) => d.toISOString();

function surveyStateSql(now: Date): SQL {
  return sql`CASE WHEN q.is_draft THEN 'draft' WHEN q.from_date_time > ${iso(now)}::timestamptz THEN 'scheduled'
    WHEN q.to_date_time < ${iso(now)}::timestamptz THEN 'ended' ELSE 'running' END`;
}

function surveyStateFilter(state: SurveyStateName, now: Date): SQL {
  switch (state) {
    case 'draft':
      return sql`q.is_draft`;
    case 'scheduled':
      return sql`NOT q.is_draft AND q.from_date_time > ${iso(now)}::timestamptz`;
    case 'ended':
      return sql`NOT q.is_draft AND q.to_date_time < ${iso(now)}::timestamptz`;
    case 'running':
      return sql`NOT q.is_draft AND q.from_date_time <= ${iso(now)}::timestamptz AND q.to_date_time >= ${iso(now)}::timestamptz`;
  }
}

export interface ConsoleSurveyListQuery {
  query?: string;
  state?: SurveyStateName;
  offset: number;
  perPage: number;
  now: Date;
}

export interface ConsoleSurveyRow {
  id: number;
  title_ja: string;
  title_en: string | null;
  state: SurveyStateName;
  from_ms: string | number;
  to_ms: string | number;
  is_general: boolean;
  contract_only: boolean;
  is_draft: boolean;
  tenant_ids: number[] | string;
  answer_count: number;
  created_ms: string | number;
  updated_ms: string | number;
  updated_by: string | null;
}

const surveyColumns = (now: Date) => sql`q.id, q.title_ja, q.title_en, ${surveyStateSql(now)} AS state,
    (extract(epoch FROM q.from_date_time) * 1000)::bigint AS from_ms, (extract(epoch FROM q.to_date_time) * 1000)::bigint AS to_ms,
    q.is_general, q.contract_only, q.is_draft,
    COALESCE((SELECT json_agg(DISTINCT t.tenant_id) FROM (SELECT qt.tenant_id FROM questionnaire_tenants qt WHERE qt.questionnaire_id = q.id
       UNION SELECT q.tenant_id WHERE q.tenant_id IS NOT NULL) t), '[]'::json) AS tenant_ids,
    (SELECT count(*) FROM questionnaire_answers a WHERE a.questionnaire_id = q.id)::int AS answer_count,
    (extract(epoch FROM q.created_at) * 1000)::bigint AS created_ms, (extract(epoch FROM q.updated_at) * 1000)::bigint AS updated_ms,
    q.updated_by`;

/** One page of surveys in every state, newest start first, with the total count on each row. */
export async function consoleSurveyPage(db: Db, q: ConsoleSurveyListQuery) {
  const where: SQL[] = [sql`TRUE`];
  if (q.query) {
    const pattern = `%${q.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(q.title_ja ILIKE ${pattern} OR q.title_en ILIKE ${pattern})`);
  }
  if (q.state) where.push(surveyStateFilter(q.state, q.now));
  return rows<ConsoleSurveyRow & { total: number }>(
    db,
    sql`SELECT ${surveyColumns(q.now)}, count(*) OVER ()::int AS total
        FROM questionnaires q WHERE ${sql.join(where, sql` AND `)}
        ORDER BY q.from_date_time DESC, q.id DESC LIMIT ${q.perPage} OFFSET ${q.offset}`,
  );
}

export async function consoleSurveyRow(db: Db, id: number, now: Date): Promise<ConsoleSurveyRow | undefined> {
  const [row] = await rows<ConsoleSurveyRow>(db, sql`SELECT ${surveyColumns(now)} FROM questionnaires q WHERE q.id = ${id}`);
  return row;
}

/** Locks a survey's row for a save (two editors saving at once are applied one after the other); false when absent. */
export async function lockSurvey(db: Db, id: number): Promise<boolean> {
  const found = await rows(db, sql`SELECT id FROM questionnaires WHERE id = ${id} FOR UPDATE`);
  return found.length > 0;
}

export async function answerCount(db: Db, id: number): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM questionnaire_answers WHERE questionnaire_id = ${id}`);
  return row?.n ?? 0;
}

/** The ids among `ids` that name no tenant. */
export async function unknownTenantIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db.select({ id: tenants.id }).from(tenants).where(inArray(tenants.id, ids));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export async function tenantChoices(db: Db) {
  return db
    .select({ id: tenants.id, nameJa: tenants.nameJa, nameEn: tenants.nameEn, corporateContract: tenants.corporateContract })
    .from(tenants)
    .orderBy(asc(tenants.nameJa), asc(tenants.id));
}

export async function setSurveyTenants(db: Db, id: number, tenantIds: number[]): Promise<void> {
  await db.delete(questionnaireTenants).where(eq(questionnaireTenants.questionnaireId, id));
  if (tenantIds.length) await db.insert(questionnaireTenants).values(tenantIds.map((tenantId) => ({ questionnaireId: id, tenantId })));
}

/** Replaces a survey's head and items (no answers exist: the caller checked under the row lock). */
export async function replaceSurvey(db: Db, id: number, head: Partial<NewSurvey>, items: NewSurveyItem[], tenantIds: number[]): Promise<void> {
  await db.update(questionnaires).set(head).where(eq(questionnaires.id, id));
  await db.delete(questionnaireItems).where(eq(questionnaireItems.questionnaireId, id));
  if (items.length) await db.insert(questionnaireItems).values(items.map((item, position) => ({ ...item, questionnaireId: id, position })));
  await setSurveyTenants(db, id, tenantIds);
}

export type SurveyItemTexts = Pick<NewSurveyItem, 'questionJa' | 'questionEn' | 'choicesJa' | 'choicesEn' | 'images'>;

/** Changes the texts of a survey that has answers: its head's texts and window, and each item's texts by position. */
export async function updateSurveyTexts(db: Db, id: number, head: Partial<NewSurvey>, items: SurveyItemTexts[]): Promise<void> {
  await db.update(questionnaires).set(head).where(eq(questionnaires.id, id));
  for (const [position, item] of items.entries()) {
    await db
      .update(questionnaireItems)
      .set(item)
      .where(and(eq(questionnaireItems.questionnaireId, id), eq(questionnaireItems.position, position)));
  }
}

/** Deletes a survey without answers; false when it is absent or has answers (checked in the same statement). */
export async function deleteUnansweredSurvey(db: Db, id: number): Promise<boolean> {
  const deleted = await rows(
    db,
    sql`DELETE FROM questionnaires q WHERE q.id = ${id}
          AND NOT EXISTS (SELECT 1 FROM questionnaire_answers a WHERE a.questionnaire_id = q.id) RETURNING q.id`,
  );
  return deleted.length > 0;
}

/** How many answered each question (an answer stores only the questions answered). */
export async function answeredPerQuestion(db: Db, id: number) {
  return rows<{ qi: number; n: number }>(
    db,
    sql`SELECT (e->>'questionnaireIndex')::int AS qi, count(*)::int AS n
        FROM questionnaire_answers a CROSS JOIN LATERAL jsonb_array_elements(a.body) e
        WHERE a.questionnaire_id = ${id} GROUP BY 1`,
  );
}

/** How many chose each choice of each choice question (a checkbox answer counts once per choice it names). */
export async function choiceCounts(db: Db, id: number) {
  return rows<{ qi: number; choice: number; n: number }>(
    db,
    sql`SELECT (e->>'questionnaireIndex')::int AS qi, (c.value #>> '{}')::int AS choice, count(*)::int AS n
        FROM questionnaire_answers a
        CROSS JOIN LATERAL jsonb_array_elements(a.body) e
        CROSS JOIN LATERAL jsonb_array_elements(CASE jsonb_typeof(e->'answer') WHEN 'array' THEN e->'answer'
                                                 WHEN 'number' THEN jsonb_build_array(e->'answer') ELSE '[]'::jsonb END) c
        WHERE a.questionnaire_id = ${id} GROUP BY 1, 2`,
  );
}

/** A page of the free-text answers to one question, newest first, after the keyset (answered at ms, user id). */
export async function textAnswerPage(db: Db, id: number, qi: number, after: { ms: number; userId: number } | null, limit: number) {
  // Milliseconds on both sides: the cursor carries epoch ms, a stored time may have microseconds.
  const at = sql`date_trunc('milliseconds', a.answered_at)`;
  const keyset = after ? sql`AND (${at}, a.user_id) < (timestamptz 'epoch' + ${after.ms} * interval '1 millisecond', ${after.userId})` : sql``;
  return rows<{ user_id: number; answered_ms: string | number; text: string }>(
    db,
    sql`SELECT a.user_id, (extract(epoch FROM ${at}) * 1000)::bigint AS answered_ms, e->>'answer' AS text
        FROM questionnaire_answers a CROSS JOIN LATERAL jsonb_array_elements(a.body) e
        WHERE a.questionnaire_id = ${id} AND (e->>'questionnaireIndex')::int = ${qi} AND jsonb_typeof(e->'answer') = 'string' ${keyset}
        ORDER BY ${at} DESC, a.user_id DESC LIMIT ${limit}`,
  );
}

export interface AnswerExportRow {
  /** The keyset only (answered_at at full precision, user id); never written to the file. */
  at_key: string;
  user_id: number;
  tenant_id: number | null;
  tenant: string | null;
  answered_at: Date | string;
  locale: string;
  body: AnswerBody | string;
}

export interface AnswerExportKey {
  at: string;
  userId: number;
}

/** A page of a survey's answers (one per respondent) in answer order, for the CSV export (keyset on time, user). */
export async function answerExportPage(db: Db, id: number, after: AnswerExportKey | null, limit: number) {
  const keyset = after ? sql`AND (a.answered_at, a.user_id) > (${after.at}::timestamptz, ${after.userId})` : sql``;
  return rows<AnswerExportRow>(
    db,
    sql`SELECT a.answered_at::text AS at_key, a.user_id, u.tenant_id, t.name_ja AS tenant, a.answered_at, a.locale, a.body
        FROM questionnaire_answers a JOIN users u ON u.id = a.user_id LEFT JOIN tenants t ON t.id = u.tenant_id
        WHERE a.questionnaire_id = ${id} ${keyset}
        ORDER BY a.answered_at, a.user_id LIMIT ${limit}`,
  );
}

/** How many of a survey's respondents each company (tenant) has: what the export's company column may show. */
export async function respondentsPerTenant(db: Db, id: number) {
  const found = await rows<{ tenant_id: number | null; n: number | string }>(
    db,
    sql`SELECT u.tenant_id, count(*) AS n FROM questionnaire_answers a JOIN users u ON u.id = a.user_id
        WHERE a.questionnaire_id = ${id} GROUP BY u.tenant_id`,
  );
  return found.map((r) => ({ tenant_id: r.tenant_id, n: Number(r.n) }));
}
