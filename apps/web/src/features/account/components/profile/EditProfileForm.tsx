import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { COMMENT_MAX, DISPLAY_NAME_MAX, GENDER } from '@hibi/contract/constants';
import type { MyProfile } from '@hibi/contract/functions/account';
import { Field } from '../../../../components/Field.tsx';
import { FormError } from '../../../../components/FormMessage.tsx';
import { session } from '../../../../lib/session.ts';
import { refreshProfile } from '../../api/keys.ts';
import { updateProfile } from '../../api/update-profile.ts';
import { useWriteFailure } from '../../../../lib/useWriteFailure.ts';

const BIRTH_YEAR = /^\d{4}$/;
/** 1 to 999 cm with at most one decimal. */
const HEIGHT = /^\d{1,3}(\.\d)?$/;

/**
 * The basic information form: nickname (required, up to 12 characters), comment (up to 15), birth year (four digits),
 * height (cm, one decimal) and gender. Checked here first; the server's answer may still refuse a value.
 */
export function EditProfileForm({ data, onClose }: { data: MyProfile; onClose: () => void }) {
  const { t } = useTranslation('account');
  const writeFailure = useWriteFailure();
  const queryClient = useQueryClient();
  const [displayName, setDisplayName] = useState(data.profile.nickname);
  const [comment, setComment] = useState(data.profile.comment);
  const [birthYear, setBirthYear] = useState(data.personalInformation.birthYear?.toString() ?? '');
  const [height, setHeight] = useState(data.personalInformation.height?.toFixed(1) ?? '');
  const [gender, setGender] = useState(data.personalInformation.gender?.toString() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const name = displayName.trim();
    if (!name) return setError(t('edit.nameRequired'));
    if (birthYear && !BIRTH_YEAR.test(birthYear)) return setError(t('edit.birthYearInvalid'));
    if (height && !HEIGHT.test(height)) return setError(t('edit.heightInvalid'));
    const genderCode = Number(gender);
    const payload = {
      displayName: name,
      comment: comment.trim(),
      ...(birthYear ? { birthYear: Number(birthYear) } : {}),
      ...(height ? { height: Number(height) } : {}),
      ...(genderCode === GENDER.male || genderCode === GENDER.female ? { gender: genderCode } : {}),
    };
    setBusy(true);
    try {
      const result = await updateProfile(payload);
      if (!result.succeed) {
        const known: Record<string, string> = { invalidBirthYear: t('edit.birthYearInvalid'), invalidHeight: t('edit.heightInvalid') };
        setError(known[result.errorCode] ?? result.validationErrorMessage?.[0] ?? t('edit.failed'));
        return;
      }
      const current = session.get();
      if (current) session.update({ user: { ...current.user, nickname: result.profile.nickname } });
      await refreshProfile(queryClient);
      onClose();
    } catch (e) {
      setError(writeFailure(e, t('edit.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={(e) => void submit(e)} noValidate>
      <FormError>{error}</FormError>
      <Field label={t('edit.displayName')} hint={t('edit.maxChars', { max: DISPLAY_NAME_MAX })}>
        {(control) => (
          <input
            {...control}
            type="text"
            value={displayName}
            maxLength={DISPLAY_NAME_MAX}
            onChange={(e) => setDisplayName(e.target.value)}
            required
          />
        )}
      </Field>
      <Field label={t('edit.comment')} hint={t('edit.maxChars', { max: COMMENT_MAX })}>
        {(control) => <input {...control} type="text" value={comment} maxLength={COMMENT_MAX} onChange={(e) => setComment(e.target.value)} />}
      </Field>
      <Field label={t('basic.birthYear')}>
        {(control) => (
          <input {...control} type="text" inputMode="numeric" value={birthYear} maxLength={4} onChange={(e) => setBirthYear(e.target.value)} />
        )}
      </Field>
      <Field label={t('edit.height')}>
        {(control) => <input {...control} type="text" inputMode="decimal" value={height} maxLength={5} onChange={(e) => setHeight(e.target.value)} />}
      </Field>
      <Field label={t('basic.gender')}>
        {(control) => (
          <select {...control} value={gender} onChange={(e) => setGender(e.target.value)}>
            <option value="">{t('basic.notSet')}</option>
            <option value={GENDER.male}>{t('basic.male')}</option>
            <option value={GENDER.female}>{t('basic.female')}</option>
          </select>
        )}
      </Field>
      <div className="modal__actions">
        <button type="button" className="button button--outline" onClick={onClose}>
          {t('edit.cancel')}
        </button>
        <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
          {t('edit.save')}
        </button>
      </div>
    </form>
  );
}
