import { get, useFormContext, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import { fieldErrorText } from '../../../lib/forms.ts';

/** A text in Japanese (required when `required`) and English (optional: members fall back to the Japanese text). */
export function TextPair({
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
  maxLength: number;
}) {
  const { t } = useTranslation('consoleSurveys');
  const { register, formState } = useFormContext<FieldValues>();
  return (
    <div className="console-localized">
      {(['ja', 'en'] as const).map((lang) => {
        const path = `${name}.${lang}`;
        const requiredHere = required && lang === 'ja';
        return (
          <Field
            key={lang}
            label={t('editor.inLanguage', { label, language: t(`editor.languages.${lang}`) })}
            error={fieldErrorText(get(formState.errors, path))}
            requiredMark={requiredHere}
          >
            {(control) =>
              multiline ? (
                <textarea {...control} {...register(path)} lang={lang} rows={2} maxLength={maxLength} required={requiredHere} />
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
