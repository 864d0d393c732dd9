import { lazy, Suspense } from 'react';
import { Controller, useFormContext, type FieldValues } from 'react-hook-form';
import { Field } from '../../../../components/Field.tsx';
import { Spinner } from '../../../../components/Spinner.tsx';
import { fieldErrorText } from '../../../lib/forms.ts';

const RichTextEditor = lazy(() => import('../../../components/RichTextEditor.tsx'));

/** A rich-text field of the form (TipTap, loaded with the first one shown). */
export function RichField({ name, label, lang }: { name: string; label: string; lang: 'ja' | 'en' }) {
  const { control } = useFormContext<FieldValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field label={label} error={fieldErrorText(fieldState.error)}>
          {(controlProps) => (
            <Suspense fallback={<Spinner />}>
              <RichTextEditor
                id={controlProps.id}
                describedBy={controlProps['aria-describedby']}
                value={(field.value as string) ?? ''}
                onChange={field.onChange}
                label={label}
                lang={lang}
              />
            </Suspense>
          )}
        </Field>
      )}
    />
  );
}
