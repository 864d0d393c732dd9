import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';

/** The "we sent you an email" screens: a mail icon, the texts and a login button. */
export function SentNotice({ title, text, afterwards }: { title: string; text: string; afterwards: string }) {
  const { t } = useTranslation('password');
  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{title}</h1>
      <div className="card password-card">
        <div className="password-sent">
          <svg className="password-sent__icon" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            <rect x="4" y="10" width="40" height="28" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
            <path d="M6 13l18 14 18-14" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
          </svg>
          <p role="status">{text}</p>
        </div>
        <p>{afterwards}</p>
        <Link className="button button--primary button--block" to="/login">
          {t('common.login')}
        </Link>
      </div>
    </div>
  );
}
