import { useFormContext, get, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Field } from '../../../components/Field.tsx';
import { fieldErrorText } from '../../lib/forms.ts';

/**
 * A text in both languages: Japanese (required where the item needs it) and English (optional: members reading in
 * English see the Japanese text when it is empty).
 */
export function LocalizedInput({
  name,
  label,
  required = false,
  multiline = false,
  maxLength,
}: {
  name: string;
  label: string;
  required?: boolean;
  multiline?: boolean;
  maxLength?: number;
}) {
  const { t } = useTranslation('consoleContent');
  const { register, formState } = useFormContext<FieldValues>();
  return (
    <div className="console-localized">
      {(['ja', 'en'] as const).map((lang) => {
        const path = `${name}.${lang}`;
        const error = fieldErrorText(get(formState.errors, path));
        const requiredHere = required && lang === 'ja';
        return (
          <Field
            key={lang}
            label={t('editor.inLanguage', { label, language: t(`editor.languages.${lang}`) })}
            error={error}
            requiredMark={requiredHere}
          >
            {(control) =>
              multiline ? (
                <textarea {...control} {...register(path)} lang={lang} rows={3} maxLength={maxLength} required={requiredHere} />
              ) : (
                <input {...control} {...register(path)} type="text" lang={lang} maxLength={maxLength} required={requiredHere} />
              )
            }
          </Field>
        );
      })}
    </div>
  );
}
