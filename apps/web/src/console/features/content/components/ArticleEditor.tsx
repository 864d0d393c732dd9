import { useState } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { GENRE_IDS, REPORT_ARTICLE_TYPES } from '@hibi/contract/functions/content';
import { articleInputSchema, type ArticleInput, type ConsoleArticle } from '@hibi/contract/console/content';
import { ArticleView } from '../../../../features/library/components/ArticleView.tsx';
import { Field } from '../../../../components/Field.tsx';
import type { StatusText } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import { useGenresAndTags } from '../api/list-genres-and-tags.ts';
import { useSaveArticle } from '../api/save-article.ts';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges.ts';
import { EditorFrame } from '../../../components/editor/EditorFrame.tsx';
import { ImageList, SingleImage } from '../../../components/editor/ImageList.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { PublishControls } from '../../../components/editor/PublishControls.tsx';
import { SectionsEditor } from '../../../components/editor/SectionsEditor.tsx';
import { publishAtOf, publishFieldsOf, type PublishFields } from '../../../components/editor/publish.ts';
import {
  articleForMembers,
  fromLocalized,
  optionalText,
  sectionToForm,
  sectionsToPayload,
  type ArticleForm,
} from '../../../components/editor/values.ts';
import { localized } from '../../../lib/localized.ts';
import { ContentPreview } from '../../../components/preview/ContentPreview.tsx';
import { StateBadge } from '../../../components/StateBadge.tsx';

type Values = ArticleForm & PublishFields;

export function articleToValues(item: ConsoleArticle | null): Values {
  return {
    title: fromLocalized(item?.title),
    relType: item?.relType ?? 'ReportArticles',
    headerImage: { url: item?.headerImage.url ?? '', alt: fromLocalized(item?.headerImage.alt) },
    images: (item?.images ?? []).map((image) => ({ url: image.url, alt: fromLocalized(image.alt) })),
    description: fromLocalized(item?.description),
    genreId: item?.genreId ?? 'genre1',
    tagIds: item?.tagIds ?? [],
    pickupPosition: item?.pickupPosition === null || item?.pickupPosition === undefined ? '' : String(item.pickupPosition),
    relatedArticleIds: (item?.relatedArticleIds ?? []).join(', '),
    recommendScore: String(item?.recommendScore ?? 0),
    sections: (item?.sections ?? []).map(sectionToForm),
    contractOnly: item?.contractOnly ?? false,
    ...publishFieldsOf(item),
  };
}

/** A number field's text as a number (NaN when it is not one: the schema then names the field). */
const toNumber = (text: string) => (text.trim() === '' ? NaN : Number(text));

/**
 * The library article editor (owners and editors): every field the member pages show (titles, kind, header image and
 * more images with alt text, description, genre and tags, pickup position, related articles, recommendation weight,
 * sections, contract-only) and draft / publish / schedule; previewed with the member page's own components.
 */
export function ArticleEditor({ item }: { item: ConsoleArticle | null }) {
  const { t } = useTranslation('consoleContent');
  const navigate = useNavigate();
  const save = useSaveArticle();
  const taxonomy = useGenresAndTags();
  const [error, setError] = useState<string | null>(null);
  const savedState = (useLocation().state as { saved?: string } | null)?.saved;
  const [status, setStatus] = useState<StatusText | null>(
    savedState ? { text: t('editor.saved', { state: t(`states.${savedState}`) }), error: false } : null,
  );
  const [previewOpen, setPreviewOpen] = useState(false);

  const resolver: Resolver<Values, unknown, ArticleInput> = async (values, context, options) => {
    const publishAt = publishAtOf(values, item);
    if (publishAt === undefined) return { values: {}, errors: { scheduleAt: { type: 'required', message: t('publish.atRequired') } } };
    const related = values.relatedArticleIds
      .split(/[\s,、]+/)
      .filter(Boolean)
      .map(Number);
    const payload = {
      ...(item ? { id: item.id } : {}),
      title: values.title,
      relType: values.relType,
      headerImage: values.headerImage,
      images: values.images,
      description: optionalText(values.description),
      genreId: values.genreId,
      tagIds: values.tagIds,
      pickupPosition: values.pickupPosition.trim() === '' ? null : toNumber(values.pickupPosition),
      relatedArticleIds: related,
      recommendScore: toNumber(values.recommendScore),
      sections: sectionsToPayload(values.sections),
      contractOnly: values.contractOnly,
      publishAt,
    };
    return (zodResolver(articleInputSchema) as unknown as Resolver<typeof payload, unknown, ArticleInput>)(
      payload,
      context,
      options as never,
    ) as never;
  };
  const form = useForm<Values, unknown, ArticleInput>({ defaultValues: articleToValues(item), resolver });
  const unsaved = useUnsavedChanges(form.formState.isDirty && !save.isPending);
  const errors = form.formState.errors;
  const genre = form.watch('genreId');
  const tags = (taxonomy.data?.tags ?? []).filter((tag) => tag.genreId === genre || tag.genreId === null);

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed)
            return setError(
              failureText(answer, {
                notFound: t('editor.notFound'),
                unknownTag: t('articleErrors.unknownTag'),
                unknownArticle: t('articleErrors.unknownArticle'),
              }),
            );
          form.reset(form.getValues());
          setStatus({ text: t('editor.saved', { state: t(`states.${answer.state}`) }), error: false });
          if (!item) {
            unsaved.allowNext();
            void navigate(`/articles/${answer.id}`, { replace: true, state: { saved: answer.state } });
          }
        },
        onError: (thrown) => setError(callErrorText(thrown)),
      });
    },
    () => {
      // An earlier save's "Saved" no longer holds: this one stopped at the fields listed above the form.
      setStatus(null);
      setError(t('editor.fixErrors'));
    },
  );

  const tagName = (id: string) => {
    const tag = taxonomy.data?.tags.find((x) => x.id === id);
    return tag ? localized(tag.name) : id;
  };

  return (
    <FormProvider {...form}>
      <EditorFrame
        title={item ? t('articles.edit') : t('articles.new')}
        error={error}
        status={status}
        saving={save.isPending}
        dirty={form.formState.isDirty}
        onSubmit={() => void submit()}
        previewOpen={previewOpen}
        onTogglePreview={() => setPreviewOpen((v) => !v)}
        unsaved={unsaved}
        preview={<ArticlePreview item={item} tagName={tagName} />}
      >
        {item && (
          <p className="console-meta">
            <StateBadge state={item.state} />
          </p>
        )}
        <LocalizedInput name="title" label={t('fields.title')} required maxLength={200} />
        <div className="console-localized">
          <Field label={t('fields.relType')}>
            {(control) => (
              <select {...control} {...form.register('relType')}>
                {REPORT_ARTICLE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`articleTypes.${type}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('fields.genre')} error={fieldErrorText(errors.genreId)}>
            {(control) => (
              <select {...control} {...form.register('genreId')}>
                {GENRE_IDS.map((id) => {
                  const name = taxonomy.data?.genres.find((g) => g.id === id)?.name;
                  return (
                    <option key={id} value={id}>
                      {name ? localized(name) : id}
                    </option>
                  );
                })}
              </select>
            )}
          </Field>
        </div>
        <SingleImage name="headerImage" label={t('fields.headerImage')} />
        <ImageList name="images" label={t('fields.images')} max={10} />
        <LocalizedInput name="description" label={t('fields.description')} multiline maxLength={2000} />
        <fieldset className="console-fieldset">
          <legend>{t('fields.tags')}</legend>
          {tags.length === 0 && <p className="console-muted">{t('fields.noTags')}</p>}
          <div className="console-tags">
            {tags.map((tag) => (
              <label key={tag.id} className="console-check">
                <input type="checkbox" value={tag.id} {...form.register('tagIds')} />
                {localized(tag.name)}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="console-localized">
          <Field label={t('fields.pickupPosition')} hint={t('fields.pickupHint')} error={fieldErrorText(errors.pickupPosition)}>
            {(control) => <input {...control} {...form.register('pickupPosition')} type="number" min={1} max={100} />}
          </Field>
          <Field label={t('fields.recommendScore')} hint={t('fields.recommendHint')} error={fieldErrorText(errors.recommendScore)}>
            {(control) => <input {...control} {...form.register('recommendScore')} type="number" min={0} max={1000} />}
          </Field>
          <Field label={t('fields.relatedArticles')} hint={t('fields.relatedHint')} error={fieldErrorText(errors.relatedArticleIds)}>
            {(control) => <input {...control} {...form.register('relatedArticleIds')} type="text" inputMode="numeric" />}
          </Field>
        </div>
        <SectionsEditor />
        <fieldset className="console-fieldset">
          <legend>{t('fields.options')}</legend>
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

function ArticlePreview({ item, tagName }: { item: ConsoleArticle | null; tagName: (id: string) => string }) {
  const values = useWatch() as Values;
  const publishAt = publishAtOf(values, item) ?? null;
  return <ContentPreview render={(lang) => <ArticleView article={articleForMembers(values, publishAt, lang, tagName)} signedIn />} />;
}
