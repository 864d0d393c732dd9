import { useRef, type ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { ErrorSummary } from '../ErrorSummary.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { FormError, StatusMessage, type StatusText } from '../../../components/FormMessage.tsx';
import type { useUnsavedChanges } from '../../lib/useUnsavedChanges.ts';

/** The editor's frame: the form's messages on top, its fields, the save bar, and the leave-without-saving question. */
export function EditorFrame({
  title,
  error,
  status,
  saving,
  dirty,
  onSubmit,
  onTogglePreview,
  previewOpen,
  unsaved,
  children,
  preview,
}: {
  title: string;
  error: string | null;
  status: StatusText | null;
  saving: boolean;
  dirty: boolean;
  onSubmit: () => void;
  onTogglePreview: () => void;
  previewOpen: boolean;
  unsaved: ReturnType<typeof useUnsavedChanges>;
  children: ReactNode;
  preview: ReactNode;
}) {
  const { t } = useTranslation('consoleContent');
  const formRef = useRef<HTMLFormElement>(null);
  // The fields that stop the save, each named and linked (issue 55, item 3): after a failed submit, until fixed.
  const { formState } = useFormContext();
  const failed = formState.submitCount > 0 && Object.keys(formState.errors).length > 0;
  return (
    <div className="console-page console-editor">
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
          <button
            type="button"
            className="button button--outline"
            aria-expanded={previewOpen}
            aria-controls="content-preview"
            onClick={onTogglePreview}
          >
            {t(previewOpen ? 'preview.hide' : 'preview.show')}
          </button>
          <button type="submit" className="button button--primary" disabled={saving} aria-busy={saving || undefined}>
            {t('editor.save')}
          </button>
        </div>
      </form>
      <div id="content-preview">{previewOpen && preview}</div>
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
