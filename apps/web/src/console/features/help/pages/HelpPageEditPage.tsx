import '../help.css';
import { useState } from 'react';
import { FormProvider, get, useFieldArray, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { helpPageInputSchema, type HelpPageFormValues, type HelpPageInput } from '@hibi/contract/console/help';
import { HELP_PAGES, type HelpPageName } from '@hibi/contract/functions/help';
import { Field } from '../../../../components/Field.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import { useMe } from '../../../lib/me.ts';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges.ts';
import { useHelpPageDraft, useSaveHelpPage } from '../api/help.ts';
import { RichField } from '../components/RichField.tsx';

interface Values {
  title: string;
  lead: string;
  updatedOn: string;
  sections: { heading: string; html: string }[];
}

/** /help/pages/:page/:language/:version: a help page of the current terms version (a correction) or the next (a draft). */
export default function HelpPageEditPage() {
  const { t } = useTranslation('consoleHelp');
  const params = useParams();
  const page = params.page as HelpPageName;
  const language = params.language as 'ja' | 'en';
  const version = Number(params.version);
  const valid =
    (HELP_PAGES as readonly string[]).includes(page) && (language === 'ja' || language === 'en') && Number.isInteger(version) && version > 0;
  const draft = useHelpPageDraft(page, language, valid ? version : 1);
  if (!valid) return <p className="console-page form-error">{t('errors.notFound')}</p>;
  return (
    <QueryState query={draft} error={t('errors.versionNotEditable')}>
      {draft.data && <HelpPageEditor key={`${page}-${language}-${version}`} page={page} language={language} version={version} initial={draft.data} />}
    </QueryState>
  );
}

function HelpPageEditor({
  page,
  language,
  version,
  initial,
}: {
  page: HelpPageName;
  language: 'ja' | 'en';
  version: number;
  initial: { termsVersion: number; own: boolean; title: string; lead: string; updatedOn: string; sections: { heading: string; html: string }[] };
}) {
  const { t } = useTranslation('consoleHelp');
  const role = useMe()?.operator.role;
  const readOnly = role !== 'owner' && role !== 'editor';
  const save = useSaveHelpPage();
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<StatusText | null>(null);
  const resolver: Resolver<Values, unknown, HelpPageInput> = async (values, context, options) => {
    const payload: HelpPageFormValues = { page, language, version, ...values };
    return (zodResolver(helpPageInputSchema) as unknown as Resolver<HelpPageFormValues, unknown, HelpPageInput>)(
      payload,
      context,
      options as never,
    ) as never;
  };
  const form = useForm<Values, unknown, HelpPageInput>({
    defaultValues: { title: initial.title, lead: initial.lead, updatedOn: initial.updatedOn, sections: initial.sections },
    resolver,
  });
  const sections = useFieldArray({ control: form.control, name: 'sections' });
  const unsaved = useUnsavedChanges(form.formState.isDirty && !save.isPending && !readOnly);
  const errors = form.formState.errors;
  const isNext = version > initial.termsVersion;
  const pageName = t('pages.pageIn', { page: t(`pages.names.${page}`), language: t(`languages.${language}`) });

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed) return setError(failureText(answer, { versionNotEditable: t('errors.versionNotEditable') }));
          form.reset(form.getValues());
          setStatus({ text: isNext ? t('page.savedDraft', { version }) : t('page.savedCurrent'), error: false });
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
        <h1>{t('page.title', { name: pageName })}</h1>
        <div className="console-notice" role="note">
          <p>{isNext ? t('page.nextNote', { version, current: initial.termsVersion }) : t('page.currentNote', { version })}</p>
          {!initial.own && <p>{t('page.startingPoint')}</p>}
        </div>
        <form
          className="console-form"
          noValidate
          lang={language}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <FormError>{error}</FormError>
          <fieldset className="help-fields" disabled={readOnly}>
            <legend className="visually-hidden">{pageName}</legend>
            <Field label={t('page.pageTitle')} error={fieldErrorText(get(errors, 'title'))} requiredMark>
              {(c) => <input {...c} {...form.register('title')} type="text" maxLength={200} required />}
            </Field>
            <Field label={t('page.lead')} error={fieldErrorText(get(errors, 'lead'))}>
              {(c) => <textarea {...c} {...form.register('lead')} rows={3} maxLength={2000} />}
            </Field>
            <Field label={t('page.updatedOn')} error={fieldErrorText(get(errors, 'updatedOn'))} requiredMark>
              {(c) => <input {...c} {...form.register('updatedOn')} type="date" required />}
            </Field>
            <ol className="help-sections">
              {sections.fields.map((field, n) => (
                <li key={field.id} className="console-section">
                  <div className="help-category__head">
                    <h2 className="console-editor__heading">{t('page.section', { number: n + 1 })}</h2>
                    {!readOnly && (
                      <div className="help-tools">
                        <button
                          type="button"
                          className="button button--outline button--small"
                          disabled={n === 0}
                          onClick={() => sections.move(n, n - 1)}
                        >
                          {t('faq.up')}
                          <span className="visually-hidden"> {t('page.section', { number: n + 1 })}</span>
                        </button>
                        <button
                          type="button"
                          className="button button--outline button--small"
                          disabled={n === sections.fields.length - 1}
                          onClick={() => sections.move(n, n + 1)}
                        >
                          {t('faq.down')}
                          <span className="visually-hidden"> {t('page.section', { number: n + 1 })}</span>
                        </button>
                        <button
                          type="button"
                          className="button button--danger button--small"
                          disabled={sections.fields.length <= 1}
                          onClick={() => sections.remove(n)}
                        >
                          {t('faq.delete')}
                          <span className="visually-hidden"> {t('page.section', { number: n + 1 })}</span>
                        </button>
                      </div>
                    )}
                  </div>
                  <Field label={t('page.heading', { number: n + 1 })} error={fieldErrorText(get(errors, `sections.${n}.heading`))} requiredMark>
                    {(c) => <input {...c} {...form.register(`sections.${n}.heading`)} type="text" maxLength={200} required />}
                  </Field>
                  <RichField name={`sections.${n}.html`} label={t('page.text', { number: n + 1 })} lang={language} />
                </li>
              ))}
            </ol>
            {!readOnly && (
              <button
                type="button"
                className="button button--outline"
                onClick={() => sections.append({ heading: '', html: '' }, { focusName: `sections.${sections.fields.length}.heading` })}
              >
                {t('page.addSection')}
              </button>
            )}
          </fieldset>
          {!readOnly && (
            <div className="console-savebar">
              <StatusMessage message={status} />
              <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
                {isNext ? t('page.saveDraft', { version }) : t('page.saveCurrent')}
              </button>
            </div>
          )}
        </form>
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
