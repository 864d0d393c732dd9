import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

const NOW = new Date('2026-11-20T03:00:00Z');

describe('surveys', () => {
  let t: TestApp;
  let member: string;
  let other: string;
  let noContract: string;
  let ids: Record<string, number>;

  const answersOf = async (userEmail: string) => {
    const r = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM questionnaire_answers a JOIN users u ON u.id = a.user_id WHERE u.email = ${userEmail}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(r.rows[0]!.n);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => NOW });
    member = await t.login('member@example.com');
    other = await t.login('member20@example.com');
    noContract = await t.login('nocontract@example.com');
    const rows = (await t.database.db.execute(sql`SELECT id, title_en FROM questionnaires ORDER BY id`)) as unknown as {
      rows: { id: number; title_en: string }[];
    };
    const find = (part: string) => rows.rows.find((r) => r.title_en.includes(part))!.id;
    ids = {
      every: find('Daily health habits'),
      sleep: find('Sleep and rest'),
      contract: find('Health check follow-up'),
      tenant: find('office walking'),
      closed: find('Spring 2026'),
      upcoming: find('Year-end'),
    };
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists only running surveys the caller may see, newest first, with the answered flag', async () => {
    const guest = await t.call('getQuestionnaires', {});
    expect(guest.body.succeed).toBe(true);
    expect(guest.body.questionnaires.map((q: { id: number }) => q.id)).toEqual([ids.every!, ids.sleep!]);
    expect(guest.body.more).toBe(false);

    const mine = await t.call('getQuestionnaires', { locale: 'en' }, member);
    const list = mine.body.questionnaires as {
      id: number;
      answered: boolean;
      title: string;
      isGeneral: boolean;
      fromDateTime: number;
      toDateTime: number;
    }[];
    expect(list.map((q) => q.id)).toEqual([ids.every!, ids.tenant!, ids.contract!, ids.sleep!]);
    expect(list.find((q) => q.id === ids.sleep!)!.answered).toBe(true);
    expect(list.find((q) => q.id === ids.every!)!.answered).toBe(false);
    expect(list.find((q) => q.id === ids.tenant!)!.isGeneral).toBe(false);
    expect(list[0]!.title).toBe('Daily health habits survey 2026');
    expect(list[0]!.fromDateTime).toBeLessThan(NOW.getTime());

    const nc = await t.call('getQuestionnaires', {}, noContract);
    expect(nc.body.questionnaires.map((q: { id: number }) => q.id)).toEqual([ids.every!, ids.sleep!]);
  });

  it('pages with perPage and says more only when the page came back full', async () => {
    const first = await t.call('getQuestionnaires', { perPage: 2 }, member);
    expect(first.body.questionnaires).toHaveLength(2);
    expect(first.body.more).toBe(true);
    const second = await t.call('getQuestionnaires', { perPage: 2, offset: 2 }, member);
    expect(second.body.questionnaires.map((q: { id: number }) => q.id)).toEqual([ids.contract!, ids.sleep!]);
    const third = await t.call('getQuestionnaires', { perPage: 2, offset: 4 }, member);
    expect(third.body).toMatchObject({ questionnaires: [], more: false });
  });

  it('rejects absurd list payloads', async () => {
    expect((await t.callRaw('getQuestionnaires', { perPage: 51 })).status).toBe(400);
    expect((await t.callRaw('getQuestionnaires', { perPage: 0 })).status).toBe(400);
    expect((await t.callRaw('getQuestionnaires', { offset: -1 })).status).toBe(400);
    expect((await t.callRaw('getQuestionnaires', { offset: 'a' })).status).toBe(400);
    expect((await t.callRaw('getQuestionnaires', { sort: 'x' })).status).toBe(400);
  });

  it('gives guests the head only and members the body with sanitised HTML and line breaks', async () => {
    const guest = await t.call('getQuestionnaireById', { questionnaireID: ids.every! });
    expect(guest.body.questionnaire).toMatchObject({ id: ids.every!, answered: false, closed: false, body: [] });

    const full = await t.call('getQuestionnaireById', { questionnaireID: ids.every!, locale: 'en' }, member);
    const body = full.body.questionnaire.body as {
      type: string;
      question: string;
      questionnaireIndex: number | null;
      choiceImages: string[];
      images: unknown[];
    }[];
    expect(body.map((b) => b.type)).toEqual(['comment', 'select', 'checkbox', 'images', 'text', 'text']);
    expect(body[0]!.questionnaireIndex).toBeNull();
    expect(body[0]!.question).toContain('<br />');
    expect(body[0]!.images).toEqual([{ id: 1, url: '/media/surveys/walking.svg', alt: 'People walking in a park' }]);
    expect(body[3]!.choiceImages).toHaveLength(3);
    expect(body[5]!.question).toContain('<em>(optional)</em>');
    expect(body[5]!.question).not.toContain('script');

    const ja = await t.call('getQuestionnaireById', { questionnaireID: ids.every!, locale: 'ja' }, member);
    expect(ja.body.questionnaire.title).toBe('毎日の健康習慣アンケート 2026');

    const answered = await t.call('getQuestionnaireById', { questionnaireID: ids.sleep! }, member);
    expect(answered.body.questionnaire.answered).toBe(true);
  });

  it('answers notFound for unknown, upcoming and invisible surveys, and shows closed ones as closed', async () => {
    expect((await t.call('getQuestionnaireById', { questionnaireID: 999999 }, member)).body).toMatchObject({ succeed: false, errorCode: 'notFound' });
    expect((await t.call('getQuestionnaireById', { questionnaireID: ids.upcoming! }, member)).body.errorCode).toBe('notFound');
    expect((await t.call('getQuestionnaireById', { questionnaireID: ids.contract! }, noContract)).body.errorCode).toBe('notFound');
    expect((await t.call('getQuestionnaireById', { questionnaireID: ids.contract! })).body.errorCode).toBe('notFound');
    expect((await t.call('getQuestionnaireById', { questionnaireID: ids.tenant! }, noContract)).body.errorCode).toBe('notFound');
    expect((await t.call('getQuestionnaireById', { questionnaireID: ids.closed! }, member)).body.questionnaire.closed).toBe(true);
    expect((await t.callRaw('getQuestionnaireById', { questionnaireID: 0 })).status).toBe(400);
    expect((await t.callRaw('getQuestionnaireById', { questionnaireID: '1' })).status).toBe(400);
    expect((await t.callRaw('getQuestionnaireById', {})).status).toBe(400);
  });

  describe('answerQuestionnaire', () => {
    const good = () => [
      { questionnaireIndex: 1, answer: 2 },
      { questionnaireIndex: 2, answer: [0, 4] },
      { questionnaireIndex: 3, answer: 1 },
      { questionnaireIndex: 4, answer: 'Walk 8,000 steps a day' },
    ];
    const answer = (body: unknown, token = other, extra: Record<string, unknown> = {}) =>
      t.callRaw('answerQuestionnaire', { questionnaireID: ids.every!, isGeneral: true, body, ...extra }, token);

    it('needs a signed-in user', async () => {
      const r = await t.call('answerQuestionnaire', { questionnaireID: ids.every!, isGeneral: true, body: good() });
      expect(r.status).toBe(401);
    });

    it.each([
      ['an unknown question', () => [...good(), { questionnaireIndex: 99, answer: 'x' }], 'unknownQuestion'],
      ['the display-only comment position', () => [...good(), { questionnaireIndex: 0, answer: 'x' }], 'unknownQuestion'],
      ['a question answered twice', () => [...good(), { questionnaireIndex: 1, answer: 1 }], 'duplicateAnswer'],
      ['text for a select', () => good().map((a) => (a.questionnaireIndex === 1 ? { ...a, answer: 'two' } : a)), 'invalidAnswerType'],
      ['a number for a checkbox', () => good().map((a) => (a.questionnaireIndex === 2 ? { ...a, answer: 1 } : a)), 'invalidAnswerType'],
      ['a list for a text', () => good().map((a) => (a.questionnaireIndex === 4 ? { ...a, answer: [1] } : a)), 'invalidAnswerType'],
      ['a choice not offered (select)', () => good().map((a) => (a.questionnaireIndex === 1 ? { ...a, answer: 4 } : a)), 'invalidChoice'],
      ['a choice not offered (images)', () => good().map((a) => (a.questionnaireIndex === 3 ? { ...a, answer: 3 } : a)), 'invalidChoice'],
      ['a choice not offered (checkbox)', () => good().map((a) => (a.questionnaireIndex === 2 ? { ...a, answer: [0, 5] } : a)), 'invalidChoice'],
      ['the same checkbox twice', () => good().map((a) => (a.questionnaireIndex === 2 ? { ...a, answer: [1, 1] } : a)), 'invalidChoice'],
      ['a required question left out', () => good().filter((a) => a.questionnaireIndex !== 3), 'requiredMissing'],
      ['a required text left blank', () => good().map((a) => (a.questionnaireIndex === 4 ? { ...a, answer: '   ' } : a)), 'requiredMissing'],
      [
        'a required checkbox with nothing ticked',
        () => good().map((a) => (a.questionnaireIndex === 2 ? { ...a, answer: [] } : a)),
        'requiredMissing',
      ],
    ])('refuses %s and stores nothing', async (_name, body, code) => {
      const r = await answer(body());
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({ succeed: false, errorCode: code });
      expect(await answersOf('member20@example.com')).toBe(0);
    });

    it('names the missing required questions', async () => {
      const r = await answer([{ questionnaireIndex: 2, answer: [1] }]);
      expect(r.body).toMatchObject({ errorCode: 'requiredMissing', questionnaireIndexes: [1, 3, 4] });
    });

    it.each([
      ['an object answer', [{ questionnaireIndex: 1, answer: { a: 1 } }]],
      ['a fraction', [{ questionnaireIndex: 1, answer: 1.5 }]],
      ['a negative choice', [{ questionnaireIndex: 1, answer: -1 }]],
      ['a huge choice', [{ questionnaireIndex: 1, answer: 1e9 }]],
      ['an overlong text', [{ questionnaireIndex: 4, answer: 'x'.repeat(2001) }]],
      ['an unknown field', [{ questionnaireIndex: 1, answer: 1, extra: true }]],
      ['a null answer', [{ questionnaireIndex: 1, answer: null }]],
      ['a non-array body', 'everything'],
      ['too many items', Array.from({ length: 101 }, (_, i) => ({ questionnaireIndex: i, answer: 'x' }))],
    ])('answers 400 for %s', async (_name, body) => {
      const r = await answer(body);
      expect(r.status).toBe(400);
      expect(r.body.errorCode).toBe('validationError');
      expect(await answersOf('member20@example.com')).toBe(0);
    });

    it('refuses a wrong isGeneral, an unknown survey and other tenants’ surveys', async () => {
      expect((await answer(good(), other, { isGeneral: false })).body.errorCode).toBe('notFound');
      expect((await answer(good(), other, { questionnaireID: 999999 })).body.errorCode).toBe('notFound');
      const r = await t.call(
        'answerQuestionnaire',
        { questionnaireID: ids.tenant!, isGeneral: false, body: [{ questionnaireIndex: 1, answer: [0] }] },
        noContract,
      );
      expect(r.body.errorCode).toBe('notFound');
      expect(await answersOf('nocontract@example.com')).toBe(0);
    });

    it('answers a contract-only survey without a corporate contract exactly as an unknown id (issue 12, 19)', async () => {
      const r = await t.call(
        'answerQuestionnaire',
        { questionnaireID: ids.contract!, isGeneral: true, body: [{ questionnaireIndex: 1, answer: 0 }] },
        noContract,
      );
      const unknown = await t.call(
        'answerQuestionnaire',
        { questionnaireID: 999_999, isGeneral: true, body: [{ questionnaireIndex: 1, answer: 0 }] },
        noContract,
      );
      expect(r).toEqual(unknown);
      expect(r.body).toEqual({ succeed: false, errorCode: 'notFound' });
      expect(await answersOf('nocontract@example.com')).toBe(0);
    });

    it('refuses a finished survey as closed, and one not started yet as unknown (issue 12, 19)', async () => {
      const closed = await t.call(
        'answerQuestionnaire',
        { questionnaireID: ids.closed!, isGeneral: true, body: [{ questionnaireIndex: 1, answer: 0 }] },
        other,
      );
      expect(closed.body.errorCode).toBe('outsideAnswerPeriod');
      const upcoming = await t.call(
        'answerQuestionnaire',
        { questionnaireID: ids.upcoming!, isGeneral: true, body: [{ questionnaireIndex: 1, answer: 'x' }] },
        other,
      );
      expect(upcoming.body).toEqual({ succeed: false, errorCode: 'notFound' });
      expect(await answersOf('member20@example.com')).toBe(0);
    });

    it('stores one answer, then refuses a second and shows the survey as answered', async () => {
      const first = await answer([...good(), { questionnaireIndex: 5, answer: '  more events  ' }], other, { locale: 'en' });
      expect(first.body).toMatchObject({ succeed: true, questionnaireID: ids.every!, answeredAt: NOW.getTime() });
      const stored = (await t.database.db.execute(
        sql`SELECT a.body, a.locale FROM questionnaire_answers a JOIN users u ON u.id = a.user_id WHERE u.email = 'member20@example.com'`,
      )) as unknown as { rows: { body: unknown; locale: string }[] };
      expect(stored.rows[0]!.body).toEqual([...good(), { questionnaireIndex: 5, answer: 'more events' }]);
      expect(stored.rows[0]!.locale).toBe('en');

      const again = await answer(good());
      expect(again.body).toMatchObject({ succeed: false, errorCode: 'alreadyAnswered' });
      expect(await answersOf('member20@example.com')).toBe(1);

      const list = await t.call('getQuestionnaires', {}, other);
      expect(list.body.questionnaires.find((q: { id: number }) => q.id === ids.every!)!.answered).toBe(true);
    });

    it('refuses the survey member@example.com already answered', async () => {
      const r = await t.call(
        'answerQuestionnaire',
        {
          questionnaireID: ids.sleep!,
          isGeneral: true,
          body: [
            { questionnaireIndex: 1, answer: 0 },
            { questionnaireIndex: 2, answer: 0 },
          ],
        },
        member,
      );
      expect(r.body.errorCode).toBe('alreadyAnswered');
      expect(await answersOf('member@example.com')).toBe(1);
    });

    it('keeps one answer when two submissions race', async () => {
      const token = await t.login('member21@example.com');
      const body = {
        questionnaireID: ids.sleep!,
        isGeneral: true,
        body: [
          { questionnaireIndex: 1, answer: 0 },
          { questionnaireIndex: 2, answer: 0 },
        ],
      };
      const results = await Promise.all([
        t.call('answerQuestionnaire', body, token),
        t.call('answerQuestionnaire', body, token),
        t.call('answerQuestionnaire', body, token),
      ]);
      expect(results.filter((r) => r.body.succeed)).toHaveLength(1);
      expect(results.filter((r) => r.body.errorCode === 'alreadyAnswered')).toHaveLength(2);
      expect(await answersOf('member21@example.com')).toBe(1);
    });
  });
});
