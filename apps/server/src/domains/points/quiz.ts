// The daily quiz (issue 58, docs/requirements/points.md#points-quiz, decision 188): today's question (the Tokyo day of
// the app's clock, ctx.now()), one answer per member and question (the primary key of quiz_answers), a right answer's
// `quiz` ledger entry in the same transaction; the office's rounds and questions with counts only. The SQL is in
// data/quiz.ts.
import type { QuizQuestion, QuizQuestionInput, QuizRound, QuizRoundInput } from '@hibi/contract/console/points';
import type { QuizAnswerResult, QuizGenre } from '@hibi/contract/functions/points';
import type { Locale } from '@hibi/contract/protocol';
import { tokyoDay } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { BusinessFailure, failure, type AuthUser } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import * as data from './data/quiz.ts';
import { postEntry } from './ledger.ts';

const pick = (locale: Locale, ja: string, en: string | null) => (locale === 'en' ? (en ?? ja) : ja);
const summaryOf = (ja: string) => `「${ja.slice(0, 80)}」`;

/** The idempotency key of a right answer's entry. */
export const quizKey = (questionId: number, userId: number) => `quiz:${questionId}:${userId}`;

async function resultOf(db: Db, q: data.QuestionRow, answer: data.AnswerRow, locale: Locale, now: Date): Promise<QuizAnswerResult> {
  const article = q.article_id === null ? undefined : await data.publishedArticle(db, q.article_id, now);
  return {
    choice: answer.choice,
    correct: answer.correct,
    correctChoice: q.correct_choice,
    explanation: pick(locale, q.explanation_ja, q.explanation_en),
    article: article ? { id: article.id, title: pick(locale, article.title_ja, article.title_en) } : null,
    points: answer.points,
  };
}

/* ------------------------------------------------------------------ members */

export async function getTodayQuiz(db: Db, user: AuthUser, locale: Locale, now: Date) {
  const q = await data.questionOfDay(db, tokyoDay(now));
  if (!q) return { quiz: null };
  const answer = await data.answerOf(db, q.id, user.id);
  return {
    quiz: {
      questionID: q.id,
      day: q.day,
      roundName: pick(locale, q.round_name_ja, q.round_name_en),
      genre: q.genre as QuizGenre,
      question: pick(locale, q.question_ja, q.question_en),
      choices: q.choices.map((c) => pick(locale, c.ja, c.en)),
      points: q.points,
      answer: answer ? await resultOf(db, q, answer, locale, now) : null,
    },
  };
}

/**
 * Answers today's question once (docs/requirements/points.md#points-quiz): the answer and, when right, the round's
 * points as a `quiz` entry (key `quiz:<questionID>:<userId>`) in one transaction. A second answer, even one racing the
 * first, meets the primary key and writes nothing (`alreadyAnswered`).
 */
export async function answerQuiz(
  db: Db,
  user: AuthUser,
  locale: Locale,
  now: Date,
  p: { questionID: number; choice: number },
): Promise<QuizAnswerResult | BusinessFailure<'notFound' | 'alreadyAnswered' | 'choiceInvalid'>> {
  const day = tokyoDay(now);
  const q = await data.questionOfDay(db, day);
  if (!q || q.id !== p.questionID) return failure('notFound');
  if (p.choice >= q.choices.length) return failure('choiceInvalid');
  const correct = p.choice === q.correct_choice;
  const answered = await transaction(db, async (tx) => {
    if (!(await data.insertAnswer(tx, { questionId: q.id, userId: user.id, day, choice: p.choice, correct }, now))) return false;
    if (correct) {
      const posted = await postEntry(tx, {
        userId: user.id,
        amount: q.points,
        reason: 'quiz',
        params: { questionID: q.id, day },
        key: quizKey(q.id, user.id),
        at: now,
      });
      if (!posted.ok) throw new Error(`quiz award refused: ${posted.code}`);
    }
    return true;
  });
  if (!answered) return failure('alreadyAnswered');
  return resultOf(db, q, { choice: p.choice, correct, points: correct ? q.points : 0 }, locale, now);
}

/* ------------------------------------------------------------------ console */

function roundOut(r: data.RoundRow, missing: number): QuizRound {
  return {
    roundID: r.id,
    name: { ja: r.name_ja, en: r.name_en },
    startDate: r.start_date,
    endDate: r.end_date,
    points: r.points,
    questions: r.questions,
    daysWithoutQuestion: missing,
    updatedAt: Math.round(r.updated_ms),
  };
}

export async function listQuizRounds(ctx: ConsoleContext, q: { offset: number; perPage: number }) {
  const page = await data.roundPage(ctx.db, q.offset, q.perPage);
  const missing = await data.daysWithoutQuestion(
    ctx.db,
    page.map((r) => r.id),
  );
  return {
    rounds: page.map((r) => roundOut(r, missing.get(r.id) ?? 0)),
    total: page[0]?.total ?? (q.offset > 0 ? await data.countRounds(ctx.db) : 0),
  };
}

export async function saveQuizRound(
  ctx: ConsoleContext,
  input: QuizRoundInput,
): Promise<{ roundID: number } | BusinessFailure<'notFound' | 'endBeforeStart' | 'roundsOverlap' | 'questionsOutsideDates'>> {
  if (input.endDate < input.startDate) return failure('endBeforeStart');
  const now = ctx.now();
  const by = ctx.operator!.email;
  const write: data.RoundWrite = {
    nameJa: input.name.ja,
    nameEn: input.name.en ?? null,
    startDate: input.startDate,
    endDate: input.endDate,
    points: input.points,
  };
  const saved = await transaction(ctx.db, async (tx) => {
    await data.lockQuizWrites(tx);
    if (input.roundID !== undefined && !(await data.roundById(tx, input.roundID, true))) return failure('notFound');
    if ((await data.overlappingRound(tx, input.startDate, input.endDate, input.roundID ?? null)) !== null) return failure('roundsOverlap');
    if (input.roundID === undefined) return { roundID: await data.insertRound(tx, write, by, now) };
    if (await data.questionsOutside(tx, input.roundID, input.startDate, input.endDate)) return failure('questionsOutsideDates');
    await data.updateRound(tx, input.roundID, write, by, now);
    return { roundID: input.roundID };
  });
  if (saved instanceof BusinessFailure) return saved;
  ctx.note({
    targetType: 'quizRound',
    targetId: saved.roundID,
    summary: `${input.roundID ? 'edited' : 'created'} ${summaryOf(input.name.ja)} ${input.startDate}..${input.endDate} ${input.points}pt`,
  });
  return saved;
}

function questionOut(r: data.QuestionStatsRow): QuizQuestion {
  const counts = [r.c0, r.c1, r.c2, r.c3].slice(0, r.choices.length);
  return {
    questionID: r.id,
    roundID: r.round_id,
    day: r.day,
    genre: r.genre as QuizGenre,
    question: { ja: r.question_ja, en: r.question_en },
    choices: r.choices.map((c) => ({ ja: c.ja, en: c.en ?? null })),
    correctChoice: r.correct_choice,
    explanation: { ja: r.explanation_ja, en: r.explanation_en },
    articleID: r.article_id,
    answers: r.answers,
    correctAnswers: r.correct_answers,
    correctRate: r.answers === 0 ? null : r.correct_answers / r.answers,
    choiceCounts: counts,
  };
}

export async function getQuizRound(ctx: ConsoleContext, roundId: number) {
  const r = await data.roundById(ctx.db, roundId);
  if (!r) return failure('notFound');
  const [questions, missing] = await Promise.all([data.roundQuestions(ctx.db, roundId), data.daysWithoutQuestion(ctx.db, [roundId])]);
  return { round: roundOut(r, missing.get(roundId) ?? 0), questions: questions.map(questionOut) };
}

export async function saveQuizQuestion(
  ctx: ConsoleContext,
  input: QuizQuestionInput,
): Promise<
  { questionID: number } | BusinessFailure<'notFound' | 'dayTaken' | 'dayOutsideRound' | 'correctChoiceInvalid' | 'articleUnknown' | 'alreadyShown'>
> {
  if (input.correctChoice >= input.choices.length) return failure('correctChoiceInvalid');
  const now = ctx.now();
  const today = tokyoDay(now);
  const by = ctx.operator!.email;
  const articleId = input.articleID ?? null;
  if (articleId !== null && !(await data.publishedArticle(ctx.db, articleId, now))) return failure('articleUnknown');
  const write: data.QuestionWrite = {
    roundId: input.roundID,
    day: input.day,
    genre: input.genre,
    questionJa: input.question.ja,
    questionEn: input.question.en ?? null,
    choices: input.choices.map((c) => ({ ja: c.ja, en: c.en ?? null })),
    correctChoice: input.correctChoice,
    explanationJa: input.explanation.ja,
    explanationEn: input.explanation.en ?? null,
    articleId,
  };
  const saved = await transaction(ctx.db, async (tx) => {
    await data.lockQuizWrites(tx);
    const round = await data.roundById(tx, input.roundID);
    if (!round) return failure('notFound');
    if (input.questionID !== undefined) {
      const found = await data.questionById(tx, input.questionID, true);
      if (!found) return failure('notFound');
      // Once its day has come someone may have answered it: it no longer changes.
      if (found.day <= today) return failure('alreadyShown');
    }
    // A new question (or a move) onto a day that has come would be shown at once with answers possibly given: refused.
    if (input.day <= today) return failure('alreadyShown');
    if (input.day < round.start_date || input.day > round.end_date) return failure('dayOutsideRound');
    if ((await data.questionOnDay(tx, input.day, input.questionID ?? null)) !== null) return failure('dayTaken');
    if (input.questionID === undefined) return { questionID: await data.insertQuestion(tx, write, by, now) };
    await data.updateQuestion(tx, input.questionID, write, by, now);
    return { questionID: input.questionID };
  });
  if (saved instanceof BusinessFailure) return saved;
  ctx.note({
    targetType: 'quizQuestion',
    targetId: saved.questionID,
    summary: `${input.questionID ? 'edited' : 'created'} ${input.day} ${input.genre} ${summaryOf(input.question.ja)}`,
  });
  return saved;
}

export async function deleteQuizQuestion(ctx: ConsoleContext, questionId: number): Promise<{} | BusinessFailure<'notFound' | 'alreadyShown'>> {
  const today = tokyoDay(ctx.now());
  const done = await transaction(ctx.db, async (tx) => {
    await data.lockQuizWrites(tx);
    const found = await data.questionById(tx, questionId, true);
    if (!found) return failure('notFound');
    if (found.day <= today) return failure('alreadyShown');
    await data.deleteQuestion(tx, questionId);
    return found;
  });
  if (done instanceof BusinessFailure) return done;
  ctx.note({ targetType: 'quizQuestion', targetId: questionId, summary: `deleted ${done.day} ${summaryOf(done.question_ja)}` });
  return {};
}
