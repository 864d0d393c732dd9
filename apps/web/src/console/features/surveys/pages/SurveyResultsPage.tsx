import '../surveys.css';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { currentLocale } from '../../../../lib/i18n.ts';
import { callErrorText } from '../../../lib/forms.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { exportSurveyAnswers, useSurveyResults, useTextAnswers } from '../api/surveys.ts';
import { ChoiceChart } from '../components/ChoiceChart.tsx';
import { localized } from '../components/SurveyStateBadge.tsx';

/** /surveys/:id/results: respondents, per question the answered count, choice counts as a chart and a table, free texts paged; the CSV. */
export default function SurveyResultsPage() {
  const { t } = useTranslation('consoleSurveys');
  const { id: param } = useParams();
  const id = Number(param);
  const valid = Number.isInteger(id) && id > 0;
  const results = useSurveyResults(valid ? id : 0);
  const [status, setStatus] = useState<StatusText | null>(null);
  const [exporting, setExporting] = useState(false);
  const locale = currentLocale();

  if (!valid) return <p className="console-page form-error">{t('errors.notFound')}</p>;

  async function download() {
    setExporting(true);
    setStatus(null);
    try {
      const name = await exportSurveyAnswers(id);
      setStatus({ text: t('results.exported', { name }), error: false });
    } catch (error) {
      setStatus({ text: callErrorText(error), error: true });
    } finally {
      setExporting(false);
    }
  }

  const data = results.data;
  return (
    <div className="console-page">
      <QueryState query={results} error={t('results.loadError')}>
        {data && (
          <>
            <div className="console-page__head">
              <h1>{t('results.title', { title: localized(data.title, locale) })}</h1>
              <div className="console-page__actions">
                <Link className="button button--outline" to={`/surveys/${id}`}>
                  {t('results.toEditor')}
                </Link>
                <button
                  type="button"
                  className="button button--primary"
                  onClick={() => void download()}
                  disabled={exporting}
                  aria-busy={exporting || undefined}
                >
                  {t('results.export')}
                </button>
              </div>
            </div>
            <StatusMessage message={status} />
            <p className="survey-results__total">{t('results.respondents', { count: data.respondents })}</p>
            {data.respondents === 0 && <p className="console-empty">{t('results.none')}</p>}
            <ol className="survey-results">
              {data.questions.map((q, n) => {
                const question = localized(q.question, locale);
                return (
                  <li key={q.questionnaireIndex} className="survey-results__question">
                    <h2>
                      {t('results.questionHeading', { number: n + 1 })} <span className="survey-results__text">{question}</span>
                    </h2>
                    <p className="console-muted">
                      {t(`types.${q.type}`)} · {t('results.answered', { count: q.answered, total: data.respondents })}
                      {q.required ? ` · ${t('builder.required')}` : ''}
                    </p>
                    {q.type === 'text' ? (
                      <TextAnswers id={id} questionnaireIndex={q.questionnaireIndex} answered={q.answered} />
                    ) : (
                      <ChoiceChart
                        caption={t('results.tableCaption', { number: n + 1 })}
                        bars={q.choices.map((c) => ({ label: localized(c.label, locale), count: c.count }))}
                        base={q.answered}
                      />
                    )}
                  </li>
                );
              })}
            </ol>
          </>
        )}
      </QueryState>
    </div>
  );
}

function TextAnswers({ id, questionnaireIndex, answered }: { id: number; questionnaireIndex: number; answered: number }) {
  const { t } = useTranslation('consoleSurveys');
  const texts = useTextAnswers(id, questionnaireIndex);
  if (answered === 0) return <p className="console-muted">{t('results.noTexts')}</p>;
  const answers = texts.data?.pages.flatMap((p) => p.answers) ?? [];
  return (
    <QueryState query={texts} error={t('results.loadError')}>
      <ul className="survey-texts">
        {answers.map((a, n) => (
          <li key={n} className="survey-texts__item">
            <p className="survey-texts__body">{a.text}</p>
            <time className="console-muted" dateTime={new Date(a.answeredAt).toISOString()}>
              {formatDateTime(a.answeredAt)}
            </time>
          </li>
        ))}
      </ul>
      {texts.hasNextPage && (
        <button
          type="button"
          className="button button--outline button--small"
          onClick={() => void texts.fetchNextPage()}
          disabled={texts.isFetchingNextPage}
          aria-busy={texts.isFetchingNextPage || undefined}
        >
          {t('results.more')}
        </button>
      )}
    </QueryState>
  );
}
