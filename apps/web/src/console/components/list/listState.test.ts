import { describe, expect, it } from 'vitest';
import { applyChange, defineList, readList, writeList } from './listState.ts';

const SPEC = defineList({
  filters: { q: { kind: 'text', maxLength: 10 }, state: { kind: 'choice', values: ['draft', 'published'] } },
  sorts: ['newest', 'oldest', 'title'],
  defaultSort: 'newest',
  perPage: 20,
});

const read = (search: string) => readList(new URLSearchParams(search), SPEC);

describe('a list state in the query string', () => {
  it('reads the filters, the sort and the page', () => {
    expect(read('q=walk&state=draft&sort=title&page=3')).toEqual({ filters: { q: 'walk', state: 'draft' }, sort: 'title', page: 3 });
  });

  it('reads nothing as the defaults', () => {
    expect(read('')).toEqual({ filters: { q: '', state: '' }, sort: 'newest', page: 1 });
  });

  it.each([
    ['state=archived', { filters: { q: '', state: '' } }],
    ['sort=DROP', { sort: 'newest' }],
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=abc', { page: 1 }],
    ['page=02', { page: 1 }],
    // Past the contract's largest offset (1,000,000 rows in): the first page, not a request the server refuses.
    ['page=50002', { page: 1 }],
    ['q=' + 'x'.repeat(11), { filters: { q: '', state: '' } }],
    ['q=a%00b', { filters: { q: '', state: '' } }],
    ['q=a%E2%80%AEb', { filters: { q: '', state: '' } }],
  ])('reads the bad value %s as its default', (search, expected) => {
    expect(read(search)).toMatchObject(expected);
  });

  it('takes the last page the contract allows', () => {
    expect(read('page=50001').page).toBe(50001);
  });

  it('trims a search', () => {
    expect(read('q=%20%20walk%20').filters.q).toBe('walk');
  });

  it('writes only what differs from the defaults, and keeps other parameters', () => {
    const written = writeList(new URLSearchParams('tab=codes&state=bogus&page=4'), SPEC, {
      filters: { q: 'walk', state: '' },
      sort: 'newest',
      page: 1,
    });
    expect(written.toString()).toBe('tab=codes&q=walk');
    expect(writeList(new URLSearchParams(), SPEC, { filters: { q: '', state: 'draft' }, sort: 'oldest', page: 2 }).toString()).toBe(
      'state=draft&sort=oldest&page=2',
    );
  });

  it('goes back to the first page when a filter or the sort changes, not when the page does', () => {
    const current = { filters: { q: 'walk', state: '' }, sort: 'newest' as const, page: 3 };
    expect(applyChange(current, { filters: { state: 'draft' } })).toEqual({ filters: { q: 'walk', state: 'draft' }, sort: 'newest', page: 1 });
    expect(applyChange(current, { sort: 'title' }).page).toBe(1);
    expect(applyChange(current, { sort: 'newest' }).page).toBe(3);
    expect(applyChange(current, { page: 4 })).toEqual({ ...current, page: 4 });
  });
});
