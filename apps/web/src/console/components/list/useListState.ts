import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyChange, readList, writeList, type ListChange, type ListSpec, type ListValues } from './listState.ts';

/** A list's state read from the address, and the way to change it (a new history entry, so Back undoes it). */
export interface ListState<F extends string = string, S extends string = string> extends ListValues<F, S> {
  spec: ListSpec<F, S>;
  /** The first row of the page, for the list function's `offset`. */
  offset: number;
  perPage: number;
  change: (change: ListChange<F, S>, options?: { replace?: boolean }) => void;
}

/**
 * The state of a console list, kept in the query string (decision 155): filters, sort and page. A change pushes a
 * history entry (Back restores the previous filter and page) unless `replace`; a change to the same state does nothing.
 */
export function useListState<F extends string, S extends string>(spec: ListSpec<F, S>): ListState<F, S> {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => readList(params, spec), [params, spec]);
  const change = useCallback(
    (next: ListChange<F, S>, options: { replace?: boolean } = {}) => {
      const written = writeList(params, spec, applyChange(values, next));
      if (written.toString() === params.toString()) return;
      setParams(written, { replace: options.replace ?? false, preventScrollReset: true });
    },
    [params, spec, values, setParams],
  );
  return { ...values, spec, offset: (values.page - 1) * spec.perPage, perPage: spec.perPage, change };
}
