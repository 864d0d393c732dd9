import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { Field } from '../../../../components/Field.tsx';
import { FormError } from '../../../../components/FormMessage.tsx';
import { ApiError } from '../../../../lib/api.ts';
import { session } from '../../../../lib/session.ts';
import { deleteLitePlanUser } from '../../api/delete-lite-plan-user.ts';

/** A lite-plan member ends their account, after confirming with their current password (issue 12, finding 5). */
export function WithdrawSetting() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function withdraw() {
    setBusy(true);
    setError(null);
    try {
      // The current password: a stolen session alone cannot end the account (issue 12, finding 5).
      const result = await deleteLitePlanUser({ currentPassword: password });
      if (!result.succeed) {
        if (result.errorCode === 'wrongPassword' || result.errorCode === 'validationError') {
          setError(t('settings.withdrawWrongPassword'));
          return;
        }
        throw new Error(result.errorCode);
      }
      setOpen(false);
      session.clear();
      navigate('/', { replace: true });
    } catch (e) {
      setError(e instanceof ApiError && e.errorCode === 'tooManyRequests' ? t('settings.withdrawTooMany') : t('settings.withdrawError'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="setting">
      <h3 className="setting__title">{t('settings.withdrawTitle')}</h3>
      <p className="field__hint">{t('settings.withdrawHint')}</p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {t('settings.withdraw')}
      </button>
      <ConfirmDialog
        open={open}
        title={t('settings.withdrawConfirmTitle')}
        cancelLabel={t('settings.withdrawCancel')}
        confirmLabel={t('settings.withdrawYes')}
        busy={busy}
        confirmDisabled={!password}
        onCancel={() => setOpen(false)}
        onConfirm={() => void withdraw()}
      >
        <p>{t('settings.withdrawConfirm')}</p>
        <FormError>{error}</FormError>
        <Field label={t('settings.withdrawPassword')}>
          {(control) => (
            <input
              {...control}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
      </ConfirmDialog>
    </div>
  );
}
