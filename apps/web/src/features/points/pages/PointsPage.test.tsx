import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { PointEntry } from '@hibi/contract/functions/points';
import { addDays, tokyoDay } from '@hibi/contract/time';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApiError, callOrThrow } from '../../../lib/api.ts';
import PointsPage from './PointsPage.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../../lib/api.ts')>()), callOrThrow: vi.fn() }));
vi.mock('../../../lib/viewer.ts', () => ({ useViewer: () => ['en', 1] }));
vi.mock('../../../lib/i18n.ts', () => ({ currentLocale: () => 'en' }));

const api = vi.mocked(callOrThrow) as unknown as ReturnType<typeof vi.fn>;

const entry = (id: number, over: Partial<PointEntry> = {}): PointEntry => ({
  id,
  at: Date.parse('2026-11-20T10:00:00+09:00'),
  amount: 100,
  reason: 'quiz',
  params: { questionID: 4, day: '2026-11-20' },
  label: `Quiz ${id}`,
  balanceAfter: 1000,
  ...over,
});

// docs/requirements/points.md#points-members, #points-ledger, #points-expiry
describe('PointsPage', () => {
  beforeEach(() => {
    api.mockReset();
  });

  it('shows a spinner while the ledger loads', () => {
    api.mockReturnValue(new Promise(() => {}));
    renderWithProviders(<PointsPage />, { path: '/points' });
    expect(screen.getByRole('status').textContent).toBe('common.loading');
  });

  it('says so when the ledger cannot be loaded, with a retry', async () => {
    api.mockRejectedValue(new ApiError('internalError', 500));
    renderWithProviders(<PointsPage />, { path: '/points' });
    expect((await screen.findByRole('alert')).textContent).toBe('ledger.loadFailed');
    expect(screen.getByRole('button', { name: 'common.retry' })).toBeTruthy();
  });

  it('an empty ledger says how to earn points, with links to the missions and the quiz', async () => {
    api.mockResolvedValue({ succeed: true, balance: 0, expiresOn: null, entries: [], nextCursor: null });
    renderWithProviders(<PointsPage />, { path: '/points' });
    expect(await screen.findByText('ledger.empty')).toBeTruthy();
    expect(screen.getByText('ledger.noBalance')).toBeTruthy();
    const earn = screen.getByRole('region', { name: 'ledger.earnTitle' });
    expect(
      within(earn)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/points/missions', '/quiz']);
    expect(screen.queryByRole('table')).toBeNull();
    expect(api).toHaveBeenCalledWith('getPoints', {});
  });

  it('shows the balance, its expiry with the rule, and the entries newest first; "read more" asks for the next page by cursor', async () => {
    api.mockImplementation(async (_name: string, payload: { cursor?: number }) =>
      payload.cursor === undefined
        ? {
            succeed: true,
            balance: 1200,
            expiresOn: '2999-11-20',
            entries: [entry(9, { amount: -300, reason: 'exchange', label: 'Exchange: Towel', balanceAfter: 1200 }), entry(8)],
            nextCursor: 8,
          }
        : { succeed: true, balance: 1200, expiresOn: '2999-11-20', entries: [entry(5, { label: 'Mission: Walk' })], nextCursor: null },
    );
    renderWithProviders(<PointsPage />, { path: '/points' });
    const balance = await screen.findByRole('region', { name: 'ledger.balanceLabel' });
    expect(balance.querySelector('.points-balance__number')!.textContent).toBe('1,200');
    expect(balance.className).not.toContain('points-balance--warning');
    expect(balance.textContent).toContain('ledger.expiresOn:{"day":"Wed, Nov 20, 2999"}');
    expect(balance.textContent).toContain('ledger.expiryRule:{"years":3}');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((c) => c.textContent))).toEqual([
      ['Fri, Nov 20, 2026', 'Exchange: Towel', '\u2212300', '1,200'],
      ['Fri, Nov 20, 2026', 'Quiz 8', '+100', '1,000'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'common.readMore' }));
    expect(await screen.findByText('Mission: Walk')).toBeTruthy();
    expect(api).toHaveBeenLastCalledWith('getPoints', { cursor: 8 });
    expect(screen.queryByRole('button', { name: 'common.readMore' })).toBeNull();
  });

  it('warns when the points expire within 30 days', async () => {
    const day = addDays(tokyoDay(Date.now()), 7);
    api.mockResolvedValue({ succeed: true, balance: 500, expiresOn: day, entries: [entry(1)], nextCursor: null });
    renderWithProviders(<PointsPage />, { path: '/points' });
    const balance = await screen.findByRole('region', { name: 'ledger.balanceLabel' });
    expect(balance.className).toContain('points-balance--warning');
    expect(balance.textContent).toContain('ledger.expiresIn:{"count":7');
    expect(balance.textContent).toContain('ledger.expirySoonHint');
  });
});
