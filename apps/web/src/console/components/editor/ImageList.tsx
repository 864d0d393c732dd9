import { useState } from 'react';
import { useFieldArray, useFormContext, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { LocalizedInput } from './LocalizedInput.tsx';
import { MediaPicker } from './MediaPicker.tsx';
import { emptyText } from './values.ts';

/** Images of an item or a section: each from the media picker, with its alt text (required in Japanese). */
export function ImageList({ name, label, max }: { name: string; label: string; max: number }) {
  const { t } = useTranslation('consoleContent');
  const { control } = useFormContext<FieldValues>();
  const { fields, append, remove } = useFieldArray({ control, name });
  const [picking, setPicking] = useState(false);
  return (
    <fieldset className="console-fieldset">
      <legend>{label}</legend>
      {fields.length === 0 && <p className="console-muted">{t('images.none')}</p>}
      <ol className="console-images">
        {fields.map((field, index) => {
          const url = (field as unknown as { url: string }).url;
          return (
            <li key={field.id} className="console-images__item" data-error-context={t('images.itemN', { n: index + 1 })}>
              <img src={url} alt="" className="console-images__thumb" />
              <div className="console-images__fields">
                <LocalizedInput name={`${name}.${index}.alt`} label={t('images.alt')} required maxLength={300} />
                <button type="button" className="button button--outline button--small" onClick={() => remove(index)}>
                  {t('images.remove', { n: index + 1 })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {fields.length < max && (
        <button type="button" className="button button--outline button--small" onClick={() => setPicking(true)}>
          {t('images.add')}
        </button>
      )}
      <MediaPicker kind="image" open={picking} onClose={() => setPicking(false)} onPick={(media) => append({ url: media.url, alt: emptyText() })} />
    </fieldset>
  );
}

/** One required image (an article's header image), chosen from the media picker, with its alt text. */
export function SingleImage({ name, label }: { name: string; label: string }) {
  const { t } = useTranslation('consoleContent');
  const { setValue, watch, formState } = useFormContext<FieldValues>();
  const url = watch(`${name}.url`) as string;
  const [picking, setPicking] = useState(false);
  const missing = Boolean((formState.errors as Record<string, { url?: unknown } | undefined>)[name]?.url);
  return (
    <fieldset className="console-fieldset">
      <legend>
        {label}
        <span className="required-mark" aria-hidden="true">
          *
        </span>
      </legend>
      {url ? <img src={url} alt="" className="console-images__thumb" /> : <p className="console-muted">{t('images.none')}</p>}
      {missing && !url && (
        <p className="field__error" role="alert">
          {t('images.required')}
        </p>
      )}
      <button
        type="button"
        className="button button--outline button--small"
        data-error-path={`${name}.url`}
        data-error-label={t('images.choose')}
        onClick={() => setPicking(true)}
      >
        {t(url ? 'images.replace' : 'images.choose')}
      </button>
      {url && <LocalizedInput name={`${name}.alt`} label={t('images.alt')} required maxLength={300} />}
      <MediaPicker
        kind="image"
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(media) => setValue(`${name}.url`, media.url, { shouldDirty: true })}
      />
    </fieldset>
  );
}
