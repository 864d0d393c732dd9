// The daily quiz's SQL (issue 58, docs/requirements/points.md#points-quiz): rounds, one question per Tokyo day, each
// member's one answer (primary key (question_id, user_id)). The office's figures are counts in SQL, never rows per
// person. The services (quiz.ts) hold the transactions.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const ms = (col: string) => sql.raw(`(extract(epoch FROM ${col}) * 1000)::float8`);
const dayText = (col: string) => sql.raw(`to_char(${col}, 'YYYY-MM-DD')`);

export interface Localized {
  ja: string;
  en: string | null;
}

export interface RoundRow {
  id: number;
  name_ja: string;
  name_en: string | null;
  start_date: string;
  end_date: string;
  points: number;
  questions: number;
  updated_ms: number;
}

export interface RoundWrite {
  nameJa: string;
  nameEn: string | null;
  startDate: string;
  endDate: string;
  points: number;
}

const roundColumns = sql`r.id, r.name_ja, r.name_en, ${dayText('r.start_date')} AS start_date, ${dayText('r.end_date')} AS end_date,
  r.points, (SELECT count(*)::int FROM quiz_questions q WHERE q.round_id = r.id) AS questions, ${ms('r.updated_at')} AS updated_ms`;

export async function roundPage(db: Db, offset: number, perPage: number): Promise<(RoundRow & { total: number })[]> {
  return rows(
    db,
    sql`SELECT ${roundColumns}, count(*) OVER ()::int AS total FROM quiz_rounds r
        ORDER BY r.start_date DESC, r.id DESC LIMIT ${perPage} OFFSET ${offset}`,
  );
}

export async function countRounds(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM quiz_rounds`);
  return row?.n ?? 0;
}

export async function roundById(db: Db, id: number, lock = false): Promise<RoundRow | undefined> {
  const [row] = await rows<RoundRow>(db, sql`SELECT ${roundColumns} FROM quiz_rounds r WHERE r.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`);
  return row;
}

/** Serialises the writes of rounds and questions (their overlap and one-day-one-question checks). */
export async function lockQuizWrites(db: Db): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(580922)`);
}

/** Another round whose dates meet [start, end]. */
export async function overlappingRound(db: Db, startDate: string, endDate: string, exceptId: number | null): Promise<number | null> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`SELECT id FROM quiz_rounds WHERE start_date <= ${endDate}::date AND end_date >= ${startDate}::date
          AND id <> ${exceptId ?? 0} LIMIT 1`,
  );
  return row?.id ?? null;
}

/** Whether a round has a question outside [start, end]. */
export async function questionsOutside(db: Db, roundId: number, startDate: string, endDate: string): Promise<boolean> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM quiz_questions WHERE round_id = ${roundId} AND (day < ${startDate}::date OR day > ${endDate}::date)`,
  );
  return (row?.n ?? 0) > 0;
}

export async function insertRound(db: Db, w: RoundWrite, by: string, now: Date): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO quiz_rounds (name_ja, name_en, start_date, end_date, points, created_at, updated_at, updated_by)
        VALUES (${w.nameJa}, ${w.nameEn}, ${w.startDate}::date, ${w.endDate}::date, ${w.points}, ${ts(now)}, ${ts(now)}, ${by})
        RETURNING id`,
  );
  return row!.id;
}

export async function updateRound(db: Db, id: number, w: RoundWrite, by: string, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE quiz_rounds SET name_ja = ${w.nameJa}, name_en = ${w.nameEn}, start_date = ${w.startDate}::date, end_date = ${w.endDate}::date,
          points = ${w.points}, updated_at = ${ts(now)}, updated_by = ${by}
        WHERE id = ${id}`,
  );
}

export interface QuestionRow {
  id: number;
  round_id: number;
  day: string;
  genre: string;
  question_ja: string;
  question_en: string | null;
  choices: Localized[];
  correct_choice: number;
  explanation_ja: string;
  explanation_en: string | null;
  article_id: number | null;
}

const questionColumns = sql`q.id, q.round_id, ${dayText('q.day')} AS day, q.genre, q.question_ja, q.question_en, q.choices,
  q.correct_choice::int AS correct_choice, q.explanation_ja, q.explanation_en, q.article_id`;

export async function questionById(db: Db, id: number, lock = false): Promise<QuestionRow | undefined> {
  const [row] = await rows<QuestionRow>(db, sql`SELECT ${questionColumns} FROM quiz_questions q WHERE q.id = ${id} ${lock ? sql`FOR UPDATE` : sql``}`);
  return row;
}

/** The question of a day with its round's name and points. */
export async function questionOfDay(
  db: Db,
  day: string,
): Promise<(QuestionRow & { round_name_ja: string; round_name_en: string | null; points: number }) | undefined> {
  const [row] = await rows<QuestionRow & { round_name_ja: string; round_name_en: string | null; points: number }>(
    db,
    sql`SELECT ${questionColumns}, r.name_ja AS round_name_ja, r.name_en AS round_name_en, r.points
          FROM quiz_questions q JOIN quiz_rounds r ON r.id = q.round_id
         WHERE q.day = ${day}::date AND q.day BETWEEN r.start_date AND r.end_date`,
  );
  return row;
}

/** Another question on a day. */
export async function questionOnDay(db: Db, day: string, exceptId: number | null): Promise<number | null> {
  const [row] = await rows<{ id: number }>(db, sql`SELECT id FROM quiz_questions WHERE day = ${day}::date AND id <> ${exceptId ?? 0}`);
  return row?.id ?? null;
}

/** A published library article (visible to members: published, not withdrawn) and its title. */
export async function publishedArticle(db: Db, id: number, now: Date): Promise<{ id: number; title_ja: string; title_en: string | null } | undefined> {
  const [row] = await rows<{ id: number; title_ja: string; title_en: string | null }>(
    db,
    sql`SELECT id, title_ja, title_en FROM report_articles
         WHERE id = ${id} AND published_at IS NOT NULL AND published_at <= ${ts(now)} AND unpublished_at IS NULL`,
  );
  return row;
}

export interface QuestionWrite {
  roundId: number;
  day: string;
  genre: string;
  questionJa: string;
  questionEn: string | null;
  choices: Localized[];
  correctChoice: number;
  explanationJa: string;
  explanationEn: string | null;
  articleId: number | null;
}

export async function insertQuestion(db: Db, w: QuestionWrite, by: string, now: Date): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO quiz_questions (round_id, day, genre, question_ja, question_en, choices, correct_choice, explanation_ja, explanation_en,
                                    article_id, created_at, updated_at, updated_by)
        VALUES (${w.roundId}, ${w.day}::date, ${w.genre}, ${w.questionJa}, ${w.questionEn}, ${JSON.stringify(w.choices)}::jsonb, ${w.correctChoice},
                ${w.explanationJa}, ${w.explanationEn}, ${w.articleId}, ${ts(now)}, ${ts(now)}, ${by})
        RETURNING id`,
  );
  return row!.id;
}

export async function updateQuestion(db: Db, id: number, w: QuestionWrite, by: string, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE quiz_questions SET round_id = ${w.roundId}, day = ${w.day}::date, genre = ${w.genre}, question_ja = ${w.questionJa},
          question_en = ${w.questionEn}, choices = ${JSON.stringify(w.choices)}::jsonb, correct_choice = ${w.correctChoice},
          explanation_ja = ${w.explanationJa}, explanation_en = ${w.explanationEn}, article_id = ${w.articleId},
          updated_at = ${ts(now)}, updated_by = ${by}
        WHERE id = ${id}`,
  );
}

export async function deleteQuestion(db: Db, id: number): Promise<void> {
  await db.execute(sql`DELETE FROM quiz_questions WHERE id = ${id}`);
}

export interface QuestionStatsRow extends QuestionRow {
  answers: number;
  correct_answers: number;
  /** Answers per choice index 0..3. */
  c0: number;
  c1: number;
  c2: number;
  c3: number;
}

/** A round's questions by day with their counts (one aggregate per question; never who answered what). */
export async function roundQuestions(db: Db, roundId: number): Promise<QuestionStatsRow[]> {
  return rows(
    db,
    sql`SELECT ${questionColumns}, coalesce(a.answers, 0)::int AS answers, coalesce(a.correct_answers, 0)::int AS correct_answers,
               coalesce(a.c0, 0)::int AS c0, coalesce(a.c1, 0)::int AS c1, coalesce(a.c2, 0)::int AS c2, coalesce(a.c3, 0)::int AS c3
          FROM quiz_questions q
          LEFT JOIN LATERAL (
            SELECT count(*) AS answers, count(*) FILTER (WHERE x.correct) AS correct_answers,
                   count(*) FILTER (WHERE x.choice = 0) AS c0, count(*) FILTER (WHERE x.choice = 1) AS c1,
                   count(*) FILTER (WHERE x.choice = 2) AS c2, count(*) FILTER (WHERE x.choice = 3) AS c3
              FROM quiz_answers x WHERE x.question_id = q.id
          ) a ON true
         WHERE q.round_id = ${roundId}
         ORDER BY q.day`,
  );
}

/** A round's days without a question (within its dates). */
export async function daysWithoutQuestion(db: Db, roundIds: number[]): Promise<Map<number, number>> {
  if (roundIds.length === 0) return new Map();
  const found = await rows<{ id: number; n: number }>(
    db,
    sql`SELECT r.id, ((r.end_date - r.start_date + 1) - (SELECT count(*) FROM quiz_questions q WHERE q.round_id = r.id))::int AS n
          FROM quiz_rounds r WHERE r.id = ANY(${`{${roundIds.join(',')}}`}::int[])`,
  );
  return new Map(found.map((r) => [r.id, r.n]));
}

export interface AnswerRow {
  choice: number;
  correct: boolean;
  points: number;
}

/** A member's answer to a question, with the points its `quiz` entry gave (0 for a wrong answer). */
export async function answerOf(db: Db, questionId: number, userId: number): Promise<AnswerRow | undefined> {
  const [row] = await rows<AnswerRow>(
    db,
    sql`SELECT a.choice::int AS choice, a.correct,
               coalesce((SELECT e.amount FROM point_entries e WHERE e.idempotency_key = ${`quiz:${questionId}:${userId}`}), 0)::int AS points
          FROM quiz_answers a WHERE a.question_id = ${questionId} AND a.user_id = ${userId}`,
  );
  return row;
}

/** Records a member's answer once: false when they had answered (the primary key; nothing is written). */
export async function insertAnswer(
  db: Db,
  a: { questionId: number; userId: number; day: string; choice: number; correct: boolean },
  now: Date,
): Promise<boolean> {
  const inserted = await rows<{ question_id: number }>(
    db,
    sql`INSERT INTO quiz_answers (question_id, user_id, day, choice, correct, answered_at)
        VALUES (${a.questionId}, ${a.userId}, ${a.day}::date, ${a.choice}, ${a.correct}, ${ts(now)})
        ON CONFLICT (question_id, user_id) DO NOTHING
        RETURNING question_id`,
  );
  return inserted.length === 1;
}
