import { lazy, Suspense, useState } from 'react';
import { Controller, useFieldArray, useFormContext, get, type FieldValues } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { SECTION_REL_TYPES } from '@hibi/contract/functions/content';
import { Field } from '../../../components/Field.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { fieldErrorText } from '../../lib/forms.ts';
import { ImageList } from './ImageList.tsx';
import { LocalizedInput } from './LocalizedInput.tsx';
import { MediaPicker } from './MediaPicker.tsx';
import { emptySection, emptyText, type SectionForm } from './values.ts';

// TipTap is its own chunk, loaded when an editor page shows a description section.
const RichTextEditor = lazy(() => import('../RichTextEditor.tsx'));

/**
 * The sections of an item, of every kind the member pages render: descriptions (subtitle, rich text, images, videos,
 * PDF attachments) and link buttons (where they lead, the object's id, the label). Add, move, remove.
 */
export function SectionsEditor() {
  const { t } = useTranslation('consoleContent');
  const { control } = useFormContext<{ sections: SectionForm[] }>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'sections' });
  return (
    <section className="console-sections" aria-labelledby="sections-title">
      <h2 id="sections-title" className="console-editor__heading">
        {t('sections.title')}
      </h2>
      {fields.length === 0 && <p className="console-muted">{t('sections.none')}</p>}
      {fields.map((field, index) => (
        <SectionEditor key={field.id} index={index} count={fields.length} onRemove={() => remove(index)} onMove={(to) => move(index, to)} />
      ))}
      <p className="actions-row">
        <button type="button" className="button button--outline button--small" onClick={() => append(emptySection(2))}>
          {t('sections.addDescription')}
        </button>
        <button type="button" className="button button--outline button--small" onClick={() => append(emptySection(5))}>
          {t('sections.addLink')}
        </button>
      </p>
    </section>
  );
}

function SectionEditor({ index, count, onRemove, onMove }: { index: number; count: number; onRemove: () => void; onMove: (to: number) => void }) {
  const { t } = useTranslation('consoleContent');
  const { control, register, watch, formState } = useFormContext<FieldValues>();
  const base = `sections.${index}`;
  const type = watch(`${base}.sectionType`) as 2 | 5;
  const n = index + 1;
  return (
    <fieldset className="console-section">
      <legend>{t(type === 5 ? 'sections.linkN' : 'sections.descriptionN', { n })}</legend>
      <div className="console-section__tools">
        <button type="button" className="button button--outline button--small" disabled={index === 0} onClick={() => onMove(index - 1)}>
          {t('sections.up', { n })}
        </button>
        <button type="button" className="button button--outline button--small" disabled={index === count - 1} onClick={() => onMove(index + 1)}>
          {t('sections.down', { n })}
        </button>
        <button type="button" className="button button--danger button--small" onClick={onRemove}>
          {t('sections.remove', { n })}
        </button>
      </div>
      <LocalizedInput name={`${base}.subtitle`} label={t('sections.subtitle')} maxLength={200} />
      {type === 2 ? (
        <>
          {(['ja', 'en'] as const).map((lang) => (
            <Controller
              key={lang}
              control={control}
              name={`${base}.comment.${lang}`}
              render={({ field, fieldState }) => (
                <Field
                  label={t('editor.inLanguage', { label: t('sections.comment'), language: t(`editor.languages.${lang}`) })}
                  error={fieldErrorText(fieldState.error)}
                >
                  {(controlProps) => (
                    <Suspense fallback={<Spinner />}>
                      <RichTextEditor
                        id={controlProps.id}
                        describedBy={controlProps['aria-describedby']}
                        value={(field.value as string) ?? ''}
                        onChange={field.onChange}
                        label={t('editor.inLanguage', { label: t('sections.comment'), language: t(`editor.languages.${lang}`) })}
                        lang={lang}
                      />
                    </Suspense>
                  )}
                </Field>
              )}
            />
          ))}
          <ImageList name={`${base}.images`} label={t('sections.images')} max={20} />
          <VideoList base={base} />
          <AttachmentList base={base} />
        </>
      ) : (
        <>
          <Field label={t('sections.relType')} error={fieldErrorText(get(formState.errors, `${base}.relType`))}>
            {(controlProps) => (
              <select {...controlProps} {...register(`${base}.relType`)}>
                <option value="">{t('sections.relNone')}</option>
                {SECTION_REL_TYPES.map((rel) => (
                  <option key={rel} value={rel}>
                    {t(`sections.rel.${rel}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            label={t('sections.relObjectID')}
            hint={t('sections.relObjectIDHint')}
            error={fieldErrorText(get(formState.errors, `${base}.relObjectID`))}
          >
            {(controlProps) => <input {...controlProps} {...register(`${base}.relObjectID`)} type="text" maxLength={40} />}
          </Field>
          <LocalizedInput name={`${base}.relLabel`} label={t('sections.relLabel')} maxLength={60} />
        </>
      )}
    </fieldset>
  );
}

function VideoList({ base }: { base: string }) {
  const { t } = useTranslation('consoleContent');
  const { control, register, formState } = useFormContext<FieldValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `${base}.videos` });
  return (
    <fieldset className="console-fieldset">
      <legend>{t('sections.videos')}</legend>
      {fields.map((field, i) => (
        <div key={field.id} className="console-row">
          <Field
            label={t('sections.videoUrl', { n: i + 1 })}
            hint={t('sections.urlHint')}
            error={fieldErrorText(get(formState.errors, `${base}.videos.${i}.videoUrl`))}
          >
            {(c) => <input {...c} {...register(`${base}.videos.${i}.videoUrl`)} type="text" inputMode="url" />}
          </Field>
          <Field
            label={t('sections.thumbnailUrl', { n: i + 1 })}
            error={fieldErrorText(get(formState.errors, `${base}.videos.${i}.thumbnailImageUrl`))}
          >
            {(c) => <input {...c} {...register(`${base}.videos.${i}.thumbnailImageUrl`)} type="text" inputMode="url" />}
          </Field>
          <button type="button" className="button button--outline button--small" onClick={() => remove(i)}>
            {t('sections.removeVideo', { n: i + 1 })}
          </button>
        </div>
      ))}
      <button type="button" className="button button--outline button--small" onClick={() => append({ videoUrl: '', thumbnailImageUrl: '' })}>
        {t('sections.addVideo')}
      </button>
    </fieldset>
  );
}

function AttachmentList({ base }: { base: string }) {
  const { t } = useTranslation('consoleContent');
  const { control } = useFormContext<FieldValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `${base}.attachments` });
  const [picking, setPicking] = useState(false);
  return (
    <fieldset className="console-fieldset">
      <legend>{t('sections.attachments')}</legend>
      {fields.map((field, i) => (
        <div key={field.id} className="console-row">
          <p className="console-muted">{(field as unknown as { url: string }).url}</p>
          <LocalizedInput name={`${base}.attachments.${i}.fileName`} label={t('sections.fileName')} required maxLength={200} />
          <button type="button" className="button button--outline button--small" onClick={() => remove(i)}>
            {t('sections.removeAttachment', { n: i + 1 })}
          </button>
        </div>
      ))}
      <button type="button" className="button button--outline button--small" onClick={() => setPicking(true)}>
        {t('sections.addAttachment')}
      </button>
      <MediaPicker
        kind="pdf"
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(media) => append({ url: media.url, fileName: { ...emptyText(), ja: media.fileName } })}
      />
    </fieldset>
  );
}
