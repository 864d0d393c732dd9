import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n/react.tsx';

/** The not-found page's content: unknown paths, and screens whose object does not exist (lib/notFound.ts). */
export function NotFound() {
  const { t } = useTranslation('common');
  return (
    <div className="container page page--center not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <Link className="button button--primary" to="/">
        {t('notFound.backHome')}
      </Link>
    </div>
  );
}
