import { useFormContext, get, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Field } from '../../../components/Field.tsx';
import { fieldErrorText } from '../../lib/forms.ts';

export type PublishMode = 'draft' | 'publish' | 'schedule';

/** Draft (members never see it), publish now (or keep the time it was published), or schedule for a time (Asia/Tokyo). */
export function PublishControls() {
  const { t } = useTranslation('consoleContent');
  const { register, watch, formState } = useFormContext<FieldValues>();
  const mode = watch('publishMode') as PublishMode;
  return (
    <fieldset className="console-fieldset console-publish">
      <legend>{t('publish.title')}</legend>
      {(['draft', 'publish', 'schedule'] as const).map((value) => (
        <label key={value} className="console-check">
          <input type="radio" value={value} {...register('publishMode')} />
          {t(`publish.${value}`)}
        </label>
      ))}
      {mode === 'schedule' && (
        <Field label={t('publish.at')} hint={t('publish.atHint')} error={fieldErrorText(get(formState.errors, 'scheduleAt'))} requiredMark>
          {(control) => <input {...control} {...register('scheduleAt')} type="datetime-local" required />}
        </Field>
      )}
    </fieldset>
  );
}
