import { useState } from 'react';
import { FormProvider, get, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { surveyInputSchema, type ConsoleSurvey, type SurveyInput } from '@hibi/contract/console/surveys';
import { TITLE_MAX } from '@hibi/contract/console/protocol';
import { Field } from '../../../../components/Field.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { currentLocale } from '../../../../lib/i18n.ts';
import { callErrorText, failureText, fieldErrorText } from '../../../lib/forms.ts';
import { useSaveSurvey, useSurveyAction, useSurveyTenants } from '../api/surveys.ts';
import { useUnsavedChanges } from '../../../lib/useUnsavedChanges.ts';
import { QuestionBuilder } from './QuestionBuilder.tsx';
import { localized, SurveyStateBadge } from './SurveyStateBadge.tsx';
import { TextPair } from './TextPair.tsx';
import { toForm, toPayload, type SurveyForm } from './values.ts';

/**
 * The survey editor: titles, audience (everyone or chosen companies), contract-only, the answer window in Tokyo time,
 * draft or published, and the questions. A survey with answers keeps its structure: the form then edits texts and the
 * window only and says why. `readOnly` (support): the same form, every control disabled.
 */
export function SurveyEditor({ item, readOnly = false }: { item: ConsoleSurvey | null; readOnly?: boolean }) {
  const { t } = useTranslation('consoleSurveys');
  const navigate = useNavigate();
  const save = useSaveSurvey();
  const action = useSurveyAction();
  const tenants = useSurveyTenants();
  const locale = currentLocale();
  const locked = (item?.answerCount ?? 0) > 0;
  const [error, setError] = useState<string | null>(null);
  const savedState = (useLocation().state as { saved?: string } | null)?.saved;
  const [status, setStatus] = useState<StatusText | null>(
    savedState ? { text: t('editor.saved', { state: t(`states.${savedState}`) }), error: false } : null,
  );

  const resolver: Resolver<SurveyForm, unknown, SurveyInput> = async (values, context, options) =>
    (zodResolver(surveyInputSchema) as unknown as Resolver<ReturnType<typeof toPayload>, unknown, SurveyInput>)(
      toPayload(values, item?.id),
      context,
      options as never,
    ) as never;
  const form = useForm<SurveyForm, unknown, SurveyInput>({ defaultValues: toForm(item), resolver, mode: 'onSubmit' });
  const unsaved = useUnsavedChanges(form.formState.isDirty && !save.isPending && !readOnly);
  const audience = form.watch('audience');
  const errors = form.formState.errors;

  const submit = form.handleSubmit(
    (payload) => {
      setError(null);
      setStatus(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          if (!answer.succeed) {
            return setError(
              failureText(answer, {
                notFound: t('errors.notFound'),
                unknownTenant: t('errors.unknownTenant'),
                surveyHasAnswers: t('errors.surveyHasAnswers'),
              }),
            );
          }
          form.reset(form.getValues());
          setStatus({ text: t('editor.saved', { state: t(`states.${answer.state}`) }), error: false });
          if (!item) {
            unsaved.allowNext();
            void navigate(`/surveys/${answer.id}`, { replace: true, state: { saved: answer.state } });
          }
        },
        onError: (thrown) => setError(callErrorText(thrown)),
      });
    },
    () => setError(t('editor.fixErrors')),
  );

  function duplicate() {
    if (!item) return;
    action.mutate(
      { action: 'duplicate', id: item.id },
      {
        onSuccess: (id) => {
          unsaved.allowNext();
          void navigate(`/surveys/${id}`, { state: { saved: 'draft' } });
        },
        onError: (thrown) => setError(callErrorText(thrown)),
      },
    );
  }

  return (
    <FormProvider {...form}>
      <div className="console-page console-editor">
        <div className="console-page__head">
          <h1>{item ? (readOnly ? localized(item.title, locale) : t('editor.editTitle')) : t('editor.newTitle')}</h1>
          {item && (
            <div className="console-page__actions">
              {!readOnly && (
                <Link className="button button--outline" to={`/surveys/${item.id}/results`}>
                  {t('editor.results', { count: item.answerCount })}
                </Link>
              )}
              {!readOnly && (
                <button type="button" className="button button--outline" onClick={duplicate} disabled={action.isPending}>
                  {t('actions.duplicate')}
                </button>
              )}
            </div>
          )}
        </div>
        {item && (
          <p className="console-meta">
            <SurveyStateBadge state={item.state} /> {t('editor.answerCount', { count: item.answerCount })}
          </p>
        )}
        {locked && !readOnly && (
          <div className="console-notice" role="note">
            <p>
              <strong>{t('editor.lockedTitle')}</strong>
            </p>
            <p>{t('editor.lockedText', { count: item?.answerCount ?? 0 })}</p>
          </div>
        )}
        <form
          className="console-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <FormError>{error}</FormError>
          <fieldset className="survey-editor__fields" disabled={readOnly}>
            <legend className="visually-hidden">{t('editor.fieldsLegend')}</legend>
            <TextPair name="title" label={t('fields.title')} required maxLength={TITLE_MAX} />
            <fieldset className="console-fieldset">
              <legend>{t('fields.window')}</legend>
              <div className="survey-editor__window">
                <Field label={t('fields.from')} error={fieldErrorText(get(errors, 'fromDateTime'))} requiredMark>
                  {(c) => <input {...c} {...form.register('fromDateTime')} type="datetime-local" required />}
                </Field>
                <Field label={t('fields.to')} error={fieldErrorText(get(errors, 'toDateTime'))} requiredMark>
                  {(c) => <input {...c} {...form.register('toDateTime')} type="datetime-local" required />}
                </Field>
              </div>
              <p className="console-muted">{t('fields.windowHint')}</p>
            </fieldset>
            <fieldset className="console-fieldset">
              <legend>{t('fields.audience')}</legend>
              <label className="console-check">
                <input type="radio" value="all" {...form.register('audience')} disabled={locked} />
                {t('fields.everyone')}
              </label>
              <label className="console-check">
                <input type="radio" value="tenants" {...form.register('audience')} disabled={locked} />
                {t('fields.chosenTenants')}
              </label>
              {audience === 'tenants' && (
                <fieldset className="survey-editor__tenants">
                  <legend>{t('fields.tenants')}</legend>
                  {tenants.isPending && <p className="console-muted">{t('fields.tenantsLoading')}</p>}
                  {tenants.isError && <p className="form-error">{t('fields.tenantsError')}</p>}
                  {tenants.data?.map((tenant) => (
                    <label key={tenant.id} className="console-check">
                      <input type="checkbox" value={String(tenant.id)} {...form.register('tenantIds')} disabled={locked} />
                      {localized(tenant.name, locale)}
                    </label>
                  ))}
                  {fieldErrorText(get(errors, 'tenantIds')) && <p className="form-error">{fieldErrorText(get(errors, 'tenantIds'))}</p>}
                </fieldset>
              )}
              <label className="console-check">
                <input type="checkbox" {...form.register('contractOnly')} disabled={locked} />
                {t('fields.contractOnly')}
              </label>
            </fieldset>
            <QuestionBuilder locked={locked || readOnly} />
            <fieldset className="console-fieldset">
              <legend>{t('fields.publish')}</legend>
              <label className="console-check">
                <input type="radio" value="draft" {...form.register('publish')} />
                {t('fields.draft')}
              </label>
              <label className="console-check">
                <input type="radio" value="publish" {...form.register('publish')} />
                {t('fields.published')}
              </label>
            </fieldset>
          </fieldset>
          {!readOnly && (
            <div className="console-savebar">
              <StatusMessage message={status} />
              {form.formState.isDirty && <p className="console-muted">{t('editor.unsaved')}</p>}
              <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
                {t('editor.save')}
              </button>
            </div>
          )}
        </form>
        <ConfirmDialog
          open={unsaved.blocker.state === 'blocked'}
          title={t('editor.leaveTitle')}
          confirmLabel={t('editor.leave')}
          cancelLabel={t('editor.stay')}
          onCancel={() => unsaved.blocker.reset?.()}
          onConfirm={() => unsaved.blocker.proceed?.()}
        >
          <p>{t('editor.leaveText')}</p>
        </ConfirmDialog>
      </div>
    </FormProvider>
  );
}
