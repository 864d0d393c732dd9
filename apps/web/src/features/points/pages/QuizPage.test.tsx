import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { QuizAnswerResult } from '@hibi/contract/functions/points';
import { renderWithProviders } from '../../../test/render.tsx';
import { call, callOrThrow } from '../../../lib/api.ts';
import type { TodayQuiz } from '../api/get-today-quiz.ts';
import QuizPage from './QuizPage.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  call: vi.fn(),
  callOrThrow: vi.fn(),
}));
vi.mock('../../../lib/viewer.ts', () => ({ useViewer: () => ['en', 1] }));
vi.mock('../../../lib/i18n.ts', () => ({ currentLocale: () => 'en' }));

const read = vi.mocked(callOrThrow) as unknown as ReturnType<typeof vi.fn>;
const write = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

const quiz = (over: Partial<TodayQuiz> = {}): TodayQuiz => ({
  questionID: 41,
  day: '2026-12-02',
  roundName: 'Winter round',
  genre: 'sleep',
  question: 'How long should adults sleep?',
  choices: ['4 hours', '7 to 9 hours', '12 hours'],
  points: 10,
  answer: null,
  ...over,
});

const result = (over: Partial<QuizAnswerResult> = {}): QuizAnswerResult => ({
  choice: 1,
  correct: true,
  correctChoice: 1,
  explanation: 'Most adults need 7 to 9 hours.',
  article: { id: 77, title: 'Sleep well' },
  points: 10,
  ...over,
});

// docs/requirements/points.md#points-quiz
describe('QuizPage', () => {
  beforeEach(() => {
    read.mockReset();
    write.mockReset();
  });

  it('says so when there is no quiz today', async () => {
    read.mockResolvedValue({ succeed: true, quiz: null });
    renderWithProviders(<QuizPage />, { path: '/quiz' });
    expect(await screen.findByText('quiz.none')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows the question with its genre, round and points; asks for a choice first; a right answer shows the result', async () => {
    read.mockResolvedValue({ succeed: true, quiz: quiz() });
    write.mockResolvedValue({ succeed: true, ...result() });
    renderWithProviders(<QuizPage />, { path: '/quiz' });
    const group = await screen.findByRole('group', { name: 'How long should adults sleep?' });
    expect(screen.getByText('quiz.genre.sleep')).toBeTruthy();
    expect(screen.getByText('Winter round')).toBeTruthy();
    expect(screen.getByText('quiz.pointsForRight:{"count":10,"n":"10"}')).toBeTruthy();
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'quiz.submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('quiz.chooseFirst');
    expect(write).not.toHaveBeenCalled();

    fireEvent.click(within(group).getByRole('radio', { name: '7 to 9 hours' }));
    fireEvent.click(screen.getByRole('button', { name: 'quiz.submit' }));
    const heading = await screen.findByRole('heading', { name: /quiz\.right/ });
    expect(write).toHaveBeenCalledWith('answerQuiz', { questionID: 41, choice: 1 });
    expect(document.activeElement).toBe(heading);
    const shown = screen.getByRole('region', { name: /quiz\.right/ });
    expect(shown.querySelector('.quiz-choice--right')!.textContent).toContain('7 to 9 hours');
    expect(shown.textContent).toContain('quiz.earned:{"count":10,"n":"10"}');
    expect(shown.textContent).toContain('Most adults need 7 to 9 hours.');
    expect(screen.getByRole('link', { name: 'quiz.article:{"title":"Sleep well"}' }).getAttribute('href')).toBe('/library/77');
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('an answer given before shows its result at once: wrong, the right choice marked, no points', async () => {
    read.mockResolvedValue({ succeed: true, quiz: quiz({ answer: result({ choice: 0, correct: false, points: 0, article: null }) }) });
    renderWithProviders(<QuizPage />, { path: '/quiz' });
    const region = await screen.findByRole('region', { name: /quiz\.wrong/ });
    const items = within(region).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('quiz.yourChoice');
    expect(items[0]!.className).toContain('quiz-choice--mine');
    expect(items[1]!.textContent).toContain('quiz.rightChoice');
    expect(region.textContent).toContain('quiz.noPoints');
    expect(screen.queryByRole('link', { name: /quiz\.article/ })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it.each(['alreadyAnswered', 'notFound', 'choiceInvalid'])('a refusal %s has its own message', async (code) => {
    read.mockResolvedValue({ succeed: true, quiz: quiz() });
    write.mockResolvedValue({ succeed: false, errorCode: code });
    renderWithProviders(<QuizPage />, { path: '/quiz' });
    fireEvent.click(await screen.findByRole('radio', { name: '4 hours' }));
    fireEvent.click(screen.getByRole('button', { name: 'quiz.submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(`quiz.errors.${code}`);
  });

  it('a failed call says so and keeps the form', async () => {
    read.mockResolvedValue({ succeed: true, quiz: quiz() });
    write.mockRejectedValue(new Error('network'));
    renderWithProviders(<QuizPage />, { path: '/quiz' });
    fireEvent.click(await screen.findByRole('radio', { name: '4 hours' }));
    fireEvent.click(screen.getByRole('button', { name: 'quiz.submit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('quiz.errors.failed');
    expect(screen.getAllByRole('radio')).toHaveLength(3);
  });
});
