import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { useSession } from '../../../lib/session.ts';
import { EmailRequestForm } from '../../../components/EmailRequestForm.tsx';
import { Field } from '../../../components/Field.tsx';
import { registerMailAddress } from '../api/register-mail-address.ts';
import { logFailure } from '../log.ts';
import '../password.css';

/**
 * Personal email registration (the login page sends an account without an email here). Any server failure shows
 * 'テナントユーザーとして登録されていません'; the error code is only logged (docs/requirements/auth.md#auth-password-reset).
 */
export default function RegisterMailAddressPage() {
  const { t } = useTranslation('password');
  const navigate = useNavigate();
  const current = useSession();

  const [currentPassword, setCurrentPassword] = useState('');

  async function register(email: string): Promise<string | null> {
    try {
      // Signed in, the current password too: a stolen session alone cannot move the account (issue 12, finding 5).
      const result = await registerMailAddress(current ? { email, currentPassword } : { email });
      if (result.succeed) {
        navigate('/registerMailAddressRequested');
        return null;
      }
      logFailure('updateEmailAddressWithResetPassword', result.errorCode);
      if (result.errorCode === 'wrongPassword') return t('register.wrongPassword');
    } catch (e) {
      logFailure('updateEmailAddressWithResetPassword', e instanceof Error ? e.message : String(e));
    }
    return t('common.notTenantUser');
  }

  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('register.title')}</h1>
      <EmailRequestForm submitLabel={t('register.submit')} onSubmit={register}>
        <p>{t('register.lead')}</p>
        {current ? (
          <p className="field__hint">{t('register.signedInAs', { nickname: current.user.nickname })}</p>
        ) : (
          <p className="field__hint">{t('register.guestNote')}</p>
        )}
        {current && (
          <Field label={t('register.currentPassword')}>
            {(control) => (
              <input
                {...control}
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                value={currentPassword}
                onChange={(e) => setCurrentPassword(e.target.value)}
              />
            )}
          </Field>
        )}
      </EmailRequestForm>
    </div>
  );
}
