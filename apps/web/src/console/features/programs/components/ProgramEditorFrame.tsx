import { useRef, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { ConfirmDialog } from '../../../../components/ConfirmDialog.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../../components/FormMessage.tsx';
import { ErrorSummary } from '../../../components/ErrorSummary.tsx';
import type { useUnsavedChanges } from '../../../lib/useUnsavedChanges.ts';

/**
 * A program editor's frame (the content editors' EditorFrame without a preview): the form's message and the summary of
 * the fields that stop the save on top, the fields, the save bar, and the leave-without-saving question.
 */
export function ProgramEditorFrame({
  title,
  back,
  error,
  status,
  saving,
  dirty,
  onSubmit,
  unsaved,
  children,
}: {
  title: string;
  back: ReactNode;
  error: string | null;
  status: StatusText | null;
  saving: boolean;
  dirty: boolean;
  onSubmit: () => void;
  unsaved: ReturnType<typeof useUnsavedChanges>;
  children: ReactNode;
}) {
  const { t } = useTranslation('consolePrograms');
  const formRef = useRef<HTMLFormElement>(null);
  const { formState } = useFormContext();
  const failed = formState.submitCount > 0 && Object.keys(formState.errors).length > 0;
  return (
    <div className="console-page console-editor">
      <p>{back}</p>
      <h1>{title}</h1>
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
          {dirty && <p className="console-muted">{t('editor.unsaved')}</p>}
          <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving || undefined}>
            {t('editor.save')}
          </button>
        </div>
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
  );
}
