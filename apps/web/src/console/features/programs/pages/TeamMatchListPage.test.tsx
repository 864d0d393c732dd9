import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { useMe } from '../../../lib/me.ts';
import { meAs, teamRowOf } from '../test-fixtures.ts';
import TeamMatchListPage from './TeamMatchListPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../../lib/api.ts')>()), consoleCallOrThrow: call }));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));

const me = vi.mocked(useMe);

afterEach(() => call.mockReset());

// docs/requirements/programs.md#programs-team-walk: owners and editors write, support reads.
describe('the Team Walk list', () => {
  it('lists rounds with their status, dates, tenants, entrants and teams; an editor may start a new one', async () => {
    me.mockReturnValue(meAs('editor'));
    call.mockResolvedValue({
      succeed: true,
      teamMatches: [teamRowOf(), teamRowOf({ teamMatchID: 2, status: 'final', teams: 20, formedAt: Date.UTC(2026, 3, 1), entrants: 1500 })],
      total: 2,
    });
    renderWithProviders(<TeamMatchListPage />, { path: '/programs' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('link', { name: '春のチームウォーク' })[0]!.getAttribute('href')).toBe('/programs/team-walk/4');
    expect(within(table).getByText('statuses.entryOpen')).toBeTruthy();
    expect(within(table).getByText('statuses.final')).toBeTruthy();
    expect(within(table).getAllByText('list.range:{"from":"2027-04-01","to":"2027-04-30"}').length).toBe(2);
    // Not formed yet says so; a formed round counts its teams.
    expect(within(table).getByText('list.notFormed')).toBeTruthy();
    expect(within(table).getByText('20')).toBeTruthy();
    expect(within(table).getByText('1,500')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'team.new' }).getAttribute('href')).toBe('/programs/team-walk/new');
    expect(call).toHaveBeenCalledWith('listTeamMatches', { offset: 0, perPage: 20 });
  });

  it('support reads without "New round"; the status filter is in the address and an empty filter says so', async () => {
    me.mockReturnValue(meAs('support'));
    call.mockResolvedValue({ succeed: true, teamMatches: [], total: 0 });
    renderWithProviders(<TeamMatchListPage />, { path: '/programs?status=running' });
    expect(await screen.findByText('team.emptyFiltered')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'team.new' })).toBeNull();
    expect(call).toHaveBeenCalledWith('listTeamMatches', { offset: 0, perPage: 20, status: 'running' });
    expect((screen.getByRole('combobox', { name: 'list.status' }) as HTMLSelectElement).value).toBe('running');
  });

  it('says there are no rounds yet, and the page of the address is asked for', async () => {
    me.mockReturnValue(meAs('owner'));
    call.mockResolvedValue({ succeed: true, teamMatches: [], total: 0 });
    renderWithProviders(<TeamMatchListPage />, { path: '/programs' });
    expect(await screen.findByText('team.empty')).toBeTruthy();
  });

  it('says so when the list cannot be read', async () => {
    me.mockReturnValue(meAs('owner'));
    call.mockRejectedValue(new Error('down'));
    renderWithProviders(<TeamMatchListPage />, { path: '/programs' });
    expect((await screen.findByRole('alert')).textContent).toBe('list.loadError');
  });
});
