import './list.css';
import { useEffect, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import { Field } from '../../../components/Field.tsx';
import { QueryState, type QueryStatus } from '../../../components/QueryState.tsx';
import { Spinner } from '../../../components/Spinner.tsx';
import { Pager } from '../Pager.tsx';
import type { ListState } from './useListState.ts';

/** A column: its header, its cell, and the sort orders its header switches between (ascending may be absent). */
export interface ListColumn<R, S extends string = never> {
  key: string;
  header: string;
  cell: (row: R) => ReactNode;
  sort?: { asc: S | null; desc: S };
  /** The row's name (a row header): the title of the row's card on a phone. One column a list. */
  primary?: boolean;
  /** Long unbroken values (addresses, errors) that may wrap anywhere. */
  breakAnywhere?: boolean;
}

/** A filter's control: the spec says whether it is a search box or a choice; a choice lists the spec's values. */
export interface ListFilterField<F extends string> {
  name: F;
  label: string;
  hint?: string;
  /** A choice's "any" option. */
  anyLabel?: string;
  /** A choice's option label. */
  optionLabel?: (value: string) => string;
}

/**
 * The console's one list (decision 155): filters, a table with sortable headers, the pager, and the loading, error and
 * empty states, with every part of its state in the address (useListState). On a desktop a real table; on a phone
 * (below 640 px) the same table laid out as a card a row (its name first, then labelled values, then the actions),
 * so nothing scrolls sideways and the table's semantics stay.
 */
export function ConsoleList<R, F extends string, S extends string>({
  list,
  label,
  query,
  rows,
  total,
  rowKey,
  columns,
  actions,
  filters,
  searchLabel,
  submitLabel,
  notice,
  idle,
  empty,
  error,
  wide = false,
}: {
  list: ListState<F, S>;
  /** The table's name (its caption and region). */
  label: string;
  query: QueryStatus & { isPlaceholderData?: boolean };
  rows: readonly R[];
  total: number;
  rowKey: (row: R) => Key;
  columns: readonly ListColumn<R, S>[];
  /** The actions column, when the operator has any. */
  actions?: { header: string; cell: (row: R) => ReactNode };
  /** The filter form's controls, in order; its submit button says `submitLabel`. */
  filters?: readonly ListFilterField<F>[];
  searchLabel?: string;
  submitLabel?: string;
  /** Between the filters and the list: the outcome of the last action. */
  notice?: ReactNode;
  /** Shown instead of the results while there is nothing to ask (a search not yet typed). */
  idle?: ReactNode;
  empty: ReactNode;
  error: string;
  /** Many columns: on a desktop the table keeps its columns and its region scrolls sideways below their width. */
  wide?: boolean;
}) {
  const { t } = useTranslation('console');
  const lastPage = Math.max(1, Math.ceil(total / list.perPage));
  const settled = query.data !== undefined && !query.isPending && !query.isError && !query.isPlaceholderData;
  const beyondEnd = settled && rows.length === 0 && list.page > 1;
  // A page past the end (the address of a page that has since emptied, or typed): the last page instead, quietly.
  useEffect(() => {
    if (beyondEnd) list.change({ page: lastPage }, { replace: true });
  }, [beyondEnd, lastPage, list]);

  return (
    <>
      {filters && filters.length > 0 && <ListFilters list={list} fields={filters} label={searchLabel} submitLabel={submitLabel ?? ''} />}
      {notice}
      {idle ?? (
        <QueryState query={query} isEmpty={rows.length === 0} empty={beyondEnd ? <Spinner /> : empty} error={error}>
          {columns.some((column) => column.sort) && (
            // On a phone the sortable headers are a row of buttons above the cards: this says what they do (their
            // headers' aria-sort says it to assistive technology).
            <p className="console-list__sort-label" aria-hidden="true">
              {t('list.sortBy')}
            </p>
          )}
          <ListTable
            label={label}
            rows={rows}
            rowKey={rowKey}
            columns={columns}
            actions={actions}
            wide={wide}
            header={(column) => <HeaderCell key={column.key} column={column} list={list} />}
          />
          <Pager offset={list.offset} perPage={list.perPage} total={total} onChange={(offset) => list.change({ page: offset / list.perPage + 1 })} />
        </QueryState>
      )}
    </>
  );
}

/**
 * The list's table alone (decision 155): a real table on a desktop, a card a row below 640 px (the primary column the
 * card's title, each other value under its header's label, the actions last). ConsoleList puts it between its
 * filters and its pager; a page whose rows are not paged by offset (the operators, the audit log's cursor) uses it
 * directly. `header` draws a column's header (ConsoleList's sort buttons); by default a plain one.
 */
export function ListTable<R, S extends string = never>({
  label,
  rows,
  rowKey,
  columns,
  actions,
  wide = false,
  header = (column) => (
    <th key={column.key} scope="col">
      {column.header}
    </th>
  ),
}: {
  label: string;
  rows: readonly R[];
  rowKey: (row: R) => Key;
  columns: readonly ListColumn<R, S>[];
  actions?: { header: string; cell: (row: R) => ReactNode };
  wide?: boolean;
  header?: (column: ListColumn<R, S>) => ReactNode;
}) {
  return (
    <div className="console-table-wrap console-list" role="region" aria-label={label} tabIndex={0}>
      <table className={`console-table console-list__table${wide ? ' console-list__table--wide' : ''}`}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => header(column))}
            {actions && <th scope="col">{actions.header}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => {
                const className = column.breakAnywhere ? 'console-break' : undefined;
                if (column.primary) {
                  return (
                    <th key={column.key} scope="row" className={className ? `console-list__name ${className}` : 'console-list__name'}>
                      {column.cell(row)}
                    </th>
                  );
                }
                return (
                  <td key={column.key} className={className}>
                    <span className="console-list__label" aria-hidden="true">
                      {column.header}
                    </span>
                    <div className="console-list__value">{column.cell(row)}</div>
                  </td>
                );
              })}
              {actions && (
                <td className="console-list__action-cell">
                  <div className="console-list__actions">{actions.cell(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A column header; a sortable one is a button that switches the order (descending first), its state in aria-sort. */
function HeaderCell<R, F extends string, S extends string>({ column, list }: { column: ListColumn<R, S>; list: ListState<F, S> }) {
  if (!column.sort) return <th scope="col">{column.header}</th>;
  const { asc, desc } = column.sort;
  const current = list.sort === asc ? 'ascending' : list.sort === desc ? 'descending' : 'none';
  const next = list.sort === desc && asc ? asc : desc;
  return (
    <th scope="col" aria-sort={current}>
      <button type="button" className="console-sort" onClick={() => list.change({ sort: next })}>
        {column.header}
        <span aria-hidden="true">{current === 'ascending' ? ' ▲' : current === 'descending' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}

/**
 * The filter form: search boxes apply when the form is sent, a choice as soon as it changes (with what is typed in the
 * boxes). Its controls show the address's filters again whenever those change (Back, a link).
 */
function ListFilters<F extends string, S extends string>({
  list,
  fields,
  label,
  submitLabel,
}: {
  list: ListState<F, S>;
  fields: readonly ListFilterField<F>[];
  label: string | undefined;
  submitLabel: string;
}) {
  const committed = list.filters;
  const committedKey = JSON.stringify(committed);
  const [draft, setDraft] = useState(committed);
  const [shown, setShown] = useState(committedKey);
  if (shown !== committedKey) {
    setShown(committedKey);
    setDraft(committed);
  }
  const apply = (values: Record<F, string>) => list.change({ filters: values });

  return (
    <form
      className="console-filters"
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        apply(draft);
      }}
    >
      {fields.map((field) => {
        const spec = list.spec.filters[field.name];
        const value = draft[field.name] ?? '';
        if (spec.kind === 'text') {
          return (
            <Field key={field.name} label={field.label} hint={field.hint}>
              {(control) => (
                <input
                  {...control}
                  type="search"
                  value={value}
                  maxLength={spec.maxLength}
                  autoComplete="off"
                  onChange={(e) => setDraft({ ...draft, [field.name]: e.target.value })}
                />
              )}
            </Field>
          );
        }
        return (
          <Field key={field.name} label={field.label} hint={field.hint}>
            {(control) => (
              <select
                {...control}
                value={value}
                onChange={(e) => {
                  const next = { ...draft, [field.name]: e.target.value };
                  setDraft(next);
                  apply(next);
                }}
              >
                <option value="">{field.anyLabel}</option>
                {spec.values.map((v) => (
                  <option key={v} value={v}>
                    {field.optionLabel ? field.optionLabel(v) : v}
                  </option>
                ))}
              </select>
            )}
          </Field>
        );
      })}
      <button type="submit" className="button button--outline">
        {submitLabel}
      </button>
    </form>
  );
}
