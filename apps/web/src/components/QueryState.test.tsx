import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryState, type QueryStatus } from './QueryState.tsx';
import { ReadMore, type PagedQuery } from './ReadMore.tsx';
import { SectionHeading } from './SectionHeading.tsx';
import { ApiError } from '../lib/api.ts';
import { retryRead, UNAVAILABLE_RETRIES } from '../lib/queryClient.ts';

vi.mock('../lib/i18n/react.tsx', async () => (await import('../test/render.tsx')).i18nMock);

const query = (patch: Partial<QueryStatus>): QueryStatus => ({ isPending: false, isError: false, data: undefined, refetch: vi.fn(), ...patch });

function show(q: QueryStatus, props: { isEmpty?: boolean; empty?: React.ReactNode; loading?: React.ReactNode } = {}) {
  return render(
    <QueryState query={q} error="Could not load" empty="Nothing yet" {...props}>
      <p>the list</p>
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('shows a spinner while the first answer comes, or what the caller asks for', () => {
    show(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toBe('common.loading');
    expect(screen.queryByText('the list')).toBeNull();
    const { container } = show(query({ isPending: true }), { loading: null });
    expect(container.textContent).toBe('');
  });

  it('shows the failure with a retry button that asks again', () => {
    const q = query({ isError: true });
    show(q);
    expect(screen.getByRole('alert').textContent).toBe('Could not load');
    fireEvent.click(screen.getByRole('button', { name: 'common.retry' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('the list')).toBeNull();
  });

  it('keeps data already shown when a later fetch fails', () => {
    show(query({ isError: true, data: { items: [1] } }));
    expect(screen.getByText('the list')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty message in the empty-state box, or an element of the caller', () => {
    show(query({ data: [] }), { isEmpty: true });
    expect(screen.getByText('Nothing yet').className).toBe('empty-state');
    show(query({ data: [] }), { isEmpty: true, empty: <p role="status">No match</p> });
    expect(screen.getByRole('status').textContent).toBe('No match');
  });

  it('says calmly that the service is unavailable while a 503 is tried again, and so when the retries ran out', () => {
    const unavailable = new ApiError('serviceUnavailable', 503);
    show(query({ isPending: true, failureReason: unavailable }));
    expect(screen.getByRole('status').textContent).toBe('common.unavailableRetrying');
    expect(screen.queryByRole('alert')).toBeNull();
    const q = query({ isError: true, error: unavailable });
    show(q);
    expect(screen.getByRole('alert').textContent).toBe('common.unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'common.retry' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('tries a read again by itself after a 503 (several times), other failures once', () => {
    const unavailable = new ApiError('serviceUnavailable', 503);
    expect(retryRead(0, unavailable)).toBe(true);
    expect(retryRead(UNAVAILABLE_RETRIES - 1, unavailable)).toBe(true);
    expect(retryRead(UNAVAILABLE_RETRIES, unavailable)).toBe(false);
    expect(retryRead(0, new ApiError('internalError', 500))).toBe(true);
    expect(retryRead(1, new ApiError('internalError', 500))).toBe(false);
  });

  it('shows the content once there is some', () => {
    show(query({ data: [1] }), { isEmpty: false });
    expect(screen.getByText('the list')).toBeTruthy();
  });
});

describe('ReadMore', () => {
  const paged = (patch: Partial<PagedQuery>): PagedQuery => ({
    hasNextPage: false,
    isFetchingNextPage: false,
    isFetchNextPageError: false,
    fetchNextPage: vi.fn(),
    ...patch,
  });

  it('is there only while a next page exists, and loads it', () => {
    const { rerender } = render(<ReadMore query={paged({})} failed="Could not load" />);
    expect(screen.queryByRole('button')).toBeNull();
    const q = paged({ hasNextPage: true });
    rerender(<ReadMore query={q} failed="Could not load" />);
    fireEvent.click(screen.getByRole('button', { name: 'common.readMore' }));
    expect(q.fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('is busy while the next page loads and says when it failed', () => {
    render(<ReadMore query={paged({ hasNextPage: true, isFetchingNextPage: true, isFetchNextPageError: true })} failed="Could not load" />);
    const button = screen.getByRole('button', { name: 'common.loading' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText('Could not load').className).toBe('form-error');
  });
});

describe('SectionHeading', () => {
  it('is a bare heading without a link or label', () => {
    const { container } = render(<SectionHeading id="news" title="News" />);
    expect(container.firstElementChild?.tagName).toBe('H2');
    expect(screen.getByRole('heading', { name: 'News' }).id).toBe('news');
  });

  it('puts the see-all link and a label on the heading line', () => {
    render(
      <MemoryRouter>
        <SectionHeading id="news" title="News" more={{ to: '/news', label: 'See all' }} />
        <SectionHeading id="steps" title="Steps" variant="card" aside={<span>Disclosed</span>} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/news');
    const steps = screen.getByRole('heading', { name: 'Steps' });
    expect(steps.className).toBe('section-heading__title');
    expect(steps.parentElement?.className).toBe('section-heading section-heading--card');
    expect(steps.parentElement?.textContent).toContain('Disclosed');
  });
});
