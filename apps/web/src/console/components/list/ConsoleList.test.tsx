import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { keepPreviousData, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createMemoryRouter, Link, RouterProvider, useNavigate } from 'react-router';
import { ConsoleList, type ListColumn } from './ConsoleList.tsx';
import { defineList } from './listState.ts';
import { useListState } from './useListState.ts';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);

interface Row {
  id: number;
  title: string;
  state: 'draft' | 'published';
}

/** 45 rows: the odd ones published; titles "Walk 1" … "Walk 45". */
const ROWS: Row[] = Array.from({ length: 45 }, (_, i) => ({ id: i + 1, title: `Walk ${i + 1}`, state: i % 2 === 0 ? 'published' : 'draft' }));

const LIST = defineList({
  filters: { q: { kind: 'text', maxLength: 20 }, state: { kind: 'choice', values: ['draft', 'published'] } },
  sorts: ['idAsc', 'idDesc'],
  defaultSort: 'idAsc',
  perPage: 10,
});

/** The server's part: filters, sorts and pages the rows, as the console's list functions do in SQL. */
const fetchRows = vi.fn(async (q: string, state: string, sort: string, offset: number) => {
  const matching = ROWS.filter((r) => (!q || r.title.includes(q)) && (!state || r.state === state));
  const sorted = sort === 'idDesc' ? [...matching].reverse() : matching;
  return { rows: sorted.slice(offset, offset + 10), total: matching.length };
});

function ListPage() {
  const list = useListState(LIST);
  const { q, state } = list.filters;
  const query = useQuery({
    queryKey: ['rows', q, state, list.sort, list.offset],
    queryFn: () => fetchRows(q, state, list.sort ?? 'idAsc', list.offset),
    placeholderData: keepPreviousData,
  });
  const columns: ListColumn<Row, 'idAsc' | 'idDesc'>[] = [
    {
      key: 'title',
      header: 'Title',
      primary: true,
      sort: { asc: 'idAsc', desc: 'idDesc' },
      cell: (r) => <Link to={`/items/${r.id}`}>{r.title}</Link>,
    },
    { key: 'state', header: 'State', cell: (r) => r.state },
  ];
  return (
    <ConsoleList
      list={list}
      label="Walks"
      query={query}
      rows={query.data?.rows ?? []}
      total={query.data?.total ?? 0}
      rowKey={(r) => r.id}
      columns={columns}
      filters={[
        { name: 'q', label: 'Search' },
        { name: 'state', label: 'State', anyLabel: 'Any', optionLabel: (v) => `state:${v}` },
      ]}
      submitLabel="Apply"
      empty="Nothing"
      error="Failed"
      actions={{ header: 'Actions', cell: (r) => <button type="button">Edit {r.title}</button> }}
    />
  );
}

function ItemPage() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/list', element: <ListPage /> },
      { path: '/items/:id', element: <ItemPage /> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const titles = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const pagerStatus = () => screen.getByRole('navigation', { name: 'paging.label' }).querySelector('p')?.textContent;

describe('ConsoleList', () => {
  it('puts the filter and the page in the address, and Back restores them after an item', async () => {
    const router = renderAt('/list');
    await waitFor(() => expect(titles()).toHaveLength(10));
    expect(router.state.location.search).toBe('');

    // A choice applies at once; the search box when the form is sent.
    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'draft' } });
    await waitFor(() => expect(router.state.location.search).toBe('?state=draft'));
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' Walk 1 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Walk+1&state=draft'));
    // Drafts with "Walk 1" in the title: 10, 12, 14, 16, 18: one page.
    await waitFor(() => expect(titles()).toEqual(['Walk 10', 'Walk 12', 'Walk 14', 'Walk 16', 'Walk 18']));

    // Widen the search again and page on: the page joins the address.
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=draft'));
    await waitFor(() => expect(pagerStatus()).toBe('paging.status:{"from":1,"to":10,"total":22}'));
    fireEvent.click(screen.getByRole('button', { name: 'paging.next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?state=draft&page=2'));
    await waitFor(() => expect(titles()[0]).toBe('Walk 22'));

    // To an item and back: the same filter in the form, the same page.
    fireEvent.click(screen.getByRole('link', { name: 'Walk 24' }));
    await screen.findByRole('button', { name: 'Browser back' });
    fireEvent.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(titles()[0]).toBe('Walk 22'));
    expect(router.state.location.search).toBe('?state=draft&page=2');
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('draft');
    expect(pagerStatus()).toBe('paging.status:{"from":11,"to":20,"total":22}');

    // Back again: the first page; again: the search as it was, in the form too; and to the start: no filter at all.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(titles()[0]).toBe('Walk 2'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Walk+1&state=draft'));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('Walk 1');
    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(titles()[0]).toBe('Walk 1'));
  });

  it('keeps the state of an address it opens with (a reload)', async () => {
    renderAt('/list?state=published&sort=idDesc&page=2');
    await waitFor(() => expect(titles()[0]).toBe('Walk 25'));
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('published');
    expect(screen.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('descending');
    expect(pagerStatus()).toBe('paging.status:{"from":11,"to":20,"total":23}');
  });

  it('reads bad values as the defaults, quietly', async () => {
    const router = renderAt('/list?state=archived&sort=%27%3Bdrop&page=-1&q=' + 'x'.repeat(50));
    await waitFor(() => expect(titles()[0]).toBe('Walk 1'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('');
    expect(pagerStatus()).toBe('paging.status:{"from":1,"to":10,"total":45}');
    // The next change writes a clean address.
    fireEvent.click(screen.getByRole('button', { name: 'paging.next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
  });

  it('goes to the last page, replacing the address, when the page is past the end', async () => {
    const router = renderAt('/list?page=9');
    await waitFor(() => expect(router.state.location.search).toBe('?page=5'));
    await waitFor(() => expect(titles()).toEqual(['Walk 41', 'Walk 42', 'Walk 43', 'Walk 44', 'Walk 45']));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sorts by a header, back to the first page, its state in aria-sort', async () => {
    const router = renderAt('/list?page=3');
    await waitFor(() => expect(titles()[0]).toBe('Walk 21'));
    const header = screen.getByRole('columnheader', { name: /Title/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=idDesc'));
    await waitFor(() => expect(titles()[0]).toBe('Walk 45'));
    expect(screen.getByRole('columnheader', { name: /Title/ }).getAttribute('aria-sort')).toBe('descending');
  });

  it('names each row by its primary cell and labels the other cells for the card layout', async () => {
    renderAt('/list');
    await waitFor(() => expect(titles()).toHaveLength(10));
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader').textContent).toBe('Walk 1');
    // The label is for the eye only: the cell's name is its value (the header names it for assistive technology).
    const cell = within(row).getAllByRole('cell')[0]!;
    expect(cell.querySelector('.console-list__label')?.getAttribute('aria-hidden')).toBe('true');
    expect(cell.textContent).toBe('Statepublished');
    expect(within(row).getByRole('button', { name: 'Edit Walk 1' })).toBeTruthy();
  });

  it('says so when nothing matches, and when the load failed', async () => {
    renderAt('/list?q=nothing');
    expect(await screen.findByText('Nothing')).toBeTruthy();
    fetchRows.mockRejectedValueOnce(new Error('down'));
    renderAt('/list?q=other');
    expect(await screen.findByText('Failed')).toBeTruthy();
  });
});
