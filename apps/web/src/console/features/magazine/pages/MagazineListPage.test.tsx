import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { useMe, type Me } from '../../../lib/me.ts';
import MagazineListPage from './MagazineListPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../../lib/api.ts')>()), consoleCallOrThrow: call }));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));

const me = vi.mocked(useMe);
const signedInAs = (role: 'owner' | 'editor' | 'support') =>
  me.mockReturnValue({ operator: { id: 1, role, email: `${role}@example.com`, displayName: role, tenantId: null } } as unknown as Me);

const row = {
  issueID: 7,
  subject: { ja: '11月号', en: 'November issue' },
  state: 'sent',
  sendAt: Date.UTC(2026, 10, 1, 0, 0),
  sentAt: Date.UTC(2026, 10, 1, 0, 5),
  recipients: 1234,
  updatedAt: Date.UTC(2026, 9, 30),
};

afterEach(() => call.mockReset());

// docs/requirements/magazine.md#magazine-console: owners and editors write, support reads (the navigation: app/routeTable.test.ts).
describe('the magazine list', () => {
  it('lists issues with their state, Japan send time and recipients; an editor may start a new one', async () => {
    signedInAs('editor');
    call.mockResolvedValue({ succeed: true, issues: [row], total: 1 });
    renderWithProviders(<MagazineListPage />, { path: '/magazine' });
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: '11月号' }).getAttribute('href')).toBe('/magazine/7');
    expect(within(table).getByText('states.sent')).toBeTruthy();
    expect(within(table).getByText('2026.11.01 09:00')).toBeTruthy();
    expect(within(table).getByText('1234')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'new' })).toBeTruthy();
    expect(call).toHaveBeenCalledWith('listMagazineIssues', { offset: 0, perPage: 20 });
  });

  it('support reads the list without the new issue button; an empty filter says so', async () => {
    signedInAs('support');
    call.mockResolvedValue({ succeed: true, issues: [], total: 0 });
    renderWithProviders(<MagazineListPage />, { path: '/magazine?state=scheduled' });
    expect(await screen.findByText('list.emptyFiltered')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'new' })).toBeNull();
    expect(call).toHaveBeenCalledWith('listMagazineIssues', { offset: 0, perPage: 20, state: 'scheduled' });
  });
});
