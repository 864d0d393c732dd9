import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ApiError } from '../../../lib/api.ts';
import { EmailRequestForm } from '../../../components/EmailRequestForm.tsx';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { logFailure } from '../log.ts';
import '../password.css';

/** Forgot password: an email, then the requested notice. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('password');
  const navigate = useNavigate();

  async function request(email: string): Promise<string | null> {
    try {
      const result = await requestPasswordReset({ email, notificationMethod: 'EMAIL' });
      if (result.succeed) {
        navigate('/resetPasswordRequested');
        return null;
      }
      // Every business failure shows the spec's reset message; the code is only logged (docs/requirements/auth.md#auth-password-reset, issue 13, 5).
      logFailure('requestPasswordReset', result.errorCode);
      if (result.errorCode === 'validationError') return result.validationErrorMessage?.[0] ?? t('common.notTenantUser');
      return t('common.notTenantUser');
    } catch (e) {
      // Too many requests keeps its own text; a network or server failure is no answer about the address.
      return e instanceof ApiError && e.errorCode === 'tooManyRequests' ? t('common.tooMany') : t('common.failed');
    }
  }

  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('reset.title')}</h1>
      <EmailRequestForm submitLabel={t('reset.submit')} onSubmit={request}>
        <p>{t('reset.lead')}</p>
      </EmailRequestForm>
      <p className="form__link">
        <Link to="/login">{t('common.backToLogin')}</Link>
      </p>
    </div>
  );
}
