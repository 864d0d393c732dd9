import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useSession } from '../../../lib/session.ts';
import { usePageMeta } from '../../../lib/meta.ts';
import { useNotFound } from '../../../lib/notFound.ts';
import { NotFound } from '../../../components/NotFound.tsx';
import { formatDate } from '../../../lib/format.ts';
import { LoginRequired } from '../../../components/LoginRequired.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { isSurveyId, useSurvey } from '../api/get-survey.ts';
import { SurveyForm } from '../components/SurveyForm.tsx';
import '../surveys.css';

/** One survey: the login block for guests, the answered (or closed) notice, or the form. A failed load goes to /notFound. */
export default function SurveyPage() {
  const { t } = useTranslation('surveys');
  const { id } = useParams();
  const signedIn = useSession() !== null;
  const surveyId = /^\d{1,10}$/.test(id ?? '') ? Number(id) : NaN;
  const query = useSurvey(surveyId);
  const survey = query.data?.questionnaire;
  usePageMeta(survey ? { title: survey.title } : null);

  const failed = !isSurveyId(surveyId) || query.isError;
  useNotFound(failed);

  if (failed) return <NotFound />;
  if (!survey) return <Spinner />;
  return (
    <div className="container page page--narrow survey-page">
      <h1 className="page-title">{survey.title}</h1>
      <p className="survey-page__period">{t('detail.period', { from: formatDate(survey.fromDateTime), to: formatDate(survey.toDateTime) })}</p>
      {!signedIn ? (
        <LoginRequired />
      ) : survey.answered || survey.closed ? (
        <section className="card survey-notice" aria-labelledby="survey-notice-title">
          <h2 id="survey-notice-title" className="survey-notice__title">
            {survey.answered ? t('detail.answeredTitle') : t('detail.closedTitle')}
          </h2>
          <p>{survey.answered ? t('detail.answeredText') : t('detail.closedText')}</p>
          <Link className="button button--outline" to="/surveys">
            {t('detail.backToList')}
          </Link>
        </section>
      ) : (
        <SurveyForm key={survey.id} survey={survey} />
      )}
    </div>
  );
}
