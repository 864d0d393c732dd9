import { lazy, Suspense, useRef, useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { magazineIssueInputSchema, MAGAZINE_SUBJECT_MAX, type ConsoleMagazineIssue, type MagazineIssueInput } from '@hibi/contract/console/magazine';
import { Field } from '../../../../components/Field.tsx';
import { Spinner } from '../../../../components/Spinner.tsx';
import type { StatusText } from '../../../../components/FormMessage.tsx';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges.ts';
import { EditorFrame } from '../../../components/editor/EditorFrame.tsx';
import { LocalizedInput } from '../../../components/editor/LocalizedInput.tsx';
import { MediaPicker } from '../../../components/editor/MediaPicker.tsx';
import { useSaveMagazineIssue } from '../api/save-issue.ts';
import { formToPayload, issueToForm, type MagazineForm } from './values.ts';
import { MagazinePreview } from './MagazinePreview.tsx';
import { MagazineSending } from './MagazineSending.tsx';
import { MagazineStateBadge } from './MagazineStateBadge.tsx';

// TipTap is its own chunk, loaded with the editor (as the announcements' sections load it).
const RichTextEditor = lazy(() => import('../../../components/RichTextEditor.tsx'));

/**
 * The issue editor (owners and editors; docs/requirements/magazine.md#magazine-console): the subject and the body in
 * Japanese and English, the body in the announcements' rich-text editor with images from the media library; checked
 * with the contract's schema; saved as a draft (a scheduled issue keeps its time); unsaved changes guarded. A saved
 * issue also has its test mail, schedule and send-now below the form.
 */
export function MagazineEditor({ issue }: { issue: ConsoleMagazineIssue | null }) {
  const { t } = useTranslation('consoleMagazine');
  const navigate = useNavigate();
  const save = useSaveMagazineIssue();
  const [error, setError] = useState<string | null>(null);
  // A new issue saved for the first time comes back here at its own address, saying how it was saved.
  const savedState = (useLocation().state as { saved?: string } | null)?.saved;
  const [status, setStatus] = useState<StatusText | null>(
    savedState ? { text: t('editor.saved', { state: t(`states.${savedState}`) }), error: false } : null,
  );
  const [previewOpen, setPreviewOpen] = useState(false);
  const issueID = issue?.issueID ?? null;

  const resolver: Resolver<MagazineForm, unknown, MagazineIssueInput> = async (values, context, options) =>
    (zodResolver(magazineIssueInputSchema) as unknown as Resolver<ReturnType<typeof formToPayload>, unknown, MagazineIssueInput>)(
      formToPayload(values, issueID),
      context,
      options as never,
    ) as never;
  const form = useForm<MagazineForm, unknown, MagazineIssueInput>({ defaultValues: issueToForm(issue), resolver, mode: 'onSubmit' });
  const dirty = form.formState.isDirty;
  const unsaved = useUnsavedChanges(dirty && !save.isPending);

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed)
            return setError(
              failureText(answer, { notFound: t('editor.notFound'), alreadySent: t('editor.alreadySent'), bodyEmpty: t('editor.bodyEmpty') }),
            );
          form.reset(form.getValues());
          setStatus({ text: t('editor.saved', { state: t(`states.${answer.state}`) }), error: false });
          if (issueID === null) {
            unsaved.allowNext();
            void navigate(`/magazine/${answer.issueID}`, { replace: true, state: { saved: answer.state } });
          }
        },
        onError: (thrown) => setError(callErrorText(thrown)),
      });
    },
    () => {
      setStatus(null);
      setError(t('editor.fixErrors'));
    },
  );

  return (
    <FormProvider {...form}>
      <EditorFrame
        title={issue ? t('editor.editTitle') : t('editor.newTitle')}
        error={error}
        status={status}
        saving={save.isPending}
        dirty={dirty}
        onSubmit={() => void submit()}
        previewOpen={previewOpen}
        onTogglePreview={() => setPreviewOpen((open) => !open)}
        unsaved={unsaved}
        preview={<FormPreview />}
      >
        {issue && (
          <p className="console-meta">
            <MagazineStateBadge state={issue.state} />
          </p>
        )}
        <LocalizedInput name="subject" label={t('editor.subject')} required maxLength={MAGAZINE_SUBJECT_MAX} />
        <BodyEditor />
      </EditorFrame>
      {issue && <MagazineSending issue={issue} dirty={dirty} />}
    </FormProvider>
  );
}

/** The preview of what the form holds now, saved or not. */
function FormPreview() {
  const values = useWatch() as MagazineForm;
  return <MagazinePreview values={values} />;
}

/** The body in both languages: the rich-text editor, and an image from the media library at the cursor. */
function BodyEditor() {
  const { t } = useTranslation('consoleMagazine');
  return (
    <fieldset className="console-fieldset">
      <legend>{t('editor.body')}</legend>
      <p className="field__hint">{t('editor.bodyHint')}</p>
      {(['ja', 'en'] as const).map((lang) => (
        <BodyLanguage key={lang} lang={lang} />
      ))}
    </fieldset>
  );
}

function BodyLanguage({ lang }: { lang: 'ja' | 'en' }) {
  const { t } = useTranslation(['consoleMagazine', 'consoleContent']);
  const { control } = useFormContext<MagazineForm>();
  const [picking, setPicking] = useState(false);
  // The editor's own insert, handed over when its image button asks for a picture.
  const insert = useRef<((image: { src: string; alt: string }) => void) | null>(null);
  const label = t('consoleContent:editor.inLanguage', { label: t('editor.body'), language: t(`consoleContent:editor.languages.${lang}`) });
  return (
    <>
      <Controller
        control={control}
        name={`body.${lang}`}
        render={({ field, fieldState }) => (
          <Field label={label} error={fieldErrorText(fieldState.error)} requiredMark={lang === 'ja'}>
            {(controlProps) => (
              <Suspense fallback={<Spinner />}>
                <RichTextEditor
                  id={controlProps.id}
                  describedBy={controlProps['aria-describedby']}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  label={label}
                  lang={lang}
                  onInsertImage={(insertImage) => {
                    insert.current = insertImage;
                    setPicking(true);
                  }}
                  insertImageLabel={t('editor.insertImage')}
                />
              </Suspense>
            )}
          </Field>
        )}
      />
      <MediaPicker
        kind="image"
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(media) => {
          const alt = window.prompt(t('editor.imageAlt'))?.trim() ?? '';
          insert.current?.({ src: media.url, alt });
        }}
      />
    </>
  );
}
