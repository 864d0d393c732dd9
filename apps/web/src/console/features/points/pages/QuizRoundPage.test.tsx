import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMe } from '../../../lib/me.ts';
import { meAs, questionOf, roundOf } from '../test-fixtures.ts';
import QuizRoundPage from './QuizRoundPage.tsx';
import QuizRoundsPage from './QuizRoundsPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const api = vi.hoisted(() => ({ call: vi.fn(), callOrThrow: vi.fn() }));
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  consoleCall: api.call,
  consoleCallOrThrow: api.callOrThrow,
}));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));

const me = vi.mocked(useMe);

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/points/quiz', element: <QuizRoundsPage /> },
      { path: '/points/quiz/:id', element: <QuizRoundPage /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const exactly = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
const byLabel = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'editor.save' })));
/** A day to come (questions before it may change) and one gone by. */
const FUTURE = '2099-04-02';
const PAST = '2020-04-01';

afterEach(() => {
  api.call.mockReset();
  api.callOrThrow.mockReset();
});

// docs/requirements/points.md#points-quiz
describe('the quiz rounds', () => {
  it('lists rounds with dates, points, questions and days without a question; support gets no New round', async () => {
    me.mockReturnValue(meAs('support'));
    api.callOrThrow.mockResolvedValue({ succeed: true, rounds: [roundOf(), roundOf({ roundID: 6, daysWithoutQuestion: 0 })], total: 2 });
    renderAt('/points/quiz');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('link', { name: '春の健康クイズ' })[0]!.getAttribute('href')).toBe('/points/quiz/5');
    expect(within(table).getByText('28')).toBeTruthy();
    expect(within(table).getByText('quiz.allDaysSet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'quiz.new' })).toBeNull();
    expect(api.callOrThrow).toHaveBeenCalledWith('listQuizRounds', { offset: 0, perPage: 20 });
  });

  it('says when there are no rounds', async () => {
    me.mockReturnValue(meAs('editor'));
    api.callOrThrow.mockResolvedValue({ succeed: true, rounds: [], total: 0 });
    renderAt('/points/quiz');
    expect(await screen.findByText('quiz.empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'quiz.new' }).getAttribute('href')).toBe('/points/quiz/new');
  });
});

describe("a quiz round's page", () => {
  it('shows each question by day with its right-answer rate in words and a bar, and the answers per choice', async () => {
    me.mockReturnValue(meAs('editor'));
    api.callOrThrow.mockResolvedValue({
      succeed: true,
      round: roundOf(),
      questions: [
        questionOf({ day: FUTURE }),
        questionOf({ questionID: 22, day: PAST, correctRate: null, answers: 0, correctAnswers: 0, choiceCounts: [0, 0, 0] }),
      ],
    });
    renderAt('/points/quiz/5');
    const answered = await screen.findByRole('article', { name: `quiz.questionHeading:{"day":"${FUTURE}","genre":"genres.sleep"}` });
    expect(within(answered).getByText('quiz.rateValue:{"percent":75,"correct":"150","answers":"200"}')).toBeTruthy();
    const counts = within(answered).getByRole('table');
    expect(within(counts).getByRole('rowheader', { name: /7時間以上/ }).textContent).toContain('quiz.correctMark');
    expect(within(counts).getByText('150')).toBeTruthy();
    // A day to come may change; a day gone by may not (alreadyShown), and has no answers yet here.
    expect(within(answered).getByRole('button', { name: `quiz.deleteNamed:{"day":"${FUTURE}"}` })).toBeTruthy();
    const shown = screen.getByRole('article', { name: `quiz.questionHeading:{"day":"${PAST}","genre":"genres.sleep"}` });
    expect(within(shown).getByText('quiz.noAnswers')).toBeTruthy();
    expect(within(shown).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'quiz.addQuestion' })).toBeTruthy();
  });

  it('support reads: no add, edit or delete', async () => {
    me.mockReturnValue(meAs('support'));
    api.callOrThrow.mockResolvedValue({ succeed: true, round: roundOf(), questions: [questionOf({ day: FUTURE })] });
    renderAt('/points/quiz/5');
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: 'quiz.addQuestion' })).toBeNull();
    expect(screen.queryByRole('button', { name: /quiz\.(edit|delete)Named/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'quiz.editRound' })).toBeNull();
  });

  it('deletes a question after asking; alreadyShown is said in words', async () => {
    me.mockReturnValue(meAs('owner'));
    api.callOrThrow.mockResolvedValue({ succeed: true, round: roundOf(), questions: [questionOf({ day: FUTURE })] });
    api.call.mockResolvedValue({ succeed: false, errorCode: 'alreadyShown' });
    renderAt('/points/quiz/5');
    fireEvent.click(await screen.findByRole('button', { name: `quiz.deleteNamed:{"day":"${FUTURE}"}` }));
    const dialog = await screen.findByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'quiz.delete' })));
    expect(api.call).toHaveBeenCalledWith('deleteQuizQuestion', { questionID: 21 });
    expect((await screen.findByRole('alert')).textContent).toBe('errors.alreadyShown');
  });

  it('the question editor: choices added and removed, the right one by radio, dayTaken at the day', async () => {
    me.mockReturnValue(meAs('editor'));
    api.callOrThrow.mockResolvedValue({ succeed: true, round: roundOf({ startDate: '2099-04-01', endDate: '2099-04-30' }), questions: [] });
    renderAt('/points/quiz/5');
    expect(await screen.findByText('quiz.noQuestions')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'quiz.addQuestion' }));
    // Nothing filled in: the contract's messages on the fields, nothing sent.
    await save();
    expect(byLabel(/"label":"quiz\.question","language":"editor\.languages\.ja"/).getAttribute('aria-invalid')).toBe('true');
    expect(byLabel(/"label":"quiz\.choiceN:\{\\"n\\":1\}","language":"editor\.languages\.ja"/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('日本語の入力は必須です').length).toBeGreaterThan(0);
    expect(api.call).not.toHaveBeenCalled();

    fireEvent.change(byLabel(/"label":"quiz\.question","language":"editor\.languages\.ja"/), { target: { value: '問題' } });
    fireEvent.change(byLabel(/"label":"quiz\.explanation","language":"editor\.languages\.ja"/), { target: { value: '解説' } });
    fireEvent.click(screen.getByRole('button', { name: 'quiz.addChoice' }));
    for (const n of [1, 2, 3])
      fireEvent.change(byLabel(new RegExp(`"label":"quiz\\.choiceN:\\{\\\\"n\\\\":${n}\\}","language":"editor\\.languages\\.ja"`)), {
        target: { value: `選択${n}` },
      });
    fireEvent.click(screen.getByRole('radio', { name: 'quiz.correctIs:{"n":3}' }));
    fireEvent.click(screen.getByRole('button', { name: 'quiz.removeChoice:{"n":1}' }));
    fireEvent.change(screen.getByLabelText(exactly('quiz.articleID')), { target: { value: '12' } });
    api.call.mockResolvedValueOnce({ succeed: false, errorCode: 'dayTaken' });
    await save();
    expect(api.call).toHaveBeenCalledWith('saveQuizQuestion', {
      roundID: 5,
      day: '2099-04-01',
      genre: 'exercise',
      question: { ja: '問題', en: null },
      choices: [
        { ja: '選択2', en: null },
        { ja: '選択3', en: null },
      ],
      // The right answer followed its choice when the first was removed.
      correctChoice: 1,
      explanation: { ja: '解説', en: null },
      articleID: 12,
    });
    expect((await screen.findAllByText('errors.dayTaken')).length).toBe(2);
    expect(screen.getByLabelText(exactly('quiz.day')).getAttribute('aria-invalid')).toBe('true');
  });
});
