import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { MyApplication } from '@hibi/contract/functions/points';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApiError, callOrThrow } from '../../../lib/api.ts';
import ApplicationsPage from './ApplicationsPage.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../../lib/api.ts')>()), callOrThrow: vi.fn() }));
vi.mock('../../../lib/viewer.ts', () => ({ useViewer: () => ['en', 1] }));
vi.mock('../../../lib/i18n.ts', () => ({ currentLocale: () => 'en' }));

const api = vi.mocked(callOrThrow) as unknown as ReturnType<typeof vi.fn>;

const application = (id: number, over: Partial<MyApplication> = {}): MyApplication => ({
  applicationID: id,
  rewardName: `Reward ${id}`,
  kind: 'physical',
  points: 800,
  status: 'applied',
  appliedAt: Date.parse('2026-12-02T10:00:00+09:00'),
  estimate: { month: '2027-01', part: 'mid' },
  shippedAt: null,
  cancelledAt: null,
  shipTo: '東京都 千代田1-1',
  ...over,
});

// docs/requirements/points.md#points-exchange
describe('ApplicationsPage', () => {
  beforeEach(() => {
    api.mockReset();
  });

  it('says so when the member has no application, with a link to the rewards', async () => {
    api.mockResolvedValue({ succeed: true, applications: [], total: 0 });
    renderWithProviders(<ApplicationsPage />, { path: '/rewards/applications' });
    expect(await screen.findByText('applications.empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'applications.toRewards' }).getAttribute('href')).toBe('/rewards');
    expect(api).toHaveBeenCalledWith('listMyApplications', { offset: 0, perPage: 20 });
  });

  it('says so when the list cannot be loaded', async () => {
    api.mockRejectedValue(new ApiError('internalError', 500));
    renderWithProviders(<ApplicationsPage />, { path: '/rewards/applications' });
    expect((await screen.findByRole('alert')).textContent).toBe('applications.loadFailed');
  });

  it('shows each application with its status, days, estimate and where it goes; reads more while pages come back full', async () => {
    api.mockImplementation(async (_name: string, { offset }: { offset: number }) =>
      offset === 0
        ? {
            succeed: true,
            total: 21,
            applications: [
              application(30),
              application(29, { status: 'shipped', shippedAt: Date.parse('2027-01-14T10:00:00+09:00') }),
              application(28, { status: 'cancelled', kind: 'digital', shipTo: null, cancelledAt: Date.parse('2026-12-03T10:00:00+09:00') }),
              ...Array.from({ length: 17 }, (_, i) => application(27 - i)),
            ],
          }
        : { succeed: true, total: 21, applications: [application(1, { rewardName: 'The last one' })] },
    );
    renderWithProviders(<ApplicationsPage />, { path: '/rewards/applications' });
    await screen.findByText('Reward 30');
    const items = within(document.querySelector<HTMLElement>('.application-list')!).getAllByRole('listitem');
    expect(items).toHaveLength(20);
    expect(items[0]!.textContent).toContain('applications.status.applied');
    expect(items[0]!.textContent).toContain('Wed, Dec 2, 2026');
    expect(items[0]!.textContent).toContain('estimate.mid:{"month":"January 2027"}');
    expect(items[0]!.textContent).toContain('東京都 千代田1-1');
    expect(items[1]!.textContent).toContain('applications.status.shipped');
    expect(items[1]!.textContent).toContain('Thu, Jan 14, 2027');
    expect(items[1]!.textContent).not.toContain('estimate.mid');
    expect(items[2]!.textContent).toContain('applications.status.cancelled');
    expect(items[2]!.textContent).toContain('applications.digital');
    fireEvent.click(screen.getByRole('button', { name: 'common.readMore' }));
    expect(await screen.findByText('The last one')).toBeTruthy();
    expect(api).toHaveBeenLastCalledWith('listMyApplications', { offset: 20, perPage: 20 });
  });
});
