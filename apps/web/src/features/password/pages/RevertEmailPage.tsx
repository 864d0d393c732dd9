import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ApiError } from '../../../lib/api.ts';
import { FormError } from '../../../components/FormMessage.tsx';
import { session } from '../../../lib/session.ts';
import { revertEmailChange } from '../api/revert-email-change.ts';
import '../password.css';

/**
 * /revertEmail?token=...: the link in the notice mailed to an account's old address after its address changed
 * (issue 12, finding 5). One button undoes the change: the old address comes back, every sign-in ends, and a
 * password-reset mail goes to the old address.
 */
export default function RevertEmailPage() {
  const { t } = useTranslation('password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function revert() {
    setState('busy');
    setError(null);
    try {
      const result = await revertEmailChange({ token });
      if (result.succeed) {
        // Every session of the account ended; this browser's too.
        session.clear();
        setState('done');
        return;
      }
      const known = ['invalidLink', 'linkExpired', 'emailTaken'] as const;
      setError(known.includes(result.errorCode as (typeof known)[number]) ? t(`revert.${result.errorCode}`) : t('revert.failed'));
    } catch (e) {
      setError(e instanceof ApiError && e.errorCode === 'tooManyRequests' ? t('common.tooMany') : t('revert.failed'));
    }
    setState('idle');
  }

  return (
    <div className="container page page--narrow">
      <h1 className="page-title">{t('revert.title')}</h1>
      <div className="card form">
        {state === 'done' ? (
          <p role="status">{t('revert.done')}</p>
        ) : (
          <>
            <p>{t('revert.lead')}</p>
            <FormError>{error}</FormError>
            <button
              type="button"
              className="button button--danger button--block"
              onClick={() => void revert()}
              disabled={state === 'busy' || !token}
              aria-busy={state === 'busy'}
            >
              {t('revert.button')}
            </button>
          </>
        )}
      </div>
      <p className="form__link">
        <Link to="/login">{t('common.backToLogin')}</Link>
      </p>
    </div>
  );
}
