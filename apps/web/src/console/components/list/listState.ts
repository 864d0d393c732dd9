/**
 * What a console list keeps in the address (decision 155): its filters, its sort and its page, so Back returns to the
 * same filter and page, a reload keeps them and a link can be shared. A value the list does not know (a state that
 * does not exist, a page that is not a number, a search the server would refuse) reads as the default, quietly.
 */

/** A filter: a free text (a search) or one of a fixed set of values (a state). An empty string is "no filter". */
export type FilterSpec = { kind: 'text'; maxLength: number } | { kind: 'choice'; values: readonly string[] };

/** A list's parameters: its filters by their name in the address, the sort orders it knows, its page size. */
export interface ListSpec<F extends string = string, S extends string = string> {
  filters: Readonly<Record<F, FilterSpec>>;
  /** The sort orders of the list (none: it has one order); the first is the default unless `defaultSort` says. */
  sorts: readonly S[];
  defaultSort?: S;
  perPage: number;
}

/** The list's state as the address gives it. */
export interface ListValues<F extends string = string, S extends string = string> {
  filters: Record<F, string>;
  sort: S | null;
  /** 1-based. */
  page: number;
}

/** The address's names of the sort and the page; a filter never takes these names. */
export const SORT_PARAM = 'sort';
export const PAGE_PARAM = 'page';
/** The largest offset the console's list functions take (the contract's bound). */
export const MAX_OFFSET = 1_000_000;

// The characters the server's text rule refuses in a single-line search (packages/contract/src/text.ts, which is not
// zod-free): C0 and C1 controls, zero-width and direction characters, U+FEFF; and lone surrogates.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2060\u202a-\u202e\u2066-\u2069\ufeff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const PAGE = /^[1-9]\d{0,6}$/;

/** Defines a list's spec (typed by its filter names and sort orders). */
export function defineList<F extends string, S extends string = never>(spec: ListSpec<F, S>): ListSpec<F, S> {
  return spec;
}

function defaultSort<S extends string>(spec: ListSpec<string, S>): S | null {
  return spec.defaultSort ?? spec.sorts[0] ?? null;
}

function readFilter(raw: string | null, filter: FilterSpec): string {
  if (raw === null) return '';
  if (filter.kind === 'choice') return filter.values.includes(raw) ? raw : '';
  const text = raw.trim();
  return text.length <= filter.maxLength && !FORBIDDEN.test(text) && !LONE_SURROGATE.test(text) ? text : '';
}

/** The list's state in these parameters; each value it does not know is its default. */
export function readList<F extends string, S extends string>(params: URLSearchParams, spec: ListSpec<F, S>): ListValues<F, S> {
  const filters = {} as Record<F, string>;
  for (const name of Object.keys(spec.filters) as F[]) filters[name] = readFilter(params.get(name), spec.filters[name]);
  const rawSort = params.get(SORT_PARAM);
  const sort = rawSort !== null && (spec.sorts as readonly string[]).includes(rawSort) ? (rawSort as S) : defaultSort(spec);
  const rawPage = params.get(PAGE_PARAM) ?? '';
  const page = PAGE.test(rawPage) && (Number(rawPage) - 1) * spec.perPage <= MAX_OFFSET ? Number(rawPage) : 1;
  return { filters, sort, page };
}

/**
 * The parameters with the list's state written in (other parameters kept): defaults are left out, so a list as it
 * opens has a bare address, and a value the list did not know is dropped.
 */
export function writeList<F extends string, S extends string>(
  params: URLSearchParams,
  spec: ListSpec<F, S>,
  values: ListValues<F, S>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const names = Object.keys(spec.filters) as F[];
  // Written afresh in one order (the filters as the spec lists them, the sort, the page): one state, one address.
  for (const name of [...names, SORT_PARAM, PAGE_PARAM]) next.delete(name);
  for (const name of names) {
    const value = readFilter(values.filters[name] ?? '', spec.filters[name]);
    if (value) next.set(name, value);
  }
  if (values.sort !== null && values.sort !== defaultSort(spec) && spec.sorts.includes(values.sort)) next.set(SORT_PARAM, values.sort);
  if (values.page > 1) next.set(PAGE_PARAM, String(values.page));
  return next;
}

/** A change of the state: a new filter or sort starts again at the first page unless the change names a page. */
export interface ListChange<F extends string, S extends string> {
  filters?: Partial<Record<F, string>>;
  sort?: S;
  page?: number;
}

export function applyChange<F extends string, S extends string>(current: ListValues<F, S>, change: ListChange<F, S>): ListValues<F, S> {
  const filters = { ...current.filters, ...change.filters } as Record<F, string>;
  const sort = change.sort ?? current.sort;
  const refiltered = change.filters !== undefined || (change.sort !== undefined && change.sort !== current.sort);
  return { filters, sort, page: change.page ?? (refiltered ? 1 : current.page) };
}
