import { useRef, type ReactNode } from 'react';
import { useFormContext, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ErrorSummary } from '../../../components/ErrorSummary.tsx';
import { failureText } from '../../../lib/forms.ts';
import { ERROR_FIELDS, pointsErrorTexts } from './errors.ts';

/**
 * Checks a form with the contract's schema on the payload it makes, so every field shows the contract's own message
 * (the same texts the server answers with) before anything is sent.
 */
export function payloadResolver<F extends FieldValues, P>(schema: z.ZodType, toPayload: (values: F) => unknown): Resolver<F, unknown, P> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<Record<string, unknown>, unknown, P>;
  return (async (values: F, context: unknown, options: unknown) =>
    resolve(toPayload(values) as Record<string, unknown>, context, options as never)) as never;
}

/**
 * A business refusal in words: on the form, and on its field when the code belongs to one (ERROR_FIELDS, or `fields`
 * for this editor's own names).
 */
export function refusalText<F extends FieldValues>(
  form: UseFormReturn<F, unknown, never> | UseFormReturn<F, unknown, unknown>,
  answer: { errorCode: string; validationErrorMessage?: string[] },
  t: (key: string) => string,
  fields: Record<string, string> = {},
): string {
  const field = fields[answer.errorCode] ?? ERROR_FIELDS[answer.errorCode];
  const texts = pointsErrorTexts(t);
  if (field && texts[answer.errorCode])
    (form as UseFormReturn<FieldValues>).setError(field, { type: 'pointsRule', message: texts[answer.errorCode] });
  return failureText(answer, texts);
}

/**
 * An editor on a points page: its heading (focused when it opens), the form's message and the summary of the fields that
 * stop the save on top, the fields, and the save bar with Cancel.
 */
export function EditorPanel({
  title,
  headingRef,
  error,
  status,
  saving,
  onSubmit,
  onCancel,
  children,
}: {
  title: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
  error: string | null;
  status: StatusText | null;
  saving: boolean;
  onSubmit: () => void;
  onCancel?: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('consolePoints');
  const formRef = useRef<HTMLFormElement>(null);
  const { formState } = useFormContext();
  const failed = formState.submitCount > 0 && Object.keys(formState.errors).length > 0;
  return (
    <section className="points-panel" aria-label={title}>
      <h2 ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      <form
        ref={formRef}
        className="console-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <FormError>{error}</FormError>
        <ErrorSummary errors={formState.errors} formRef={formRef} show={failed} />
        {children}
        <div className="console-savebar">
          <StatusMessage message={status} />
          {onCancel && (
            <button type="button" className="button button--outline" onClick={onCancel}>
              {t('editor.cancel')}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving || undefined}>
            {t('editor.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
