import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { QuizQuestionFormValues } from '@hibi/contract/console/points';
import { tokyoDayStart } from '@hibi/contract/time';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { createArticle, createMember, createTenant, type MemberFixture } from '../../../test/fixtures.ts';
import { rows } from '../../db/query.ts';

/**
 * The daily quiz through the real entries (issue 58, docs/requirements/points.md#points-quiz): rounds and questions by
 * the office (roles, rules, bad input that writes nothing), one answer per member and day, a right answer's points,
 * and the office's counts that never say who answered what.
 */
const at = (day: string, hour = 12) => new Date(tokyoDayStart(day) + hour * 3_600_000);
let clock = at('2027-01-10');
const now = () => clock;
async function move(to: Date) {
  clock = to;
  await t.database.db.execute(
    sql`UPDATE operator_sessions SET created_at = least(created_at, ${to.toISOString()}::timestamptz), last_used_at = ${to.toISOString()}::timestamptz,
          expires_at = ${to.toISOString()}::timestamptz + interval '1 day'`,
  );
  await t.database.db.execute(
    sql`UPDATE sessions SET expires_at = ${to.toISOString()}::timestamptz + interval '30 days', last_used_at = ${to.toISOString()}::timestamptz`,
  );
}
let t: TestApp;
const tok = {} as Record<'owner' | 'editor' | 'support' | 'company', string>;
const members: MemberFixture[] = [];
let articleId = 0;
let roundID = 0;
let todayQuestion = 0;
let laterQuestion = 0;

beforeAll(async () => {
  // The demo seed runs at 2027-01-10 (its own round then); this suite's round is months later.
  t = await createTestApp({ now });
  await move(at('2027-05-20'));
  tok.owner = await t.operatorToken('owner@example.com');
  tok.editor = await t.operatorToken('editor@example.com');
  tok.support = await t.operatorToken('support@example.com');
  tok.company = await t.operatorToken('hr@example.com');
  const db = t.database.db;
  const tenant = await createTenant(db);
  for (let i = 0; i < 4; i++) members.push(await createMember(db, { tenantId: tenant, now: clock }));
  articleId = await createArticle(db, { titleJa: '睡眠の話', titleEn: 'About sleep' });
}, 180_000);
afterAll(async () => t?.close());

const db = () => t.database.db;
const count = async (table: string) => Number((await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n);
const entries = async (userId: number) =>
  rows<{ amount: number; reason: string; idempotency_key: string; params: Record<string, unknown> }>(
    db(),
    sql`SELECT amount, reason, idempotency_key, params FROM point_entries WHERE user_id = ${userId} ORDER BY id`,
  );

const question = (over: Partial<QuizQuestionFormValues> = {}): QuizQuestionFormValues => ({
  roundID,
  day: '2027-06-10',
  genre: 'sleep',
  question: { ja: '大人に勧められる睡眠時間は？', en: 'How long should an adult sleep?' },
  choices: [
    { ja: '4時間', en: '4 hours' },
    { ja: '7時間前後', en: 'About 7 hours' },
    { ja: '12時間', en: '12 hours' },
  ],
  correctChoice: 1,
  explanation: { ja: '6〜8時間が目安です。', en: 'Six to eight hours.' },
  articleID: articleId,
  ...over,
});

describe('the office writes rounds and questions', () => {
  it('saves a round; refuses an end before the start and an overlap; company operators and support cannot write', async () => {
    const round = { name: { ja: '夏の健康クイズ', en: 'Summer health quiz' }, startDate: '2027-06-01', endDate: '2027-06-30', points: 10 };
    expect((await t.consoleCall('saveQuizRound', { ...round, endDate: '2027-05-31' }, { token: tok.editor })).body.errorCode).toBe('endBeforeStart');
    expect((await t.consoleCall('saveQuizRound', round, { token: tok.support })).status).toBe(403);
    expect((await t.consoleCall('saveQuizRound', round, { token: tok.company })).status).toBe(403);
    const saved = await t.consoleCall('saveQuizRound', round, { token: tok.editor });
    expect(saved.body.succeed, JSON.stringify(saved.body)).toBe(true);
    roundID = saved.body.roundID;
    const overlap = await t.consoleCall('saveQuizRound', { ...round, startDate: '2027-06-30', endDate: '2027-07-10' }, { token: tok.owner });
    expect(overlap.body.errorCode).toBe('roundsOverlap');
    expect(await count('quiz_rounds')).toBeGreaterThanOrEqual(1);
  });

  it('saves questions; refuses a taken day, a day outside the round, a bad right choice, an unknown article', async () => {
    const first = await t.consoleCall('saveQuizQuestion', question(), { token: tok.editor });
    expect(first.body.succeed, JSON.stringify(first.body)).toBe(true);
    todayQuestion = first.body.questionID;
    const second = await t.consoleCall('saveQuizQuestion', question({ day: '2027-06-11', genre: 'nutrition', articleID: null }), {
      token: tok.owner,
    });
    expect(second.body.succeed).toBe(true);
    laterQuestion = second.body.questionID;
    const before = await count('quiz_questions');
    expect((await t.consoleCall('saveQuizQuestion', question(), { token: tok.editor })).body.errorCode).toBe('dayTaken');
    expect((await t.consoleCall('saveQuizQuestion', question({ day: '2027-07-05' }), { token: tok.editor })).body.errorCode).toBe('dayOutsideRound');
    expect((await t.consoleCall('saveQuizQuestion', question({ day: '2027-06-12', correctChoice: 3 }), { token: tok.editor })).body.errorCode).toBe(
      'correctChoiceInvalid',
    );
    expect((await t.consoleCall('saveQuizQuestion', question({ day: '2027-06-12', articleID: 999_999 }), { token: tok.editor })).body.errorCode).toBe(
      'articleUnknown',
    );
    expect((await t.consoleCall('saveQuizQuestion', question({ day: '2027-06-12' }), { token: tok.support })).status).toBe(403);
    expect((await t.consoleCall('saveQuizQuestion', question({ day: '2027-06-12' }), { token: tok.company })).status).toBe(403);
    // Bad input: a NUL in a text, a right choice of 7, one choice: 400 and nothing written.
    const nul = await t.consoleRaw('saveQuizQuestion', question({ day: '2027-06-12', question: { ja: 'a\u0000b' } }), { token: tok.editor });
    expect(nul.status).toBe(400);
    expect((await t.consoleRaw('saveQuizQuestion', question({ day: '2027-06-12', correctChoice: 7 }), { token: tok.editor })).status).toBe(400);
    expect((await t.consoleRaw('saveQuizQuestion', question({ day: '2027-06-12', choices: [{ ja: 'ひとつ' }] }), { token: tok.editor })).status).toBe(
      400,
    );
    expect(await count('quiz_questions')).toBe(before);
  });

  it('keeps a round around its questions; deletes a question before its day', async () => {
    const shrink = await t.consoleCall(
      'saveQuizRound',
      { roundID, name: { ja: '夏の健康クイズ' }, startDate: '2027-06-01', endDate: '2027-06-10', points: 10 },
      { token: tok.editor },
    );
    expect(shrink.body.errorCode).toBe('questionsOutsideDates');
    const extra = await t.consoleCall('saveQuizQuestion', question({ day: '2027-06-20', genre: 'mental' }), { token: tok.editor });
    expect((await t.consoleCall('deleteQuizQuestion', { questionID: extra.body.questionID }, { token: tok.editor })).body.succeed).toBe(true);
    expect((await t.consoleCall('deleteQuizQuestion', { questionID: extra.body.questionID }, { token: tok.editor })).body.errorCode).toBe('notFound');
    const list = await t.consoleCall('listQuizRounds', {}, { token: tok.support });
    const mine = list.body.rounds.find((r) => r.roundID === roundID)!;
    expect(mine).toMatchObject({ questions: 2, daysWithoutQuestion: 28, points: 10 });
  });
});

describe('members answer today’s question once', () => {
  it('shows today’s question in the caller’s language, without an answer', async () => {
    await move(at('2027-06-10', 8));
    const en = await t.call('getTodayQuiz', { locale: 'en' }, members[0]!.token);
    expect(en.body.quiz).toMatchObject({
      questionID: todayQuestion,
      day: '2027-06-10',
      roundName: 'Summer health quiz',
      genre: 'sleep',
      question: 'How long should an adult sleep?',
      choices: ['4 hours', 'About 7 hours', '12 hours'],
      points: 10,
      answer: null,
    });
    const ja = await t.call('getTodayQuiz', {}, members[1]!.token);
    expect(ja.body.quiz?.question).toBe('大人に勧められる睡眠時間は？');
  });

  it('refuses bad input, another day’s question and a choice the question does not have, writing nothing', async () => {
    const token = members[0]!.token;
    const seven = await t.callRaw('answerQuiz', { questionID: todayQuestion, choice: 7 }, token);
    expect(seven.status).toBe(400);
    expect(seven.body.errorCode).toBe('validationError');
    expect((await t.call('answerQuiz', { questionID: todayQuestion, choice: 3 }, token)).body.errorCode).toBe('choiceInvalid');
    expect((await t.call('answerQuiz', { questionID: laterQuestion, choice: 1 }, token)).body.errorCode).toBe('notFound');
    expect((await t.call('answerQuiz', { questionID: 999_999, choice: 1 }, token)).body.errorCode).toBe('notFound');
    const [answers] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM quiz_answers WHERE question_id = ${todayQuestion}`);
    expect(answers!.n).toBe(0);
    expect(await entries(members[0]!.id)).toEqual([]);
  });

  it('a right answer earns the round’s points at once; a second answer changes nothing', async () => {
    const m = members[0]!;
    const right = await t.call('answerQuiz', { questionID: todayQuestion, choice: 1, locale: 'en' }, m.token);
    expect(right.body).toMatchObject({
      succeed: true,
      choice: 1,
      correct: true,
      correctChoice: 1,
      explanation: 'Six to eight hours.',
      article: { id: articleId, title: 'About sleep' },
      points: 10,
    });
    expect(await entries(m.id)).toEqual([
      { amount: 10, reason: 'quiz', idempotency_key: `quiz:${todayQuestion}:${m.id}`, params: { questionID: todayQuestion, day: '2027-06-10' } },
    ]);
    const again = await t.call('answerQuiz', { questionID: todayQuestion, choice: 0 }, m.token);
    expect(again.body.errorCode).toBe('alreadyAnswered');
    expect((await entries(m.id)).length).toBe(1);
    const shown = await t.call('getTodayQuiz', {}, m.token);
    expect(shown.body.quiz?.answer).toMatchObject({ choice: 1, correct: true, correctChoice: 1, points: 10, article: { id: articleId } });
  });

  it('a wrong answer earns nothing and shows the right choice', async () => {
    const m = members[1]!;
    const wrong = await t.call('answerQuiz', { questionID: todayQuestion, choice: 2 }, m.token);
    expect(wrong.body).toMatchObject({ succeed: true, choice: 2, correct: false, correctChoice: 1, points: 0, explanation: '6〜8時間が目安です。' });
    expect(await entries(m.id)).toEqual([]);
  });

  it('two answers at once: one is recorded and paid, the other is alreadyAnswered', async () => {
    const m = members[2]!;
    const both = await Promise.all([
      t.call('answerQuiz', { questionID: todayQuestion, choice: 1 }, m.token),
      t.call('answerQuiz', { questionID: todayQuestion, choice: 1 }, m.token),
    ]);
    expect(both.map((b) => b.body.succeed).sort()).toEqual([false, true]);
    expect(both.find((b) => !b.body.succeed)!.body.errorCode).toBe('alreadyAnswered');
    expect((await entries(m.id)).length).toBe(1);
    const [row] = await rows<{ n: number }>(db(), sql`SELECT count(*)::int AS n FROM quiz_answers WHERE user_id = ${m.id}`);
    expect(row!.n).toBe(1);
  });

  it('a question whose day has come no longer changes; tomorrow’s is not answerable today', async () => {
    expect((await t.consoleCall('saveQuizQuestion', question({ questionID: todayQuestion }), { token: tok.editor })).body.errorCode).toBe(
      'alreadyShown',
    );
    expect((await t.consoleCall('deleteQuizQuestion', { questionID: todayQuestion }, { token: tok.editor })).body.errorCode).toBe('alreadyShown');
    // A new question for today would be shown at once.
    expect((await t.consoleCall('saveQuizQuestion', question({ day: '2027-06-10' }), { token: tok.editor })).body.errorCode).toBe('alreadyShown');
  });

  it('the office sees counts per question and choice, never who answered', async () => {
    const res = await t.consoleCall('getQuizRound', { roundID }, { token: tok.support });
    expect(res.body.succeed).toBe(true);
    const q = res.body.questions.find((x) => x.questionID === todayQuestion)!;
    expect(q).toMatchObject({ answers: 3, correctAnswers: 2, choiceCounts: [0, 2, 1] });
    expect(q.correctRate).toBeCloseTo(2 / 3);
    const later = res.body.questions.find((x) => x.questionID === laterQuestion)!;
    expect(later).toMatchObject({ answers: 0, correctAnswers: 0, correctRate: null, choiceCounts: [0, 0, 0] });
    const text = JSON.stringify(res.body);
    for (const m of members) expect(text).not.toContain(m.email);
    expect((await t.consoleCall('getQuizRound', { roundID }, { token: tok.company })).status).toBe(403);
    expect((await t.consoleCall('getQuizRound', { roundID: 999_999 }, { token: tok.editor })).body.errorCode).toBe('notFound');
  });

  it('the next day shows the next question; a day without one shows none', async () => {
    await move(at('2027-06-11', 0.5));
    const next = await t.call('getTodayQuiz', {}, members[0]!.token);
    expect(next.body.quiz).toMatchObject({ questionID: laterQuestion, genre: 'nutrition', answer: null });
    await move(at('2027-06-12'));
    expect((await t.call('getTodayQuiz', {}, members[0]!.token)).body.quiz).toBeNull();
  });
});
