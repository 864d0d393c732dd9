import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { GENDER } from '@hibi/contract/constants';
import { Field } from '../../../components/Field.tsx';
import { session } from '../../../lib/session.ts';
import { useDevtoolUser } from '../api/get-devtool-user.ts';
import { useUserStatus } from '../api/get-user-status.ts';
import { devtoolKeys } from '../api/keys.ts';
import { saveDevtoolUser } from '../api/save-devtool-user.ts';
import { idealWeight } from '../calc.ts';
import { num, useToolAction } from '../hooks/useToolAction.ts';
import { ToolResult, ToolSection } from './ToolSection.tsx';

type Form = Record<'displayName' | 'comment' | 'birthYear' | 'gender' | 'height' | 'weight' | 'targetWeight', string>;
const EMPTY: Form = { displayName: '', comment: '', birthYear: '', gender: '', height: '', weight: '', targetWeight: '' };
const text = (value: number | null) => (value === null ? '' : String(value));

/** The test user: nickname, comment, birth year, gender, height, today's weight and target weight, with the ideal weight. */
export function ProfileSection() {
  const { t } = useTranslation('devtool');
  const queryClient = useQueryClient();
  const user = useDevtoolUser();
  const status = useUserStatus();
  const [form, setForm] = useState<Form>(EMPTY);
  const action = useToolAction();

  // Fill the form once from the server; later reloads never overwrite what the tester is typing.
  const filled = useRef({ user: false, status: false });
  useEffect(() => {
    if (!user.data || filled.current.user) return;
    filled.current.user = true;
    const u = user.data.user;
    setForm((f) => ({
      ...f,
      displayName: u.displayName,
      comment: u.comment,
      birthYear: text(u.birthYear),
      gender: text(u.gender),
      height: text(u.height),
    }));
  }, [user.data]);
  useEffect(() => {
    if (!status.data || filled.current.status) return;
    filled.current.status = true;
    const w = status.data.weight;
    setForm((f) => ({ ...f, weight: text(w.weight), targetWeight: text(w.targetWeight) }));
  }, [status.data]);

  const ideal = idealWeight(Number(form.height));
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const input = (key: keyof Form, label: string, inputMode?: 'numeric' | 'decimal') => (
    <Field label={label}>
      {(control) => <input {...control} name={key} type="text" inputMode={inputMode} value={form[key]} onChange={set(key)} />}
    </Field>
  );

  function save(event: FormEvent) {
    event.preventDefault();
    void action.run(async () => {
      // The tool's own call: no member rules (docs/requirements/account.md#account-devtool "does no validation"; issue 13 finding 10).
      const gender = num(form.gender);
      const saved = await saveDevtoolUser({
        displayName: form.displayName,
        comment: form.comment,
        birthYear: num(form.birthYear) ?? null,
        gender: gender === GENDER.male || gender === GENDER.female ? gender : null,
        height: num(form.height) ?? null,
        weight: num(form.weight) ?? null,
        targetWeight: num(form.targetWeight) ?? null,
      });
      if (!saved.succeed) return action.failed(saved);
      const stored = session.get();
      if (stored) session.update({ user: { ...stored.user, nickname: saved.user.displayName, profileImageUrl: saved.user.imageUrl } });
      void queryClient.invalidateQueries({ queryKey: devtoolKeys.all });
      return t('saved');
    });
  }

  return (
    <ToolSection title={t('profile.heading')}>
      {user.isError && <p className="form-error">{t('loadFailed')}</p>}
      <form className="form" onSubmit={save} noValidate>
        <div className="devtool__grid">
          {input('displayName', t('profile.displayName'))}
          {input('comment', t('profile.comment'))}
          {input('birthYear', t('profile.birthYear'), 'numeric')}
          <fieldset className="field">
            <legend>{t('profile.gender')}</legend>
            <div className="devtool__radios">
              <label>
                <input type="radio" name="gender" value={GENDER.male} checked={form.gender === String(GENDER.male)} onChange={set('gender')} />
                {t('profile.male')}
              </label>
              <label>
                <input type="radio" name="gender" value={GENDER.female} checked={form.gender === String(GENDER.female)} onChange={set('gender')} />
                {t('profile.female')}
              </label>
            </div>
          </fieldset>
          {input('height', t('profile.height'), 'decimal')}
          <div className="field">
            <span className="field__label">{t('profile.imageUrl')}</span>
            {user.data?.user.imageUrl ? <img className="devtool__avatar" src={user.data.user.imageUrl} alt="" /> : <p>{t('profile.noImage')}</p>}
          </div>
          {input('weight', t('profile.weight'), 'decimal')}
          {input('targetWeight', t('profile.targetWeight'), 'decimal')}
        </div>
        <p className="devtool__ideal" aria-live="polite">
          {ideal === null ? t('profile.idealWeightUnknown') : t('profile.idealWeight', { weight: ideal.toFixed(1) })}
        </p>
        <button type="submit" className="button button--primary" disabled={action.busy}>
          {t('profile.save')}
        </button>
        <ToolResult>{action.result}</ToolResult>
      </form>
    </ToolSection>
  );
}
