import { useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { QuizQuestion, QuizRound } from '@hibi/contract/console/points';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ConsoleApiError } from '../../../lib/api.ts';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { useMe } from '../../../lib/me.ts';
import { canEditContent } from '../../../lib/roles.ts';
import { localized } from '../../../lib/localized.ts';
import { useDeleteQuizQuestion, useQuizRound } from '../api/quiz.ts';
import { pointsErrorTexts } from '../components/errors.ts';
import { PointsTabs } from '../components/PointsTabs.tsx';
import { QuestionEditor } from '../components/QuestionEditor.tsx';
import { formatCount, parseID, percent, tokyoDay } from '../components/values.ts';
import '../points.css';

/**
 * /points/quiz/:id (docs/requirements/points.md#points-quiz): a round's settings and its questions by day, each with its
 * genre, the right answer, the right-answer rate (a percentage and a bar, the figures in text too), the answers and the
 * answers per choice (counts only, never who answered what). Owners and editors add questions and edit or delete one
 * before its day (alreadyShown from its day on); support reads.
 */
export default function QuizRoundPage() {
  const { t } = useTranslation('consolePoints');
  const { id } = useParams();
  const roundID = parseID(id);
  const query = useQuizRound(roundID);
  if (roundID === null) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  const notFound = query.error instanceof ConsoleApiError && query.error.errorCode === 'notFound';
  return (
    <div className="console-page">
      <PointsTabs />
      <p>
        <Link to="/points/quiz">{t('quiz.back')}</Link>
      </p>
      {notFound ? (
        <p className="form-error">{t('errors.notFound')}</p>
      ) : (
        <QueryState query={query} error={t('quiz.roundLoadError')}>
          {query.data && <Round round={query.data.round} questions={query.data.questions} />}
        </QueryState>
      )}
    </div>
  );
}

function Round({ round, questions }: { round: QuizRound; questions: QuizQuestion[] }) {
  const { t } = useTranslation('consolePoints');
  const canEdit = canEditContent(useMe()?.operator.role);
  const [editing, setEditing] = useState<QuizQuestion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QuizQuestion | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteQuizQuestion(round.roundID);
  const addButton = useRef<HTMLButtonElement>(null);
  const today = tokyoDay(Date.now());
  const sorted = [...questions].sort((a, b) => a.day.localeCompare(b.day));
  const defaultDay = today < round.startDate ? round.startDate : today;

  const done = (text: string) => {
    setEditing(null);
    if (text) setStatus({ text, error: false });
    addButton.current?.focus();
  };

  const confirmDelete = () => {
    if (!deleting) return;
    const day = deleting.day;
    setError(null);
    setStatus(null);
    remove.mutate(deleting.questionID, {
      onSuccess: (answer) => {
        if (!answer.succeed) setError(failureText(answer, pointsErrorTexts(t)));
        else setStatus({ text: t('quiz.questionDeleted', { day }), error: false });
      },
      onError: (thrown) => setError(callErrorText(thrown, pointsErrorTexts(t))),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <>
      <div className="console-page__head">
        <h1>{localized(round.name)}</h1>
        {canEdit && (
          <Link className="button button--outline" to={`/points/quiz/${round.roundID}/edit`}>
            {t('quiz.editRound')}
          </Link>
        )}
      </div>
      <dl className="console-facts">
        <dt>{t('quiz.dates')}</dt>
        <dd>{t('quiz.range', { from: round.startDate, to: round.endDate })}</dd>
        <dt>{t('quiz.points')}</dt>
        <dd>{formatCount(round.points)}</dd>
        <dt>{t('quiz.questions')}</dt>
        <dd>{formatCount(round.questions)}</dd>
        <dt>{t('quiz.daysWithoutQuestion')}</dt>
        <dd>{round.daysWithoutQuestion === 0 ? t('quiz.allDaysSet') : formatCount(round.daysWithoutQuestion)}</dd>
      </dl>
      <div className="console-page__head">
        <h2>{t('quiz.questionsTitle')}</h2>
        {canEdit && (
          <button
            ref={addButton}
            type="button"
            className="button button--primary"
            onClick={() => {
              setStatus(null);
              setEditing('new');
            }}
          >
            {t('quiz.addQuestion')}
          </button>
        )}
      </div>
      <FormError>{error}</FormError>
      <StatusMessage message={status} />
      {canEdit && editing !== null && (
        <QuestionEditor
          key={editing === 'new' ? 'new' : editing.questionID}
          roundID={round.roundID}
          item={editing === 'new' ? null : editing}
          defaultDay={defaultDay}
          onDone={done}
        />
      )}
      {sorted.length === 0 ? (
        <p className="empty-state">{t('quiz.noQuestions')}</p>
      ) : (
        sorted.map((question) => (
          <QuestionCard
            key={question.questionID}
            question={question}
            canChange={canEdit && question.day > today}
            onEdit={() => {
              setStatus(null);
              setEditing(question);
            }}
            onDelete={() => setDeleting(question)}
          />
        ))
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('quiz.deleteTitle', { day: deleting?.day ?? '' })}
        confirmLabel={t('quiz.delete')}
        cancelLabel={t('editor.cancel')}
        tone="danger"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      >
        <p>{t('quiz.deleteText')}</p>
      </ConfirmDialog>
    </>
  );
}

function QuestionCard({
  question,
  canChange,
  onEdit,
  onDelete,
}: {
  question: QuizQuestion;
  canChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('consolePoints');
  const rate = question.correctRate;
  return (
    <article className="points-question" aria-labelledby={`points-q-${question.questionID}`}>
      <h3 id={`points-q-${question.questionID}`}>{t('quiz.questionHeading', { day: question.day, genre: t(`genres.${question.genre}`) })}</h3>
      <p>{localized(question.question)}</p>
      <div className="points-rate">
        <span>{t('quiz.rate')}</span>
        {rate === null ? (
          <span>{t('quiz.noAnswers')}</span>
        ) : (
          <>
            <span className="points-rate__bar" aria-hidden="true">
              <span className="points-rate__fill" style={{ display: 'block', width: `${percent(rate)}%` }} />
            </span>
            <span>
              {t('quiz.rateValue', { percent: percent(rate), correct: formatCount(question.correctAnswers), answers: formatCount(question.answers) })}
            </span>
          </>
        )}
      </div>
      <table className="console-table">
        <caption className="visually-hidden">{t('quiz.choiceCounts', { day: question.day })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('quiz.choice')}</th>
            <th scope="col">{t('quiz.answers')}</th>
          </tr>
        </thead>
        <tbody>
          {question.choices.map((choice, index) => (
            <tr key={index}>
              <th scope="row">
                {localized(choice)}
                {index === question.correctChoice && <strong> {t('quiz.correctMark')}</strong>}
              </th>
              <td>{formatCount(question.choiceCounts[index] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {question.articleID !== null && <p className="console-muted">{t('quiz.linksArticle', { id: question.articleID })}</p>}
      {canChange && (
        <div className="console-actions">
          <button
            type="button"
            className="button button--outline button--small"
            onClick={onEdit}
            aria-label={t('quiz.editNamed', { day: question.day })}
          >
            {t('quiz.edit')}
          </button>
          <button
            type="button"
            className="button button--danger button--small"
            onClick={onDelete}
            aria-label={t('quiz.deleteNamed', { day: question.day })}
          >
            {t('quiz.delete')}
          </button>
        </div>
      )}
    </article>
  );
}
