import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Reward } from '@hibi/contract/functions/points';
import { renderWithProviders } from '../../../test/render.tsx';
import { ApiError, callOrThrow } from '../../../lib/api.ts';
import RewardsPage from './RewardsPage.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../../lib/api.ts')>()), callOrThrow: vi.fn() }));
vi.mock('../../../lib/viewer.ts', () => ({ useViewer: () => ['en', 1] }));
vi.mock('../../../lib/i18n.ts', () => ({ currentLocale: () => 'en' }));

const api = vi.mocked(callOrThrow) as unknown as ReturnType<typeof vi.fn>;

export const reward = (over: Partial<Reward> = {}): Reward => ({
  rewardID: 5,
  name: 'Sports towel',
  description: 'A soft towel.',
  imageUrl: '/media/rewards/towel.jpg',
  imageAlt: 'A blue towel',
  kind: 'physical',
  points: 800,
  regularPoints: null,
  stock: 12,
  availableTo: '2027-03-31',
  campaignID: null,
  ...over,
});

// docs/requirements/points.md#points-exchange
describe('RewardsPage', () => {
  beforeEach(() => {
    api.mockReset();
  });

  it('says so when the catalogue cannot be loaded', async () => {
    api.mockRejectedValue(new ApiError('internalError', 500));
    renderWithProviders(<RewardsPage />, { path: '/rewards' });
    expect((await screen.findByRole('alert')).textContent).toBe('rewards.loadFailed');
  });

  it('says so when no reward is available', async () => {
    api.mockResolvedValue({ succeed: true, rewards: [], campaign: null, balance: 100 });
    renderWithProviders(<RewardsPage />, { path: '/rewards' });
    expect(await screen.findByText('rewards.empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'rewards.myApplications' }).getAttribute('href')).toBe('/rewards/applications');
  });

  it("shows the balance, the campaign's banner and a card per reward; apply is disabled with its reason when points are short or stock is gone", async () => {
    api.mockResolvedValue({
      succeed: true,
      balance: 1000,
      campaign: { campaignID: 2, name: 'Winter campaign', endDate: '2027-01-31' },
      rewards: [
        reward({ points: 600, regularPoints: 800, campaignID: 2 }),
        reward({ rewardID: 6, name: 'Gift code', kind: 'digital', imageUrl: null, imageAlt: null, points: 1500, availableTo: null }),
        reward({ rewardID: 7, name: 'Water bottle', stock: 0, points: 300 }),
      ],
    });
    renderWithProviders(<RewardsPage />, { path: '/rewards' });
    expect(await screen.findByText('rewards.campaign:{"name":"Winter campaign","day":"Sun, Jan 31, 2027"}')).toBeTruthy();
    expect(screen.getByText('unit:{"count":1000,"n":"1,000"}')).toBeTruthy();
    const cards = within(document.querySelector<HTMLElement>('.reward-list')!).getAllByRole('listitem');
    expect(cards).toHaveLength(3);

    // A campaign price: the regular one struck through.
    expect(within(cards[0]!).getByRole('img').getAttribute('alt')).toBe('A blue towel');
    expect(cards[0]!.querySelector('s')!.textContent).toBe('rewards.regularPrice unit:{"count":800,"n":"800"}');
    expect(cards[0]!.textContent).toContain('rewards.stockLeft:{"count":12,"n":"12"}');
    expect(cards[0]!.textContent).toContain('rewards.kind.physical');
    expect(cards[0]!.textContent).toContain('Wed, Mar 31, 2027');
    expect(within(cards[0]!).getByRole('link', { name: 'rewards.apply' }).getAttribute('href')).toBe('/rewards/5');

    // Points short.
    expect(cards[1]!.querySelector('s')).toBeNull();
    expect(cards[1]!.textContent).toContain('rewards.kind.digital');
    expect(cards[1]!.textContent).toContain('rewards.openEnded');
    const short = within(cards[1]!).getByRole('button', { name: 'rewards.apply' }) as HTMLButtonElement;
    expect(short.disabled).toBe(true);
    expect(document.getElementById(short.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe(
      'rewards.needMore:{"count":500,"n":"500"}',
    );

    // Out of stock.
    const gone = within(cards[2]!).getByRole('button', { name: 'rewards.apply' }) as HTMLButtonElement;
    expect(gone.disabled).toBe(true);
    expect(document.getElementById(gone.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe('rewards.soldOut');
  });
});
