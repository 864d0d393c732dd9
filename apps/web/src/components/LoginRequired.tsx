import { useId } from 'react';
import { useTranslation } from '../lib/i18n/react.tsx';
import { useStartLogin } from '../lib/auth/useStartLogin.ts';

/**
 * The login-required message with a link to sign in. `variant="article"` is the prompt under the head
 * of an announcement, article or event ("You must be logged in to read the rest of this article.").
 */
export function LoginRequired({ variant = 'page' }: { variant?: 'page' | 'article' }) {
  const { t } = useTranslation('common');
  const startLogin = useStartLogin();
  const titleId = useId();
  return (
    <section className={`login-required login-required--${variant}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="login-required__title">
        {variant === 'article' ? t('auth.loginToReadMore') : t('auth.loginRequired')}
      </h2>
      {variant === 'page' && <p>{t('auth.loginRequiredText')}</p>}
      <a className="button button--primary" href="/login" onClick={(e) => void startLogin(e)}>
        {t('auth.loginLink')}
      </a>
    </section>
  );
}
