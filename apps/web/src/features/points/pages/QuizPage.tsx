import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useViewer } from '../../../lib/viewer.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { answerQuiz } from '../api/answer-quiz.ts';
import { useTodayQuiz, type TodayQuiz } from '../api/get-today-quiz.ts';
import { pointsKeys } from '../api/keys.ts';
import { PointsNav } from '../components/PointsNav.tsx';
import { QuizForm } from '../components/QuizForm.tsx';
import { QuizResult } from '../components/QuizResult.tsx';
import '../points.css';

/** The refusals of answerQuiz that have a message of their own (points.json quiz.errors.*). */
const KNOWN_ERRORS = new Set(['alreadyAnswered', 'notFound', 'choiceInvalid']);

/**
 * /quiz: today's question of the running round (docs/requirements/points.md#points-quiz): its genre, round and points,
 * the choices and the answer; once answered (now or earlier), whether it was right, the right choice, the explanation
 * and the points earned. No question today: says so.
 */
export default function QuizPage() {
  const { t } = useTranslation('points');
  const query = useTodayQuiz();
  return (
    <div className="container page page--narrow points-page">
      <h1 className="page-title">{t('quiz.title')}</h1>
      <PointsNav />
      <p className="points-lead">{t('quiz.lead')}</p>
      <QueryState query={query} isEmpty={query.data === null} empty={t('quiz.none')} error={t('quiz.loadFailed')}>
        {query.data && <QuizView quiz={query.data} />}
      </QueryState>
    </div>
  );
}

function QuizView({ quiz }: { quiz: TodayQuiz }) {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  const client = useQueryClient();
  const viewer = useViewer();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [answeredNow, setAnsweredNow] = useState(false);

  async function answer(choice: number) {
    setBusy(true);
    setError(null);
    try {
      const result = await answerQuiz({ questionID: quiz.questionID, choice });
      if (result.succeed) {
        const { succeed: _, ...answer } = result;
        client.setQueryData(pointsKeys.quiz(viewer), { ...quiz, answer });
        setAnsweredNow(true);
        // The balance, the ledger and the quiz mission changed.
        void client.invalidateQueries({ queryKey: pointsKeys.all, predicate: (q) => q.queryKey[1] !== 'quiz' });
      } else {
        setError(t(`quiz.errors.${KNOWN_ERRORS.has(result.errorCode) ? result.errorCode : 'failed'}`));
        // Answered before (another tab or device): the answer given is read again and shown.
        if (result.errorCode === 'alreadyAnswered') void client.invalidateQueries({ queryKey: pointsKeys.quiz(viewer) });
      }
    } catch {
      setError(t('quiz.errors.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="quiz card">
      <dl className="quiz__facts">
        <div>
          <dt>{t('quiz.genreLabel')}</dt>
          <dd>
            <span className={`points-badge quiz-genre quiz-genre--${quiz.genre}`}>{t(`quiz.genre.${quiz.genre}`)}</span>
          </dd>
        </div>
        <div>
          <dt>{t('quiz.round')}</dt>
          <dd>{quiz.roundName}</dd>
        </div>
      </dl>
      <p className="quiz__points">{t('quiz.pointsForRight', { count: quiz.points, n: formatNumber(quiz.points, locale) })}</p>
      {quiz.answer ? (
        <>
          <p className="quiz__question">{quiz.question}</p>
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <QuizResult choices={quiz.choices} result={quiz.answer} focus={answeredNow} />
        </>
      ) : (
        <QuizForm question={quiz.question} choices={quiz.choices} busy={busy} error={error} onAnswer={(choice) => void answer(choice)} />
      )}
    </div>
  );
}
