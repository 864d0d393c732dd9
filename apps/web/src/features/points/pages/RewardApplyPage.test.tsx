import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Reward } from '@hibi/contract/functions/points';
import { renderWithProviders } from '../../../test/render.tsx';
import { call, callOrThrow } from '../../../lib/api.ts';
import RewardApplyPage from './RewardApplyPage.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  call: vi.fn(),
  callOrThrow: vi.fn(),
}));
vi.mock('../../../lib/viewer.ts', () => ({ useViewer: () => ['en', 1] }));
vi.mock('../../../lib/i18n.ts', () => ({ currentLocale: () => 'en' }));

const read = vi.mocked(callOrThrow) as unknown as ReturnType<typeof vi.fn>;
const write = vi.mocked(call) as unknown as ReturnType<typeof vi.fn>;

const reward = (over: Partial<Reward> = {}): Reward => ({
  rewardID: 5,
  name: 'Sports towel',
  description: 'A soft towel.',
  imageUrl: null,
  imageAlt: null,
  kind: 'physical',
  points: 800,
  regularPoints: null,
  stock: 12,
  availableTo: null,
  campaignID: null,
  ...over,
});

function open(rewards: Reward[], balance = 1000, id = 5) {
  read.mockResolvedValue({ succeed: true, rewards, campaign: null, balance });
  return renderWithProviders(
    <Routes>
      <Route path="/rewards/:rewardID" element={<RewardApplyPage />} />
    </Routes>,
    { path: `/rewards/${id}` },
  );
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

function fillAddress(over: Record<string, string> = {}) {
  const v = { postalCode: '１００ー０００１', prefecture: '13', line1: 'Chiyoda 1-1', line2: '', name: 'Hibi Taro', phone: '03-1234-5678', ...over };
  type('apply.postalCode', v.postalCode);
  fireEvent.change(screen.getByLabelText('apply.prefecture', { exact: false }), { target: { value: v.prefecture } });
  type('apply.line1', v.line1);
  type('apply.line2', v.line2);
  type('apply.name', v.name);
  type('apply.phone', v.phone);
}

// docs/requirements/points.md#points-exchange
describe('RewardApplyPage', () => {
  beforeEach(() => {
    read.mockReset();
    write.mockReset();
  });

  it('a physical reward: a full-width postal code is normalised, confirmed, applied; the estimate in words', async () => {
    write.mockResolvedValue({ succeed: true, applicationID: 31, estimate: { month: '2027-01', part: 'mid' }, points: 800, balance: 200 });
    open([reward()]);
    expect(await screen.findByRole('heading', { level: 1, name: 'rewards.applyFor:{"name":"Sports towel"}' })).toBeTruthy();
    const summary = screen.getByRole('region', { name: 'apply.summary' });
    expect(summary.textContent).toContain('unit:{"count":200,"n":"200"}');
    // The prefectures in the member's language, by code.
    expect(screen.getAllByRole('option')).toHaveLength(48);
    fillAddress();
    fireEvent.click(screen.getByRole('button', { name: 'apply.review' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('apply.confirmBody:{"name":"Sports towel","points":"800","after":"200"}');
    expect(dialog.textContent).toContain('100-0001 prefectures.13 Chiyoda 1-1 Hibi Taro 0312345678');
    // The form shows the normalised value.
    expect((screen.getByLabelText('apply.postalCode', { exact: false }) as HTMLInputElement).value).toBe('100-0001');
    fireEvent.click(within(dialog).getByRole('button', { name: 'apply.confirm' }));
    expect(await screen.findByRole('heading', { name: 'apply.doneTitle' })).toBeTruthy();
    expect(write).toHaveBeenCalledWith('applyForReward', {
      rewardID: 5,
      address: { postalCode: '100-0001', prefecture: 13, line1: 'Chiyoda 1-1', name: 'Hibi Taro', phone: '0312345678' },
    });
    const done = screen.getByRole('region', { name: 'apply.doneTitle' });
    expect(done.textContent).toContain('31');
    expect(done.textContent).toContain('estimate.mid:{"month":"January 2027"}');
    expect(done.textContent).toContain('unit:{"count":200,"n":"200"}');
    expect(screen.getByRole('link', { name: 'apply.toApplications' }).getAttribute('href')).toBe('/rewards/applications');
  });

  it("a bad phone and a missing prefecture show their fields' messages; nothing is sent", async () => {
    open([reward()]);
    await screen.findByRole('region', { name: 'apply.summary' });
    fillAddress({ phone: '12-345', prefecture: '', postalCode: '100-000' });
    fireEvent.click(screen.getByRole('button', { name: 'apply.review' }));
    expect((await screen.findByRole('alert')).textContent).toBe('apply.checkFields');
    const phone = screen.getByLabelText('apply.phone', { exact: false });
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent).toBe(
      'apply.fieldErrors.phoneInvalid:{"max":30}',
    );
    expect(screen.getByText('apply.fieldErrors.prefectureInvalid:{"max":2}')).toBeTruthy();
    expect(screen.getByText('apply.fieldErrors.postalCodeInvalid:{"max":20}')).toBeTruthy();
    expect(screen.getByLabelText('apply.name', { exact: false }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(write).not.toHaveBeenCalled();
  });

  it('a digital reward asks for no address', async () => {
    write.mockResolvedValue({ succeed: true, applicationID: 32, estimate: { month: '2027-02', part: 'late' }, points: 300, balance: 700 });
    open([reward({ kind: 'digital', points: 300 })]);
    expect(await screen.findByText('apply.digitalNote')).toBeTruthy();
    expect(screen.queryByLabelText('apply.postalCode', { exact: false })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'apply.review' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'apply.confirm' }));
    expect(await screen.findByText('estimate.late:{"month":"February 2027"}')).toBeTruthy();
    expect(write).toHaveBeenCalledWith('applyForReward', { rewardID: 5 });
  });

  it.each(['notAvailable', 'outOfStock', 'pointsShort', 'addressRequired', 'addressNotAllowed', 'notFound'])(
    'the refusal %s has its own message',
    async (code) => {
      write.mockResolvedValue({ succeed: false, errorCode: code });
      open([reward({ kind: 'digital' })]);
      fireEvent.click(await screen.findByRole('button', { name: 'apply.review' }));
      fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'apply.confirm' }));
      expect((await screen.findByRole('alert')).textContent).toBe(`apply.errors.${code}`);
    },
  );

  it('the apply button is disabled with the reason when points are short or the stock is gone', async () => {
    open([reward({ points: 1500 })], 1000);
    const button = (await screen.findByRole('button', { name: 'apply.review' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe('rewards.needMore:{"count":500,"n":"500"}');
  });

  it('a reward not in the catalogue says so', async () => {
    open([reward()], 1000, 99);
    expect(await screen.findByText('apply.notFound')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'apply.back' }).getAttribute('href')).toBe('/rewards');
  });
});
