import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { callOrThrow } from '../../../lib/api.ts';
import MagazineIssuesPage from './MagazineIssuesPage.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../../lib/api.ts')>()), callOrThrow: vi.fn() }));
vi.mock('../../../lib/viewer.ts', () => ({ useViewer: () => ['en', 1] }));

const api = vi.mocked(callOrThrow) as unknown as ReturnType<typeof vi.fn>;

// docs/requirements/magazine.md#magazine-members
describe('MagazineIssuesPage', () => {
  beforeEach(() => api.mockReset());

  it('says so when no issue was sent to the tenant yet', async () => {
    api.mockResolvedValue({ succeed: true, issues: [], total: 0 });
    renderWithProviders(<MagazineIssuesPage />, { path: '/magazine' });
    expect(await screen.findByText('empty')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(api).toHaveBeenCalledWith('listMagazineIssues', { offset: 0, perPage: 10 });
  });

  it('lists the issues, newest first as the server answers, each a link to its page', async () => {
    api.mockResolvedValue({
      succeed: true,
      issues: [
        { issueID: 12, subject: 'December news', sentAt: Date.UTC(2026, 11, 1, 1) },
        { issueID: 11, subject: 'November news', sentAt: Date.UTC(2026, 10, 1, 1) },
      ],
      total: 2,
    });
    renderWithProviders(<MagazineIssuesPage />, { path: '/magazine' });
    const links = await screen.findAllByRole('link', { name: /news/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/magazine/12', '/magazine/11']);
    expect(screen.getByText('2026.12.01')).toBeTruthy();
  });
});
