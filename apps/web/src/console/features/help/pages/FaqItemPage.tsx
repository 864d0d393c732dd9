import '../help.css';
import { useState } from 'react';
import { FormProvider, get, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { faqItemInputSchema, type FaqItemFormValues, type FaqItemInput } from '@hibi/contract/console/help';
import { Field } from '../../../../components/Field.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { currentLocale } from '../../../../lib/i18n.ts';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import { useMe } from '../../../lib/me.ts';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges.ts';
import { useFaq, useFaqAction, useFaqItem, useSaveFaqItem } from '../api/help.ts';
import { RichField } from '../components/RichField.tsx';

interface Values {
  categoryId: string;
  title: { ja: string; en: string };
  html: { ja: string; en: string };
  fromDate: string;
  toDate: string;
}

/** /help/faq/new?category=… and /help/faq/:id: an FAQ item's category, texts in both languages and date window. */
export default function FaqItemPage() {
  const { t } = useTranslation('consoleHelp');
  const { id: param } = useParams();
  const id = param === undefined ? null : Number(param);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const item = useFaqItem(valid ? id : null);
  if (!valid) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  if (id === null) return <FaqItemEditor id={null} initial={null} />;
  return (
    <QueryState query={item} error={t('errors.loadItem')}>
      {item.data && <FaqItemEditor key={item.data.id} id={item.data.id} initial={item.data} />}
    </QueryState>
  );
}

function FaqItemEditor({
  id,
  initial,
}: {
  id: number | null;
  initial: {
    categoryId: number;
    title: { ja: string; en: string | null };
    html: { ja: string; en: string | null };
    fromDate: string | null;
    toDate: string | null;
  } | null;
}) {
  const { t } = useTranslation('consoleHelp');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const role = useMe()?.operator.role;
  const readOnly = role !== 'owner' && role !== 'editor';
  const faq = useFaq();
  const save = useSaveFaqItem();
  const action = useFaqAction();
  const [error, setError] = useState<string | null>(null);
  // A new item saved for the first time comes back here at its own address, saying so.
  const justSaved = Boolean((useLocation().state as { saved?: boolean } | null)?.saved);
  const [status, setStatus] = useState<StatusText | null>(justSaved ? { text: t('item.saved'), error: false } : null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const resolver: Resolver<Values, unknown, FaqItemInput> = async (values, context, options) => {
    const payload: FaqItemFormValues = {
      ...(id ? { id } : {}),
      categoryId: Number(values.categoryId),
      title: values.title,
      html: values.html,
      fromDate: values.fromDate,
      toDate: values.toDate,
    };
    return (zodResolver(faqItemInputSchema) as unknown as Resolver<FaqItemFormValues, unknown, FaqItemInput>)(
      payload,
      context,
      options as never,
    ) as never;
  };
  const form = useForm<Values, unknown, FaqItemInput>({
    defaultValues: {
      categoryId: String(initial?.categoryId ?? params.get('category') ?? ''),
      title: { ja: initial?.title.ja ?? '', en: initial?.title.en ?? '' },
      html: { ja: initial?.html.ja ?? '', en: initial?.html.en ?? '' },
      fromDate: initial?.fromDate ?? '',
      toDate: initial?.toDate ?? '',
    },
    resolver,
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty && !save.isPending && !readOnly);
  const errors = form.formState.errors;
  const locale = currentLocale();

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed) return setError(failureText(answer, { notFound: t('errors.notFound'), unknownCategory: t('errors.unknownCategory') }));
          form.reset(form.getValues());
          setStatus({ text: t('item.saved'), error: false });
          if (!id) {
            unsaved.allowNext();
            void navigate(`/help/faq/${answer.id}`, { replace: true, state: { saved: true } });
          }
        },
        onError: (thrown) => setError(callErrorText(thrown)),
      });
    },
    () => setError(t('fixErrors')),
  );

  return (
    <FormProvider {...form}>
      <div className="console-page console-editor">
        <p>
          <Link to="/help">{t('backToHelp')}</Link>
        </p>
        <h1>{id ? t('item.editTitle') : t('item.newTitle')}</h1>
        <form
          className="console-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormError>{error}</FormError>
          <fieldset className="help-fields" disabled={readOnly}>
            <legend className="visually-hidden">{t('item.legend')}</legend>
            <Field label={t('item.category')} error={fieldErrorText(get(errors, 'categoryId'))} requiredMark>
              {(c) => (
                <select {...c} {...form.register('categoryId')} required>
                  <option value="">{t('item.chooseCategory')}</option>
                  {faq.data?.categories.map((cat) => (
                    <option key={cat.id} value={String(cat.id)}>
                      {locale === 'en' && cat.title.en ? cat.title.en : cat.title.ja}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="console-localized">
              {(['ja', 'en'] as const).map((lang) => (
                <Field
                  key={lang}
                  label={t('item.titleIn', { language: t(`languages.${lang}`) })}
                  error={fieldErrorText(get(errors, `title.${lang}`))}
                  requiredMark={lang === 'ja'}
                >
                  {(c) => <input {...c} {...form.register(`title.${lang}`)} type="text" lang={lang} maxLength={200} required={lang === 'ja'} />}
                </Field>
              ))}
            </div>
            {(['ja', 'en'] as const).map((lang) => (
              <RichField key={lang} name={`html.${lang}`} label={t('item.answerIn', { language: t(`languages.${lang}`) })} lang={lang} />
            ))}
            <fieldset className="console-fieldset">
              <legend>{t('item.window')}</legend>
              <div className="help-window">
                <Field label={t('item.from')} error={fieldErrorText(get(errors, 'fromDate'))}>
                  {(c) => <input {...c} {...form.register('fromDate')} type="date" />}
                </Field>
                <Field label={t('item.to')} error={fieldErrorText(get(errors, 'toDate'))}>
                  {(c) => <input {...c} {...form.register('toDate')} type="date" />}
                </Field>
              </div>
              <p className="console-muted">{t('item.windowHint')}</p>
            </fieldset>
          </fieldset>
          {!readOnly && (
            <div className="console-savebar">
              <StatusMessage message={status} />
              {id && (
                <button type="button" className="button button--danger" onClick={() => setConfirmDelete(true)}>
                  {t('item.delete')}
                </button>
              )}
              <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
                {t('save')}
              </button>
            </div>
          )}
        </form>
        <ConfirmDialog
          open={confirmDelete}
          title={t('item.deleteTitle')}
          confirmLabel={t('item.delete')}
          cancelLabel={t('cancel')}
          busy={action.isPending}
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() =>
            id &&
            action.mutate(
              { action: 'deleteItem', id },
              {
                onSuccess: () => {
                  unsaved.allowNext();
                  void navigate('/help');
                },
                onError: (thrown) => setError(callErrorText(thrown)),
                onSettled: () => setConfirmDelete(false),
              },
            )
          }
        >
          <p>{t('item.deleteText')}</p>
        </ConfirmDialog>
        <ConfirmDialog
          open={unsaved.blocker.state === 'blocked'}
          title={t('leaveTitle')}
          confirmLabel={t('leave')}
          cancelLabel={t('stay')}
          onCancel={() => unsaved.blocker.reset?.()}
          onConfirm={() => unsaved.blocker.proceed?.()}
        >
          <p>{t('leaveText')}</p>
        </ConfirmDialog>
      </div>
    </FormProvider>
  );
}
