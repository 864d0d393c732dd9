import './events.css';
import { useState } from 'react';
import { FormProvider, useForm, useWatch, get, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { eventInputSchema, type ConsoleEvent, type EventInput } from '@hibi/contract/console/events';
import { Sections } from '../../../../components/Sections.tsx';
import { Field } from '../../../../components/Field.tsx';
import type { StatusText } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import { formatDateTime, fromTokyoInput, toTokyoInput } from '../../../lib/time.ts';
import { useSaveEvent } from '../api/events.ts';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges.ts';
import { EditorFrame } from '../../../components/editor/EditorFrame.tsx';
import { ImageList } from '../../../components/editor/ImageList.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { PublishControls } from '../../../components/editor/PublishControls.tsx';
import { SectionsEditor } from '../../../components/editor/SectionsEditor.tsx';
import { publishAtOf, publishFieldsOf, type PublishFields } from '../../../components/editor/publish.ts';
import {
  fromLocalized,
  optionalText,
  sectionToForm,
  sectionsForMembers,
  sectionsToPayload,
  type ImageForm,
  type LocalizedForm,
  type SectionForm,
} from '../../../components/editor/values.ts';
import { ContentPreview } from '../../../components/preview/ContentPreview.tsx';
import { StateBadge } from '../../../components/StateBadge.tsx';

export interface EventValues extends PublishFields {
  title: LocalizedForm;
  startAt: string;
  endAt: string;
  dateRemarks: LocalizedForm;
  providingType: '1' | '2' | '3';
  place: LocalizedForm;
  price: string;
  capacity: string;
  extraLabel: LocalizedForm;
  extraText: LocalizedForm;
  advertising: boolean;
  contractOnly: boolean;
  images: ImageForm[];
  sections: SectionForm[];
  reportArticleId: string;
}

function toValues(item: ConsoleEvent | null): EventValues {
  return {
    title: fromLocalized(item?.title),
    startAt: item ? toTokyoInput(item.startAt) : '',
    endAt: item ? toTokyoInput(item.endAt) : '',
    dateRemarks: fromLocalized(item?.dateRemarks),
    providingType: String(item?.providingType ?? 1) as EventValues['providingType'],
    place: fromLocalized(item?.place),
    price: String(item?.price ?? 0),
    capacity: item?.capacity == null ? '' : String(item.capacity),
    extraLabel: fromLocalized(item?.extraLabel),
    extraText: fromLocalized(item?.extraText),
    advertising: item?.advertising ?? false,
    contractOnly: item?.contractOnly ?? false,
    images: (item?.images ?? []).map((image) => ({ url: image.url, alt: fromLocalized(image.alt) })),
    sections: (item?.sections ?? []).map(sectionToForm),
    reportArticleId: item?.reportArticleId == null ? '' : String(item.reportArticleId),
    ...publishFieldsOf(item),
  };
}

/** A number field's text as the payload wants it: '' is `empty`, anything else a number (the schema judges it). */
const numberOf = <E,>(text: string, empty: E): number | E => (text.trim() === '' ? empty : Number(text));

/**
 * The event editor (owners and editors): every field the member screens show, images from the media library with alt
 * text, sections, draft / publish / schedule; checked with the contract's schema; previewed as the members' card.
 */
export function EventEditor({ item }: { item: ConsoleEvent | null }) {
  const { t } = useTranslation('consoleEvents');
  const navigate = useNavigate();
  const save = useSaveEvent();
  const [error, setError] = useState<string | null>(null);
  const savedState = (useLocation().state as { saved?: string } | null)?.saved;
  const [status, setStatus] = useState<StatusText | null>(
    savedState ? { text: t('editor.saved', { state: t(`states.${savedState}`) }), error: false } : null,
  );
  const [previewOpen, setPreviewOpen] = useState(false);

  const resolver: Resolver<EventValues, unknown, EventInput> = async (values, context, options) => {
    const publishAt = publishAtOf(values, item);
    if (publishAt === undefined) return { values: {}, errors: { scheduleAt: { type: 'required', message: t('editor.scheduleRequired') } } };
    const payload = {
      ...(item ? { id: item.id } : {}),
      title: values.title,
      startAt: fromTokyoInput(values.startAt) ?? undefined,
      endAt: fromTokyoInput(values.endAt) ?? undefined,
      dateRemarks: optionalText(values.dateRemarks),
      providingType: Number(values.providingType),
      place: optionalText(values.place),
      price: numberOf(values.price, 0),
      capacity: numberOf(values.capacity, null),
      extraLabel: optionalText(values.extraLabel),
      extraText: optionalText(values.extraText),
      advertising: values.advertising,
      thumbnailUrl: null,
      images: values.images,
      sections: sectionsToPayload(values.sections),
      reportArticleId: numberOf(values.reportArticleId, null),
      contractOnly: values.contractOnly,
      publishAt,
    };
    return (zodResolver(eventInputSchema) as unknown as Resolver<typeof payload, unknown, EventInput>)(payload, context, options as never) as never;
  };
  const form = useForm<EventValues, unknown, EventInput>({ defaultValues: toValues(item), resolver, mode: 'onSubmit' });
  const unsaved = useUnsavedChanges(form.formState.isDirty && !save.isPending);
  const errorOf = (path: string) => fieldErrorText(get(form.formState.errors, path));

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed) {
            return setError(failureText(answer, { notFound: t('errors.notFound'), unknownArticle: t('errors.unknownArticle') }));
          }
          form.reset(form.getValues());
          setStatus({ text: t('editor.saved', { state: t(`states.${answer.state}`) }), error: false });
          if (!item) {
            unsaved.allowNext();
            void navigate(`/events/${answer.id}`, { replace: true, state: { saved: answer.state } });
          }
        },
        onError: (thrown) => setError(callErrorText(thrown)),
      });
    },
    () => setError(t('editor.fixErrors')),
  );

  return (
    <FormProvider {...form}>
      <EditorFrame
        title={item ? t('editor.editTitle') : t('editor.newTitle')}
        error={error}
        status={status}
        saving={save.isPending}
        dirty={form.formState.isDirty}
        onSubmit={() => void submit()}
        previewOpen={previewOpen}
        onTogglePreview={() => setPreviewOpen((v) => !v)}
        unsaved={unsaved}
        preview={<EventPreview />}
      >
        {item && (
          <p className="console-meta">
            <StateBadge state={item.state} />
          </p>
        )}
        <LocalizedInput name="title" label={t('fields.title')} required maxLength={200} />
        <fieldset className="console-fieldset">
          <legend>{t('fields.period')}</legend>
          <div className="ev-grid">
            <Field label={t('fields.startAt')} hint={t('fields.tokyoHint')} error={errorOf('startAt')} requiredMark>
              {(control) => <input {...control} {...form.register('startAt')} type="datetime-local" required />}
            </Field>
            <Field label={t('fields.endAt')} error={errorOf('endAt')} requiredMark>
              {(control) => <input {...control} {...form.register('endAt')} type="datetime-local" required />}
            </Field>
          </div>
          <LocalizedInput name="dateRemarks" label={t('fields.dateRemarks')} maxLength={200} />
        </fieldset>
        <fieldset className="console-fieldset">
          <legend>{t('fields.venue')}</legend>
          <Field label={t('fields.providingType')}>
            {(control) => (
              <select {...control} {...form.register('providingType')}>
                {(['1', '2', '3'] as const).map((v) => (
                  <option key={v} value={v}>
                    {t(`providingTypes.${v}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <LocalizedInput name="place" label={t('fields.place')} maxLength={200} />
          <div className="ev-grid">
            <Field label={t('fields.price')} hint={t('fields.priceHint')} error={errorOf('price')}>
              {(control) => <input {...control} {...form.register('price')} type="number" inputMode="numeric" min={0} step={1} />}
            </Field>
            <Field label={t('fields.capacity')} hint={t('fields.capacityHint')} error={errorOf('capacity')}>
              {(control) => <input {...control} {...form.register('capacity')} type="number" inputMode="numeric" min={0} step={1} />}
            </Field>
          </div>
          <LocalizedInput name="extraLabel" label={t('fields.extraLabel')} maxLength={60} />
          <LocalizedInput name="extraText" label={t('fields.extraText')} multiline maxLength={2000} />
          <Field label={t('fields.reportArticleId')} hint={t('fields.reportArticleHint')} error={errorOf('reportArticleId')}>
            {(control) => <input {...control} {...form.register('reportArticleId')} type="number" inputMode="numeric" min={1} step={1} />}
          </Field>
        </fieldset>
        <ImageList name="images" label={t('fields.images')} max={10} />
        <SectionsEditor />
        <fieldset className="console-fieldset">
          <legend>{t('fields.options')}</legend>
          <label className="console-check">
            <input type="checkbox" {...form.register('advertising')} />
            {t('fields.advertising')}
          </label>
          <label className="console-check">
            <input type="checkbox" {...form.register('contractOnly')} />
            {t('fields.contractOnly')}
          </label>
        </fieldset>
        <PublishControls />
      </EditorFrame>
    </FormProvider>
  );
}

/** The event's head and sections as the member detail page shows them (its Sections component), from the form. */
function EventPreview() {
  const values = useWatch() as EventValues;
  const { t } = useTranslation('consoleEvents');
  return (
    <ContentPreview
      render={(lang) => {
        const pick = (text: LocalizedForm) => (lang === 'en' && text.en.trim() ? text.en : text.ja) || null;
        const start = fromTokyoInput(values.startAt);
        const end = fromTokyoInput(values.endAt);
        const image = values.images[0];
        return (
          <article className="ev-preview" lang={lang}>
            {image && <img src={image.url} alt={pick(image.alt) ?? ''} width="400" height="225" className="ev-preview__image" />}
            <h2>{pick(values.title)}</h2>
            <dl className="ev-preview__facts">
              <dt>{t('fields.period')}</dt>
              <dd>
                {start === null ? '—' : formatDateTime(start)}
                {end === null ? '' : ` – ${formatDateTime(end)}`}
                {pick(values.dateRemarks) ? ` (${pick(values.dateRemarks)})` : ''}
              </dd>
              <dt>{t('fields.place')}</dt>
              <dd>{pick(values.place) ?? '—'}</dd>
              <dt>{t('fields.price')}</dt>
              <dd>{Number(values.price) > 0 ? `¥${Number(values.price).toLocaleString('ja-JP')}` : t('preview.free')}</dd>
              {pick(values.extraLabel) && (
                <>
                  <dt>{pick(values.extraLabel)}</dt>
                  <dd className="ev-pre">{pick(values.extraText)}</dd>
                </>
              )}
            </dl>
            <Sections sections={sectionsForMembers(values.sections, lang)} />
          </article>
        );
      }}
    />
  );
}
