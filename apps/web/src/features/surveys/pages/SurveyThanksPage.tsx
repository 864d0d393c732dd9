import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import '../surveys.css';

/** After an answer: the completion message and a link to the list. */
export default function SurveyThanksPage() {
  const { t } = useTranslation('surveys');
  return (
    <div className="container page page--narrow page--center survey-thanks">
      <div className="survey-thanks__icon" aria-hidden="true">
        ✓
      </div>
      <h1 className="page-title">{t('thanks.title')}</h1>
      <p>{t('thanks.text')}</p>
      <Link className="button button--primary" to="/surveys">
        {t('thanks.backToList')}
      </Link>
    </div>
  );
}
