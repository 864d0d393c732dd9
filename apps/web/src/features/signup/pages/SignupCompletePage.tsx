import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { EMAIL_LINK_LIFETIME_MS } from '@hibi/contract/constants';
import { SignupSteps } from '../components/SignupSteps.tsx';
import { stepOf } from '../draft.ts';
import '../signup.css';

/** Step 3: done; the password-setting mail is on its way. Entered only from the confirmation. */
export default function SignupCompletePage() {
  const { t } = useTranslation('signup');
  const location = useLocation();
  if (stepOf(location.state) !== 'complete') return <Navigate to="/signup/form" replace />;
  const email = (location.state as { email?: unknown }).email;
  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('complete.title')}</h1>
      <SignupSteps current="complete" />
      <div className="card form signup-card">
        <p className="form-success" role="status">
          {t('complete.lead')}
        </p>
        <p>{typeof email === 'string' ? t('complete.sent', { email }) : t('complete.sentNoEmail')}</p>
        <p>{t('complete.next', { minutes: Math.round(EMAIL_LINK_LIFETIME_MS / 60000) })}</p>
        <p className="field__hint">{t('complete.noMail')}</p>
        <div className="signup-actions">
          <Link className="button button--outline" to="/resetPassword">
            {t('complete.resend')}
          </Link>
          <Link className="button button--primary" to="/login">
            {t('complete.login')}
          </Link>
        </div>
      </div>
    </div>
  );
}
