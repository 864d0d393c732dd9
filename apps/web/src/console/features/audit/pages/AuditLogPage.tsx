import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../../lib/i18n/react.tsx';
import { Field } from '../../../../components/Field.tsx';
import { QueryState } from '../../../../components/QueryState.tsx';
import { ListTable } from '../../../components/list/ConsoleList.tsx';
import { formatDateTime, fromTokyoInput } from '../../../lib/time.ts';
import { useAuditOperators, useAuditPage, type AuditFilters } from '../api/audit-log.ts';

/**
 * The audit log (owners only): every write, sign-in, sign-out, export and denial, newest first; filtered by operator,
 * action and a date range (Japan time), paged in SQL by cursor.
 */
export default function AuditLogPage() {
  const { t } = useTranslation('consoleAdmin');
  const operators = useAuditOperators();
  const [draft, setDraft] = useState({ operatorId: '', action: '', from: '', to: '' });
  const [filters, setFilters] = useState<AuditFilters>({});
  // The cursors of the pages seen so far: the last is the page shown (null: the first page).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors.at(-1) ?? null;
  const page = useAuditPage(filters, cursor);
  const entries = page.data?.entries ?? [];
  // Every action the log records, in words (a test keeps one for each console function and other action, both languages).
  const actionLabels = t('auditActions', { returnObjects: true }) as Record<string, string>;

  function apply(event: FormEvent) {
    event.preventDefault();
    const from = draft.from ? fromTokyoInput(`${draft.from}T00:00`) : null;
    const to = draft.to ? fromTokyoInput(`${draft.to}T00:00`) : null;
    setFilters({
      ...(draft.operatorId ? { operatorId: Number(draft.operatorId) } : {}),
      ...(draft.action ? { action: draft.action } : {}),
      ...(from !== null ? { from } : {}),
      // The end date is included: up to the start of the next day.
      ...(to !== null ? { to: to + 86_400_000 } : {}),
    });
    setCursors([null]);
  }

  return (
    <div className="console-page">
      <h1>{t('audit.title')}</h1>
      <form className="console-filters" onSubmit={apply} role="search" aria-label={t('audit.filters')}>
        <Field label={t('audit.operator')}>
          {(control) => (
            <select {...control} value={draft.operatorId} onChange={(e) => setDraft({ ...draft, operatorId: e.target.value })}>
              <option value="">{t('audit.anyone')}</option>
              {(operators.data?.operators ?? []).map((op) => (
                <option key={op.id} value={op.id}>
                  {op.displayName} ({op.email})
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('audit.action')} hint={t('audit.actionHint')}>
          {(control) => (
            <input
              {...control}
              list="audit-actions"
              value={draft.action}
              maxLength={60}
              pattern="[A-Za-z.]*"
              onChange={(e) => setDraft({ ...draft, action: e.target.value.trim() })}
            />
          )}
        </Field>
        <datalist id="audit-actions">
          {Object.entries(actionLabels).map(([action, label]) => (
            <option key={action} value={action}>
              {label}
            </option>
          ))}
        </datalist>
        <Field label={t('audit.from')}>
          {(control) => <input {...control} type="date" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />}
        </Field>
        <Field label={t('audit.to')}>
          {(control) => <input {...control} type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />}
        </Field>
        <button type="submit" className="button button--outline">
          {t('audit.apply')}
        </button>
      </form>
      <QueryState query={page} isEmpty={entries.length === 0} empty={t('audit.empty')} error={t('audit.loadError')}>
        <ListTable
          label={t('audit.title')}
          rows={entries}
          rowKey={(entry) => entry.id}
          columns={[
            {
              key: 'at',
              header: t('audit.at'),
              primary: true,
              cell: (entry) => <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>,
            },
            { key: 'operator', header: t('audit.operator'), breakAnywhere: true, cell: (entry) => entry.operatorEmail ?? '—' },
            {
              key: 'action',
              header: t('audit.action'),
              breakAnywhere: true,
              // The action in words (issue 55, item 7); its name, which the filter takes, small beneath.
              cell: (entry) => (
                <>
                  {t(`auditActions.${entry.action}`, { defaultValue: entry.action })}
                  <div className="console-muted">
                    <code>{entry.action}</code>
                  </div>
                </>
              ),
            },
            {
              key: 'target',
              header: t('audit.target'),
              cell: (entry) => (entry.targetType ? `${entry.targetType} ${entry.targetId ?? ''}` : '—'),
            },
            { key: 'summary', header: t('audit.summary'), cell: (entry) => entry.summary },
            { key: 'address', header: t('audit.address'), breakAnywhere: true, cell: (entry) => entry.ip ?? '—' },
          ]}
        />
      </QueryState>
      <nav className="console-pager" aria-label={t('audit.paging')}>
        <button
          type="button"
          className="button button--outline button--small"
          disabled={cursors.length === 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          {t('audit.newer')}
        </button>
        <button
          type="button"
          className="button button--outline button--small"
          disabled={!page.data?.nextCursor}
          onClick={() => page.data?.nextCursor && setCursors([...cursors, page.data.nextCursor])}
        >
          {t('audit.older')}
        </button>
      </nav>
    </div>
  );
}
