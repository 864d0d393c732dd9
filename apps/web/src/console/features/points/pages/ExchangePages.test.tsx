import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { useMe } from '../../../lib/me.ts';
import { campaignOf, meAs, rewardOf } from '../test-fixtures.ts';
import CampaignsPage from './CampaignsPage.tsx';
import RewardsPage from './RewardsPage.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const api = vi.hoisted(() => ({ call: vi.fn(), callOrThrow: vi.fn() }));
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  consoleCall: api.call,
  consoleCallOrThrow: api.callOrThrow,
}));
vi.mock('../../../lib/me.ts', () => ({ useMe: vi.fn() }));

const me = vi.mocked(useMe);
const exactly = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\*?$`);
const input = (label: string) => screen.getByLabelText(exactly(label)) as HTMLInputElement;
const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'editor.save' })));

function answers() {
  api.callOrThrow.mockImplementation(async (name: string) => {
    if (name === 'listConsoleRewards')
      return {
        succeed: true,
        rewards: [rewardOf(), rewardOf({ rewardID: 8, name: { ja: 'ギフト券', en: null }, kind: 'digital', published: false })],
        total: 2,
      };
    if (name === 'listCampaigns') return { succeed: true, campaigns: [campaignOf()], total: 1 };
    throw new Error(`unexpected ${name}`);
  });
}

afterEach(() => {
  api.call.mockReset();
  api.callOrThrow.mockReset();
});

// docs/requirements/points.md#points-exchange
describe('the rewards catalogue', () => {
  it('lists rewards with kind, points, stock, offer and state; support reads without New or Edit', async () => {
    me.mockReturnValue(meAs('support'));
    answers();
    renderWithProviders(<RewardsPage />, { path: '/points/rewards' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('rewardKinds.digital')).toBeTruthy();
    expect(within(table).getAllByText('rewards.always').length).toBe(2);
    expect(within(table).getByText('rewards.isDraft')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'rewards.new' })).toBeNull();
    expect(screen.queryByRole('button', { name: /rewards\.editNamed/ })).toBeNull();
  });

  it('the editor checks the points and an end before the start on their fields, and sends a reward without image', async () => {
    me.mockReturnValue(meAs('editor'));
    answers();
    renderWithProviders(<RewardsPage />, { path: '/points/rewards' });
    fireEvent.click(await screen.findByRole('button', { name: 'rewards.new' }));
    fireEvent.change(screen.getByLabelText(/"label":"rewards\.name","language":"editor\.languages\.ja"/), { target: { value: '水筒' } });
    fireEvent.change(screen.getByLabelText(/"label":"rewards\.description","language":"editor\.languages\.ja"/), { target: { value: '保温' } });
    fireEvent.change(input('rewards.availableFrom'), { target: { value: '2027-05-10' } });
    fireEvent.change(input('rewards.availableTo'), { target: { value: '2027-05-01' } });
    await save();
    expect(input('rewards.points').getAttribute('aria-invalid')).toBe('true');
    expect(input('rewards.availableTo').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('errors.endBeforeStart').length).toBeGreaterThan(0);
    expect(api.call).not.toHaveBeenCalled();

    fireEvent.change(input('rewards.points'), { target: { value: '1500' } });
    fireEvent.change(input('rewards.availableTo'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('radio', { name: 'rewardKinds.digital' }));
    api.call.mockResolvedValueOnce({ succeed: true, rewardID: 9 });
    await save();
    expect(api.call).toHaveBeenCalledWith('saveReward', {
      name: { ja: '水筒', en: null },
      description: { ja: '保温', en: null },
      imageID: null,
      imageAlt: null,
      kind: 'digital',
      points: 1500,
      stock: 0,
      availableFrom: '2027-05-10',
      availableTo: null,
      campaignOnly: false,
      published: false,
    });
    expect(await screen.findByText('rewards.saved:{"name":"水筒"}')).toBeTruthy();
  });
});

describe('the exchange campaigns', () => {
  it('lists campaigns with their rewards at campaign prices; the editor adds a reward and says rewardDuplicate at the rewards', async () => {
    me.mockReturnValue(meAs('owner'));
    answers();
    renderWithProviders(<CampaignsPage />, { path: '/points/campaigns' });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('campaigns.itemPrice:{"name":"タオル","points":"800","regular":"1,000"}')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'campaigns.editNamed:{"name":"夏のキャンペーン"}' }));
    fireEvent.click(await screen.findByRole('button', { name: 'campaigns.addItem' }));
    fireEvent.change(screen.getByRole('combobox', { name: /campaigns\.reward:\{"n":2\}/ }), { target: { value: '7' } });
    api.call.mockResolvedValueOnce({ succeed: false, errorCode: 'rewardDuplicate' });
    await save();
    expect(api.call).toHaveBeenCalledWith('saveCampaign', {
      campaignID: 2,
      name: { ja: '夏のキャンペーン', en: 'Summer campaign' },
      startDate: '2027-07-01',
      endDate: '2027-07-31',
      items: [
        { rewardID: 7, points: 800 },
        { rewardID: 7, points: null },
      ],
    });
    expect((await screen.findAllByText('errors.rewardDuplicate')).length).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: 'campaigns.removeItem:{"n":2}' }));
    expect(screen.queryByRole('combobox', { name: /campaigns\.reward:\{"n":2\}/ })).toBeNull();
  });

  it('support reads without New or Edit; an empty list says so', async () => {
    me.mockReturnValue(meAs('support'));
    api.callOrThrow.mockResolvedValue({ succeed: true, campaigns: [], total: 0 });
    renderWithProviders(<CampaignsPage />, { path: '/points/campaigns' });
    expect(await screen.findByText('campaigns.empty')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'campaigns.new' })).toBeNull();
  });
});
