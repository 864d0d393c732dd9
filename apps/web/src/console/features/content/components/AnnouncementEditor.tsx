import { useState } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { announcementInputSchema, type AnnouncementInput, type ConsoleAnnouncement } from '@hibi/contract/console/content';
import { AnnouncementView } from '../../../../features/announcements/components/AnnouncementView.tsx';
import type { StatusText } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText } from '../../../lib/forms.ts';
import { useSaveAnnouncement } from '../api/save-announcement.ts';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges.ts';
import { EditorFrame } from '../../../components/editor/EditorFrame.tsx';
import { ImageList } from '../../../components/editor/ImageList.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { PublishControls } from '../../../components/editor/PublishControls.tsx';
import { SectionsEditor } from '../../../components/editor/SectionsEditor.tsx';
import { publishAtOf, publishFieldsOf, type PublishFields } from '../../../components/editor/publish.ts';
import { announcementForMembers, fromLocalized, sectionToForm, sectionsToPayload, type AnnouncementForm } from '../../../components/editor/values.ts';
import { ContentPreview } from '../../../components/preview/ContentPreview.tsx';
import { StateBadge } from '../../../components/StateBadge.tsx';

type Values = AnnouncementForm & PublishFields;

function toValues(item: ConsoleAnnouncement | null): Values {
  return {
    title: fromLocalized(item?.title),
    images: (item?.images ?? []).map((image) => ({ url: image.url, alt: fromLocalized(image.alt) })),
    sections: (item?.sections ?? []).map(sectionToForm),
    isImportant: item?.isImportant ?? false,
    contractOnly: item?.contractOnly ?? false,
    ...publishFieldsOf(item),
  };
}

/**
 * The announcement editor (owners and editors): titles, head images with alt text, sections of every kind, the
 * important and contract-only flags, draft / publish / schedule; checked with the contract's schema (React Hook Form),
 * previewed with the member page's own components.
 */
export function AnnouncementEditor({ item }: { item: ConsoleAnnouncement | null }) {
  const { t } = useTranslation('consoleContent');
  const navigate = useNavigate();
  const save = useSaveAnnouncement();
  const [error, setError] = useState<string | null>(null);
  // A new item saved for the first time comes back here at its own address, saying how it was saved.
  const savedState = (useLocation().state as { saved?: string } | null)?.saved;
  const [status, setStatus] = useState<StatusText | null>(
    savedState ? { text: t('editor.saved', { state: t(`states.${savedState}`) }), error: false } : null,
  );
  const [previewOpen, setPreviewOpen] = useState(false);

  const resolver: Resolver<Values, unknown, AnnouncementInput> = async (values, context, options) => {
    const publishAt = publishAtOf(values, item);
    if (publishAt === undefined) {
      return { values: {}, errors: { scheduleAt: { type: 'required', message: t('publish.atRequired') } } };
    }
    const payload = {
      ...(item ? { id: item.id } : {}),
      title: values.title,
      images: values.images,
      sections: sectionsToPayload(values.sections),
      isImportant: values.isImportant,
      contractOnly: values.contractOnly,
      publishAt,
    };
    return (zodResolver(announcementInputSchema) as unknown as Resolver<typeof payload, unknown, AnnouncementInput>)(
      payload,
      context,
      options as never,
    ) as never;
  };
  const form = useForm<Values, unknown, AnnouncementInput>({ defaultValues: toValues(item), resolver, mode: 'onSubmit' });
  const unsaved = useUnsavedChanges(form.formState.isDirty && !save.isPending);

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed) return setError(failureText(answer, { notFound: t('editor.notFound') }));
          form.reset(form.getValues());
          setStatus({ text: t('editor.saved', { state: t(`states.${answer.state}`) }), error: false });
          if (!item) {
            unsaved.allowNext();
            void navigate(`/announcements/${answer.id}`, { replace: true, state: { saved: answer.state } });
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

  return (
    <FormProvider {...form}>
      <EditorFrame
        title={item ? t('announcements.edit') : t('announcements.new')}
        error={error}
        status={status}
        saving={save.isPending}
        dirty={form.formState.isDirty}
        onSubmit={() => void submit()}
        previewOpen={previewOpen}
        onTogglePreview={() => setPreviewOpen((v) => !v)}
        unsaved={unsaved}
        preview={<AnnouncementPreview item={item} />}
      >
        {item && (
          <p className="console-meta">
            <StateBadge state={item.state} />
          </p>
        )}
        <LocalizedInput name="title" label={t('fields.title')} required maxLength={200} />
        <ImageList name="images" label={t('fields.headImages')} max={10} />
        <SectionsEditor />
        <fieldset className="console-fieldset">
          <legend>{t('fields.options')}</legend>
          <label className="console-check">
            <input type="checkbox" {...form.register('isImportant')} />
            {t('fields.isImportant')}
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

function AnnouncementPreview({ item }: { item: ConsoleAnnouncement | null }) {
  const values = useWatch() as Values;
  const publishAt = publishAtOf(values, item) ?? null;
  return <ContentPreview render={(lang) => <AnnouncementView announcement={announcementForMembers(values, publishAt, lang)} signedIn />} />;
}
