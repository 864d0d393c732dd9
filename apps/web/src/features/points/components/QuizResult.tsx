import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { QuizAnswerResult } from '@hibi/contract/functions/points';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';

/**
 * The answer's result (docs/requirements/points.md#points-quiz): right or wrong, every choice with the right one and the
 * member's marked, the explanation, the library article it links, and the points earned. `focus`: the result just came
 * in, so the focus moves to it (a keyboard or screen reader user hears it at once).
 */
export function QuizResult({ choices, result, focus = false }: { choices: readonly string[]; result: QuizAnswerResult; focus?: boolean }) {
  const { t } = useTranslation('points');
  const locale = currentLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <section className={`quiz-result quiz-result--${result.correct ? 'right' : 'wrong'}`} aria-labelledby="quiz-result-title">
      <h2 className="quiz-result__title" id="quiz-result-title" ref={heading} tabIndex={-1}>
        <span aria-hidden="true">{result.correct ? '\u25cb ' : '\u00d7 '}</span>
        {t(result.correct ? 'quiz.right' : 'quiz.wrong')}
      </h2>
      <ol className="quiz-result__choices">
        {choices.map((choice, i) => {
          const right = i === result.correctChoice;
          const mine = i === result.choice;
          return (
            <li key={i} className={`quiz-choice${right ? ' quiz-choice--right' : ''}${mine && !right ? ' quiz-choice--mine' : ''}`}>
              <span className="quiz-choice__text">{choice}</span>
              {right && <span className="points-badge points-badge--done">{t('quiz.rightChoice')}</span>}
              {mine && <span className="points-badge">{t('quiz.yourChoice')}</span>}
            </li>
          );
        })}
      </ol>
      <p className="quiz-result__points">
        {result.points > 0 ? t('quiz.earned', { count: result.points, n: formatNumber(result.points, locale) }) : t('quiz.noPoints')}
      </p>
      <h3 className="quiz-result__subtitle">{t('quiz.explanation')}</h3>
      <p className="quiz-result__explanation">{result.explanation}</p>
      {result.article && (
        <p className="quiz-result__article">
          <Link to={`/library/${result.article.id}`}>{t('quiz.article', { title: result.article.title })}</Link>
        </p>
      )}
      <p className="quiz-result__tomorrow">{t('quiz.tomorrow')}</p>
    </section>
  );
}
