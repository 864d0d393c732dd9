import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { StatusMessage } from '../../../../components/FormMessage.tsx';
import { callErrorText } from '../../../lib/forms.ts';
import { useExportMembers } from '../api/tenants.ts';

/** The owners' CSV of a tenant's members (UTF-8 with BOM; no health data). */
export function ExportMembers({ tenantId }: { tenantId: number }) {
  const { t } = useTranslation('consolePeople');
  const exporting = useExportMembers();
  return (
    <section aria-labelledby="export-title" className="console-fieldset">
      <h2 id="export-title" className="console-editor__heading">
        {t('tenants.export.title')}
      </h2>
      <p className="console-muted">{t('tenants.export.text')}</p>
      <p>
        <button
          type="button"
          className="button button--outline"
          disabled={exporting.isPending}
          aria-busy={exporting.isPending || undefined}
          onClick={() => exporting.mutate(tenantId)}
        >
          {t('tenants.export.button')}
        </button>
      </p>
      <StatusMessage
        message={
          exporting.isSuccess
            ? { text: t('tenants.export.done', { name: exporting.data }), error: false }
            : exporting.isError
              ? { text: callErrorText(exporting.error, { notFound: t('tenants.notFound') }), error: true }
              : null
        }
      />
    </section>
  );
}
