import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { useMe } from '../../../lib/me.ts';
import { downloadCsv } from '../../../lib/download.ts';
import { applicationOf, meAs, rewardOf } from '../test-fixtures.ts';
import ApplicationsPage from './ApplicationsPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const api = vi.hoisted(() => ({ call: vi.fn(), callOrThrow: vi.fn() }));
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  consoleCall: api.call,
  consoleCallOrThrow: api.callOrThrow,
}));
vi.mock('../../../lib/download.ts', () => ({ downloadCsv: vi.fn() }));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));

const me = vi.mocked(useMe);
const download = vi.mocked(downloadCsv);

function answers(
  applications = [applicationOf(), applicationOf({ applicationID: 42, status: 'shipped', shippedAt: Date.UTC(2027, 3, 20), nickname: 'はなこ' })],
) {
  api.callOrThrow.mockImplementation(async (name: string) => {
    if (name === 'listConsoleRewards') return { succeed: true, rewards: [rewardOf()], total: 1 };
    if (name === 'listRewardApplications') return { succeed: true, applications, total: applications.length };
    throw new Error(`unexpected ${name}`);
  });
}

afterEach(() => {
  api.call.mockReset();
  api.callOrThrow.mockReset();
  download.mockReset();
});

// docs/requirements/points.md#points-exchange
describe('the reward applications', () => {
  it('filters by status and reward from the address; ticks applications and marks them shipped, counting those skipped', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    renderWithProviders(<ApplicationsPage />, { path: '/points/applications?status=applied&rewardID=7' });
    const table = await screen.findByRole('table');
    expect(api.callOrThrow).toHaveBeenCalledWith('listRewardApplications', { offset: 0, perPage: 20, status: 'applied', rewardID: 7 });
    // Only an application waiting to ship can be ticked or cancelled.
    expect(within(table).getAllByRole('checkbox').length).toBe(1);
    expect(within(table).getAllByRole('button', { name: /applications\.cancelNamed/ }).length).toBe(1);
    const ship = screen.getByRole('button', { name: /applications\.markShipped/ }) as HTMLButtonElement;
    expect(ship.disabled).toBe(true);
    fireEvent.click(within(table).getByRole('checkbox', { name: 'applications.selectNamed:{"id":41,"nickname":"たろう"}' }));
    api.call.mockResolvedValueOnce({ succeed: true, shipped: 1, skipped: 0 });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'applications.markShipped:{"count":1}' })));
    expect(api.call).toHaveBeenCalledWith('markApplicationsShipped', { applicationIDs: [41] });
    expect(await screen.findByText('applications.shippedResult:{"shipped":1,"skipped":0}')).toBeTruthy();
  });

  it('cancels after asking; alreadyShipped in words', async () => {
    me.mockReturnValue(meAs('owner'));
    answers();
    renderWithProviders(<ApplicationsPage />, { path: '/points/applications' });
    fireEvent.click(await screen.findByRole('button', { name: 'applications.cancelNamed:{"id":41,"nickname":"たろう"}' }));
    const dialog = await screen.findByRole('dialog');
    api.call.mockResolvedValueOnce({ succeed: false, errorCode: 'alreadyShipped' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'applications.cancelConfirm' })));
    expect(api.call).toHaveBeenCalledWith('cancelRewardApplication', { applicationID: 41 });
    expect((await screen.findByRole('alert')).textContent).toBe('errors.alreadyShipped');
  });

  it('exports the applications waiting to ship, of the chosen reward, as CSV', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    download.mockResolvedValue('applications.csv');
    renderWithProviders(<ApplicationsPage />, { path: '/points/applications?rewardID=7' });
    await screen.findByRole('table');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'applications.exportReward' })));
    expect(download).toHaveBeenCalledWith('exportRewardApplications', { rewardID: 7 });
    expect(await screen.findByText('applications.exported:{"fileName":"applications.csv"}')).toBeTruthy();
  });

  it('support reads: no ticks, cancel, shipping or export', async () => {
    me.mockReturnValue(meAs('support'));
    answers();
    renderWithProviders(<ApplicationsPage />, { path: '/points/applications' });
    const table = await screen.findByRole('table');
    expect(within(table).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /applications\.(cancelNamed|markShipped|export)/ })).toBeNull();
  });

  it('says when nothing matches the filter, and when the list cannot be read', async () => {
    me.mockReturnValue(meAs('editor'));
    answers([]);
    const first = renderWithProviders(<ApplicationsPage />, { path: '/points/applications?status=cancelled' });
    expect(await screen.findByText('applications.emptyFiltered')).toBeTruthy();
    first.unmount();
    api.callOrThrow.mockRejectedValue(new Error('down'));
    renderWithProviders(<ApplicationsPage />, { path: '/points/applications' });
    expect((await screen.findByRole('alert')).textContent).toBe('applications.loadError');
  });
});
