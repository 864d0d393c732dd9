import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SurveyFormValues } from '@hibi/contract/console/surveys';
import { rows } from '../../src/db/query.ts';
import { namedCompanies } from '../../src/domains/surveys/authoring.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { createMember, createTenant, type MemberFixture } from '../fixtures.ts';

/**
 * Issue 16, item 2: surveys written from the console land in the surveys domain's tables the member calls read;
 * drafts and other tenants' surveys stay hidden; answers are counted per question and exported as CSV; a survey with
 * answers keeps its structure. A clock of the test's own.
 */
const DAY = 24 * 60 * 60_000;
let clock = Date.parse('2026-11-21T03:00:00Z');
const now = () => new Date(clock);
let t: TestApp;
let editor = '';
let support = '';
let tenantA = 0;
let tenantB = 0;
let memberA: MemberFixture;
let memberA2: MemberFixture;
let memberB: MemberFixture;

beforeAll(async () => {
  t = await createTestApp({ now });
  editor = await t.operatorToken('editor@example.com');
  support = await t.operatorToken('support@example.com');
  tenantA = await createTenant(t.database.db);
  tenantB = await createTenant(t.database.db);
  memberA = await createMember(t.database.db, { tenantId: tenantA, now: now() });
  memberA2 = await createMember(t.database.db, { tenantId: tenantA, now: now() });
  memberB = await createMember(t.database.db, { tenantId: tenantB, now: now() });
});
afterAll(async () => {
  await t?.close();
});

const count = async (table: string) => (await rows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;
const snapshot = async () => ({
  surveys: await count('questionnaires'),
  items: await count('questionnaire_items'),
  targets: await count('questionnaire_tenants'),
  answers: await count('questionnaire_answers'),
});

const survey = (over: Partial<SurveyFormValues> = {}): SurveyFormValues => ({
  title: { ja: 'コンソールのアンケート', en: 'A console survey' },
  isGeneral: true,
  tenantIds: [],
  contractOnly: false,
  fromDateTime: clock - DAY,
  toDateTime: clock + 7 * DAY,
  draft: false,
  items: [
    { type: 'comment', question: { ja: 'ご協力ください。\n<b>よろしく</b>', en: 'Please help.' } },
    {
      type: 'select',
      question: { ja: '満足度は？', en: 'Satisfied?' },
      required: true,
      choices: [
        { ja: 'はい', en: 'Yes' },
        { ja: 'いいえ', en: 'No' },
      ],
    },
    {
      type: 'checkbox',
      question: { ja: '好きな運動', en: 'Favourite exercise' },
      choices: [{ ja: '歩く' }, { ja: '走る' }, { ja: '泳ぐ' }],
    },
    {
      type: 'images',
      question: { ja: 'どの景色？' },
      choices: [{ ja: '山' }, { ja: '海' }],
      choiceImages: ['/media/surveys/a.svg', '/media/surveys/b.svg'],
      images: [{ url: '/media/surveys/head.svg', alt: { ja: '見出しの絵' } }],
    },
    { type: 'text', question: { ja: 'ご意見', en: 'Comments' } },
  ],
  ...over,
});

const memberSees = async (m: MemberFixture, id: number) => {
  const list = (await t.call('getQuestionnaires', { offset: 0, perPage: 50 }, m.token)).body;
  const detail = (await t.call('getQuestionnaireById', { questionnaireID: id }, m.token)).body;
  return { listed: list.succeed && list.questionnaires.some((q) => q.id === id), detail: detail.succeed };
};

const answer = (m: MemberFixture, id: number, isGeneral: boolean, body: { questionnaireIndex: number; answer: string | number | number[] }[]) =>
  t.call('answerQuestionnaire', { questionnaireID: id, isGeneral, body }, m.token);

describe('saving surveys', () => {
  it('a draft is stored with every question type and is absent for members until published', async () => {
    const saved = await t.consoleCall('saveSurvey', survey({ draft: true }), { token: editor });
    expect(saved.body).toMatchObject({ succeed: true, state: 'draft' });
    const id = saved.body.succeed ? saved.body.id : 0;
    expect(await memberSees(memberA, id)).toEqual({ listed: false, detail: false });
    expect((await answer(memberA, id, true, [{ questionnaireIndex: 1, answer: 0 }])).body).toMatchObject({ succeed: false, errorCode: 'notFound' });

    const read = (await t.consoleCall('getSurvey', { id }, { token: editor })).body;
    if (!read.succeed) throw new Error('getSurvey failed');
    expect(read.survey.items.map((i) => [i.type, i.questionnaireIndex, i.required])).toEqual([
      ['comment', null, false],
      ['select', 1, true],
      ['checkbox', 2, false],
      ['images', 3, false],
      ['text', 4, false],
    ]);
    // Plain text round-trips; the member page gets it escaped, with line breaks.
    expect(read.survey.items[0]!.question).toEqual({ ja: 'ご協力ください。\n<b>よろしく</b>', en: 'Please help.' });
    expect(read.survey.items[2]!.choices).toEqual([
      { ja: '歩く', en: null },
      { ja: '走る', en: null },
      { ja: '泳ぐ', en: null },
    ]);

    expect((await t.consoleCall('saveSurvey', { ...survey(), id }, { token: editor })).body).toMatchObject({ succeed: true, state: 'running' });
    expect(await memberSees(memberA, id)).toEqual({ listed: true, detail: true });
    const detail = (await t.call('getQuestionnaireById', { questionnaireID: id }, memberA.token)).body;
    if (!detail.succeed) throw new Error('detail failed');
    expect(detail.questionnaire.body[0]!.question).toBe('ご協力ください。<br />&lt;b&gt;よろしく&lt;/b&gt;');
    expect(detail.questionnaire.body[3]!.choiceImages).toEqual(['/media/surveys/a.svg', '/media/surveys/b.svg']);
  });

  it('targets tenants: only their members see and answer it; an unknown tenant changes nothing', async () => {
    const saved = await t.consoleCall('saveSurvey', survey({ isGeneral: false, tenantIds: [tenantA] }), { token: editor });
    const id = saved.body.succeed ? saved.body.id : 0;
    expect(await memberSees(memberA, id)).toEqual({ listed: true, detail: true });
    expect(await memberSees(memberB, id)).toEqual({ listed: false, detail: false });
    expect((await answer(memberB, id, false, [{ questionnaireIndex: 1, answer: 0 }])).body.errorCode).toBe('notFound');

    // Both tenants, then an unknown one.
    expect(
      (await t.consoleCall('saveSurvey', { ...survey({ isGeneral: false, tenantIds: [tenantA, tenantB] }), id }, { token: editor })).body.succeed,
    ).toBe(true);
    expect(await memberSees(memberB, id)).toEqual({ listed: true, detail: true });
    const before = await snapshot();
    const unknown = await t.consoleCall('saveSurvey', { ...survey({ isGeneral: false, tenantIds: [tenantA, 999_999] }), id }, { token: editor });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ succeed: false, errorCode: 'unknownTenant', tenantIds: [999_999] });
    const fresh = await t.consoleCall('saveSurvey', survey({ isGeneral: false, tenantIds: [999_999] }), { token: editor });
    expect(fresh.body).toMatchObject({ succeed: false, errorCode: 'unknownTenant' });
    expect(await snapshot()).toEqual(before);
    expect((await t.consoleCall('getSurvey', { id }, { token: editor })).body).toMatchObject({
      survey: { tenantIds: [tenantA, tenantB].sort((a, b) => a - b) },
    });
  });

  it('bad input answers 400 and changes nothing', async () => {
    const before = await snapshot();
    const base = survey();
    const select = base.items![1]!;
    const bad: unknown[] = [
      { ...base, toDateTime: base.fromDateTime },
      { ...base, toDateTime: base.fromDateTime - 1 },
      { ...base, title: { ja: '' } },
      { ...base, title: { ja: 'a\u0000b' } },
      { ...base, title: { ja: '\u202eevil' } },
      { ...base, title: { ja: '\ud800' } },
      { ...base, isGeneral: false, tenantIds: [] },
      { ...base, tenantIds: [-1] },
      { ...base, tenantIds: [1.5] },
      { ...base, fromDateTime: -5 },
      { ...base, fromDateTime: 1e300 },
      { ...base, fromDateTime: 'tomorrow' },
      { ...base, items: [] },
      { ...base, items: [{ type: 'comment', question: { ja: 'コメントだけ' } }] },
      { ...base, items: [{ ...select, choices: [{ ja: '一つだけ' }] }] },
      { ...base, items: [{ ...select, choices: [{ ja: 'はい' }, { ja: '' }] }] },
      { ...base, items: [{ type: 'text', question: { ja: '自由記述' }, choices: [{ ja: 'a' }, { ja: 'b' }] }] },
      { ...base, items: [{ type: 'images', question: { ja: '画像' }, choices: [{ ja: 'a' }, { ja: 'b' }], choiceImages: ['/media/a.svg'] }] },
      {
        ...base,
        items: [{ type: 'images', question: { ja: '画像' }, choices: [{ ja: 'a' }, { ja: 'b' }], choiceImages: ['javascript:alert(1)', '/a'] }],
      },
      { ...base, items: [{ type: 'slider', question: { ja: '数値' } }] },
      { ...base, items: [{ ...select, question: { ja: '' } }] },
      { ...base, items: Array.from({ length: 101 }, () => select) },
      { ...base, id: 0 },
      { ...base, id: 2 ** 40 },
      { ...base, unknownField: true },
    ];
    for (const payload of bad) {
      const res = await t.consoleRaw('saveSurvey', payload, { token: editor });
      expect(res.status, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.body.errorCode).toBe('validationError');
    }
    const windowRes = await t.consoleRaw('saveSurvey', { ...base, toDateTime: base.fromDateTime - 1 }, { token: editor });
    expect(windowRes.body.validationErrorMessage).toEqual(expect.arrayContaining([expect.stringContaining('終了日時')]));
    const missing = await t.consoleCall('saveSurvey', { ...base, id: 2_000_000 }, { token: editor });
    expect(missing.body).toMatchObject({ succeed: false, errorCode: 'notFound' });
    expect(await snapshot()).toEqual(before);
  });

  it('support reads but cannot save; the list is paged in SQL, searched and filtered by state', async () => {
    expect((await t.consoleRaw('saveSurvey', survey(), { token: support })).status).toBe(403);
    const future = await t.consoleCall(
      'saveSurvey',
      survey({ title: { ja: '来月のさがしもの調査' }, fromDateTime: clock + 30 * DAY, toDateTime: clock + 40 * DAY }),
      {
        token: editor,
      },
    );
    const futureId = future.body.succeed ? future.body.id : 0;
    expect(future.body).toMatchObject({ state: 'scheduled' });
    const found = (await t.consoleCall('listSurveys', { query: 'さがしもの' }, { token: support })).body;
    expect(found).toMatchObject({ succeed: true, total: 1, surveys: [{ id: futureId, state: 'scheduled', answerCount: 0 }] });
    const scheduled = (await t.consoleCall('listSurveys', { state: 'scheduled', perPage: 100 }, { token: editor })).body;
    if (!scheduled.succeed) throw new Error('list failed');
    expect(scheduled.surveys.every((s) => s.state === 'scheduled')).toBe(true);
    const page1 = (await t.consoleCall('listSurveys', { perPage: 2 }, { token: editor })).body;
    const page2 = (await t.consoleCall('listSurveys', { perPage: 2, offset: 2 }, { token: editor })).body;
    if (!page1.succeed || !page2.succeed) throw new Error('list failed');
    expect(page1.surveys).toHaveLength(2);
    expect(page1.total).toBe(page2.total);
    expect(page1.surveys.map((s) => s.id)).not.toContain(page2.surveys[0]?.id);
    const past = (await t.consoleCall('listSurveys', { offset: 100_000 }, { token: editor })).body;
    expect(past).toMatchObject({ surveys: [], total: page1.total });
    // The wildcard characters of LIKE are searched as text.
    expect((await t.consoleCall('listSurveys', { query: '%' }, { token: editor })).body).toMatchObject({ total: 0 });
  });
});

describe('answers, results and the export', () => {
  let id = 0;
  beforeAll(async () => {
    const saved = await t.consoleCall('saveSurvey', survey({ title: { ja: '結果のアンケート', en: 'Results survey' } }), { token: editor });
    id = saved.body.succeed ? saved.body.id : 0;
    expect(
      (
        await answer(memberA, id, true, [
          { questionnaireIndex: 1, answer: 0 },
          { questionnaireIndex: 2, answer: [0, 2] },
          { questionnaireIndex: 4, answer: '=SUM(A1) 最高,です' },
        ])
      ).body.succeed,
    ).toBe(true);
    clock += 1000;
    expect(
      (
        await answer(memberA2, id, true, [
          { questionnaireIndex: 1, answer: 1 },
          { questionnaireIndex: 2, answer: [2] },
          { questionnaireIndex: 3, answer: 1 },
          { questionnaireIndex: 4, answer: '改行\nあり' },
        ])
      ).body.succeed,
    ).toBe(true);
    clock += 1000;
    expect((await answer(memberB, id, true, [{ questionnaireIndex: 1, answer: 0 }])).body.succeed).toBe(true);
  });

  it('counts per question and per choice', async () => {
    const results = (await t.consoleCall('getSurveyResults', { id }, { token: editor })).body;
    if (!results.succeed) throw new Error('results failed');
    expect(results.respondents).toBe(3);
    const byIndex = new Map(results.questions.map((q) => [q.questionnaireIndex, q]));
    expect(byIndex.get(1)).toMatchObject({ type: 'select', answered: 3, choices: [{ count: 2 }, { count: 1 }] });
    expect(byIndex.get(2)).toMatchObject({ type: 'checkbox', answered: 2, choices: [{ count: 1 }, { count: 0 }, { count: 2 }] });
    expect(byIndex.get(3)).toMatchObject({ type: 'images', answered: 1, choices: [{ count: 0, imageUrl: '/media/surveys/a.svg' }, { count: 1 }] });
    expect(byIndex.get(4)).toMatchObject({ type: 'text', answered: 2, choices: [] });
    expect((await t.consoleRaw('getSurveyResults', { id }, { token: support })).status).toBe(403);
    expect((await t.consoleCall('getSurveyResults', { id: 2_000_000 }, { token: editor })).body).toMatchObject({
      succeed: false,
      errorCode: 'notFound',
    });
  });

  it('free-text answers come newest first, a page at a time', async () => {
    const first = (await t.consoleCall('listSurveyTextAnswers', { id, questionnaireIndex: 4, limit: 1 }, { token: editor })).body;
    if (!first.succeed) throw new Error('text answers failed');
    expect(first.answers.map((a) => a.text)).toEqual(['改行\nあり']);
    // The cursor is sealed: it names no account (issue 30, finding 6).
    expect(first.nextCursor).toMatch(/^v1\./);
    for (const m of [memberA, memberA2, memberB]) expect(first.nextCursor).not.toContain(`:${m.id}`);
    const second = (
      await t.consoleCall('listSurveyTextAnswers', { id, questionnaireIndex: 4, limit: 1, cursor: first.nextCursor! }, { token: editor })
    ).body;
    if (!second.succeed) throw new Error('text answers failed');
    expect(second.answers.map((a) => a.text)).toEqual(['=SUM(A1) 最高,です']);
    const third = (
      await t.consoleCall('listSurveyTextAnswers', { id, questionnaireIndex: 4, limit: 1, cursor: second.nextCursor! }, { token: editor })
    ).body;
    expect(third).toMatchObject({ succeed: true, answers: [], nextCursor: null });
    expect((await t.consoleRaw('listSurveyTextAnswers', { id, questionnaireIndex: 4, cursor: 'x; DROP' }, { token: editor })).status).toBe(400);
  });

  it('exports a CSV with a BOM, a header and one row per respondent', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/console/exportSurveyAnswers',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${editor}` },
      payload: JSON.stringify({ id }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const text = res.body;
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe('企業 (company),"回答日時 (answered at, JST)",言語 (language),Q1 満足度は？,Q2 好きな運動,Q3 どの景色？,Q4 ご意見');
    // Anonymous (issue 30, finding 6): no account id, and no company of fewer than 5 respondents.
    expect(text).not.toMatch(/account id/);
    for (const row of lines.slice(1).filter((l) => /^[^\s"]/.test(l))) expect(row.startsWith('5名未満 (fewer than 5),')).toBe(true);
    expect(text).toContain(`"'=SUM(A1) 最高,です"`);
    expect(text).toContain('歩く / 泳ぐ');
    expect(text).toContain('"改行\nあり"');
    // One header and three respondents (one answer holds a line break inside quotes).
    expect(text.slice(1).match(/\r\n/g)).toHaveLength(4);
    const audit = await rows<{ action: string; target_id: string }>(
      t.database.db,
      sql`SELECT action, target_id FROM audit_log WHERE action = 'exportSurveyAnswers' ORDER BY id DESC LIMIT 1`,
    );
    expect(audit[0]).toEqual({ action: 'exportSurveyAnswers', target_id: String(id) });
    expect((await t.consoleRaw('exportSurveyAnswers', { id }, { token: support })).status).toBe(403);
  });

  it('with answers, texts and the window change; structure is refused and nothing changes; a duplicate starts anew', async () => {
    const base = survey({ title: { ja: '結果のアンケート（改）', en: 'Results survey' } });
    const items = base.items!.map((i) => ({ ...i }));
    items[1] = { ...items[1]!, question: { ja: '満足度はいかがですか？' }, choices: [{ ja: 'とても満足' }, { ja: '不満' }] };
    const texts = await t.consoleCall('saveSurvey', { ...base, id, items, toDateTime: clock + 30 * DAY }, { token: editor });
    expect(texts.body).toMatchObject({ succeed: true, state: 'running' });
    const read = (await t.consoleCall('getSurvey', { id }, { token: editor })).body;
    if (!read.succeed) throw new Error('get failed');
    expect(read.survey.items[1]!.choices.map((c) => c.ja)).toEqual(['とても満足', '不満']);
    expect(read.survey.answerCount).toBe(3);

    const before = await snapshot();
    const structural: Partial<SurveyFormValues>[] = [
      { items: items.slice(0, 3) },
      { items: [...items, { type: 'text', question: { ja: '追加' } }] },
      { items: items.map((i, n) => (n === 1 ? { ...i, required: false } : i)) },
      { items: items.map((i, n) => (n === 2 ? { ...i, choices: [...i.choices!, { ja: '踊る' }] } : i)) },
      { items: items.map((i, n) => (n === 4 ? { ...i, type: 'select' as const, choices: [{ ja: 'a' }, { ja: 'b' }] } : i)) },
      { isGeneral: false, tenantIds: [tenantA] },
      { contractOnly: true },
    ];
    for (const over of structural) {
      const res = await t.consoleCall('saveSurvey', { ...base, id, items, ...over }, { token: editor });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ succeed: false, errorCode: 'surveyHasAnswers', answerCount: 3 });
    }
    expect((await t.consoleCall('deleteSurvey', { id }, { token: editor })).body).toMatchObject({ succeed: false, errorCode: 'surveyHasAnswers' });
    expect(await snapshot()).toEqual(before);

    const copy = await t.consoleCall('duplicateSurvey', { id }, { token: editor });
    const copyId = copy.body.succeed ? copy.body.id : 0;
    const copied = (await t.consoleCall('getSurvey', { id: copyId }, { token: editor })).body;
    expect(copied).toMatchObject({ survey: { draft: true, state: 'draft', answerCount: 0, title: { ja: '結果のアンケート（改）（コピー）' } } });
    expect((await t.consoleCall('saveSurvey', { ...base, id: copyId, items: items.slice(0, 3) }, { token: editor })).body.succeed).toBe(true);
    expect((await t.consoleCall('deleteSurvey', { id: copyId }, { token: editor })).body.succeed).toBe(true);
    expect((await t.consoleCall('getSurvey', { id: copyId }, { token: editor })).body).toMatchObject({ succeed: false, errorCode: 'notFound' });
  });

  it('every write is audited', async () => {
    const audit = await rows<{ action: string }>(t.database.db, sql`SELECT DISTINCT action FROM audit_log WHERE target_type = 'survey'`);
    expect(audit.map((a) => a.action).sort()).toEqual(['deleteSurvey', 'duplicateSurvey', 'exportSurveyAnswers', 'saveSurvey']);
  });
});

describe('anonymous survey exports (issue 30, finding 6)', () => {
  it('names a company only where at least 5 respondents share it, and hides the smallest other when one could subtract', async () => {
    const saved = await t.consoleCall('saveSurvey', survey({ title: { ja: '匿名のアンケート', en: 'Anonymous survey' } }), { token: editor });
    const id = saved.body.succeed ? saved.body.id : 0;
    const sizes = { five: 5, six: 6, two: 2 };
    const names: Record<string, string> = {};
    const respondents: MemberFixture[] = [];
    for (const [group, n] of Object.entries(sizes)) {
      const tenantId = await createTenant(t.database.db);
      names[group] = (await rows<{ name_ja: string }>(t.database.db, sql`SELECT name_ja FROM tenants WHERE id = ${tenantId}`))[0]!.name_ja;
      for (let i = 0; i < n; i++) {
        const m = await createMember(t.database.db, { tenantId, now: now() });
        respondents.push(m);
        expect((await answer(m, id, true, [{ questionnaireIndex: 1, answer: i % 2 }])).body.succeed).toBe(true);
      }
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/console/exportSurveyAnswers',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${editor}` },
      payload: JSON.stringify({ id }),
    });
    const rowsOut = res.body.slice(1).trimEnd().split('\r\n').slice(1);
    expect(rowsOut).toHaveLength(13);
    const companies = rowsOut.map((r) => r.split(',')[0]);
    // Only the 6 are named: the 2 fall under the floor, and then the 5 (the smallest other) too.
    expect(companies.filter((c) => c === names.six)).toHaveLength(6);
    expect(companies.filter((c) => c === '5名未満 (fewer than 5)')).toHaveLength(7);
    expect(res.body).not.toContain(names.five!);
    expect(res.body).not.toContain(names.two!);
    for (const m of respondents) expect(rowsOut.some((r) => r.split(',').includes(String(m.id)))).toBe(false);
  });

  it('the floor rule itself', () => {
    const named = (groups: [number | null, number][]) => [...namedCompanies(groups.map(([tenant_id, n]) => ({ tenant_id, n })))].sort();
    expect(named([[1, 5]])).toEqual([1]);
    expect(named([[1, 4]])).toEqual([]);
    expect(
      named([
        [1, 5],
        [2, 4],
      ]),
    ).toEqual([]);
    expect(
      named([
        [1, 5],
        [2, 9],
        [3, 4],
        [4, 1],
      ]),
    ).toEqual([1, 2]);
    expect(
      named([
        [1, 7],
        [2, 9],
        [3, 4],
      ]),
    ).toEqual([2]);
    expect(
      named([
        [null, 3],
        [1, 5],
      ]),
    ).toEqual([1]);
  });
});
