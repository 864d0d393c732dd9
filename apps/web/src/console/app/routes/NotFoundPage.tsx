import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation('console');
  return (
    <div className="console-page">
      <h1>{t('titles.notFound')}</h1>
      <p>{t('notFound.text')}</p>
      <p>
        <Link to="/announcements">{t('notFound.back')}</Link>
      </p>
    </div>
  );
}
