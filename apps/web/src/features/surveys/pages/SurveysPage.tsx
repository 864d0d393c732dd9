import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { formatDate } from '../../../lib/format.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReadMore } from '../../../components/ReadMore.tsx';
import { useSession } from '../../../lib/session.ts';
import { useSurveys } from '../api/get-surveys.ts';
import '../surveys.css';

/** The surveys running now: title, answered badge and period; read more while the last page of 50 was full. */
export default function SurveysPage() {
  const { t } = useTranslation('surveys');
  const { t: tc } = useTranslation('common');
  const list = useSurveys();
  const signedIn = useSession() !== null;
  const items = list.data?.pages.flatMap((p) => p.questionnaires) ?? [];

  return (
    <div className="container page surveys-page">
      <h1 className="page-title">{t('list.title')}</h1>
      <p className="contract-note">{tc('common.contractNote')}</p>
      <QueryState query={list} isEmpty={items.length === 0} empty={t('list.empty')} error={t('list.loadFailed')}>
        <p className="lead">{t('list.lead')}</p>
        <ul className="survey-list">
          {items.map((s) => (
            <li key={s.id}>
              <Link className="survey-card" to={`/surveys/${s.id}`}>
                <span className="survey-card__tags">
                  {s.answered ? (
                    <span className="tag survey-badge--answered">{t('list.answered')}</span>
                  ) : (
                    signedIn && <span className="tag survey-badge--open">{t('list.unanswered')}</span>
                  )}
                  {!s.isGeneral && <span className="tag">{t('list.tenantSurvey')}</span>}
                </span>
                <span className="survey-card__title">{s.title}</span>
                <span className="survey-card__period">
                  <span className="visually-hidden">{t('list.period')}: </span>
                  <time dateTime={new Date(s.fromDateTime).toISOString()}>{formatDate(s.fromDateTime)}</time>
                  {' ~ '}
                  <time dateTime={new Date(s.toDateTime).toISOString()}>{formatDate(s.toDateTime)}</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <ReadMore query={list} failed={t('list.loadFailed')} />
      </QueryState>
    </div>
  );
}
