import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { MemberPoints } from './MemberPoints.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const api = vi.hoisted(() => ({ call: vi.fn(), callOrThrow: vi.fn() }));
vi.mock('../../../lib/api.ts', async (original) => ({
  ...(await original<typeof import('../../../lib/api.ts')>()),
  consoleCall: api.call,
  consoleCallOrThrow: api.callOrThrow,
}));

const entry = (id: number, amount: number, balanceAfter: number, label: string) => ({
  id,
  at: Date.UTC(2027, 3, id),
  amount,
  reason: 'mission' as const,
  params: {},
  label,
  balanceAfter,
});
const points = {
  succeed: true,
  balance: 1_200,
  expiresOn: '2030-04-05',
  entries: [entry(2, -300, 1_200, '交換：タオル'), entry(1, 1_500, 1_500, 'ミッション：8,000歩を10日')],
  total: 2,
};

afterEach(() => {
  api.call.mockReset();
  api.callOrThrow.mockReset();
});

// docs/requirements/points.md#points-ledger: owners and support read a member's points; only an owner adjusts.
describe("a member's points in the console", () => {
  it('shows the balance, expiry and entries; support gets no adjust form', async () => {
    api.callOrThrow.mockResolvedValue(points);
    renderWithProviders(<MemberPoints memberID={9} canAdjust={false} />);
    expect(await screen.findByText('member.pointsValue:{"points":"1,200"}')).toBeTruthy();
    expect(screen.getByText('2030-04-05')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: '交換：タオル' })).toBeTruthy();
    expect(within(table).getByText('−300')).toBeTruthy();
    expect(within(table).getByText('+1,500')).toBeTruthy();
    expect(api.callOrThrow).toHaveBeenCalledWith('getMemberPoints', { memberID: 9, offset: 0, perPage: 20 });
    expect(screen.queryByRole('button', { name: 'member.adjustSave' })).toBeNull();
  });

  it('says when there are no entries, and when the points cannot be read', async () => {
    api.callOrThrow.mockResolvedValueOnce({ succeed: true, balance: 0, expiresOn: null, entries: [], total: 0 });
    const first = renderWithProviders(<MemberPoints memberID={9} canAdjust={false} />);
    expect(await screen.findByText('member.noEntries')).toBeTruthy();
    expect(screen.getByText('member.noExpiry')).toBeTruthy();
    first.unmount();
    api.callOrThrow.mockRejectedValueOnce(new Error('down'));
    renderWithProviders(<MemberPoints memberID={9} canAdjust={false} />);
    expect(await screen.findByRole('alert')).toBeTruthy();
  });

  it("an owner's adjustment: the contract's messages, pointsShort at the amount, then the outcome focused", async () => {
    api.callOrThrow.mockResolvedValue(points);
    renderWithProviders(<MemberPoints memberID={9} canAdjust />);
    await screen.findByRole('table');
    const amount = screen.getByLabelText(/^member\.adjustAmount\*?$/) as HTMLInputElement;
    const note = screen.getByLabelText(/^member\.adjustNote\*?$/) as HTMLTextAreaElement;
    const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'member.adjustSave' })));

    fireEvent.change(amount, { target: { value: '0' } });
    await save();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('調整するポイントは0以外の整数（−1,000,000〜1,000,000）で入力してください')).toBeTruthy();
    expect(screen.getByText('調整の理由が入力されていません')).toBeTruthy();
    expect(api.call).not.toHaveBeenCalled();

    fireEvent.change(amount, { target: { value: '-5000' } });
    fireEvent.change(note, { target: { value: '誤って付与したため' } });
    api.call.mockResolvedValueOnce({ succeed: false, errorCode: 'pointsShort' });
    await save();
    expect(api.call).toHaveBeenCalledWith('adjustPoints', { memberID: 9, amount: -5000, note: '誤って付与したため' });
    expect((await screen.findByRole('alert')).textContent).toBe('errors.pointsShort');
    expect(amount.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(amount, { target: { value: '-200' } });
    api.call.mockResolvedValueOnce({ succeed: true, balance: 1_000 });
    await save();
    const outcome = await screen.findByText('member.adjusted:{"amount":"−200","balance":"1,000"}');
    await waitFor(() => expect(document.activeElement).toBe(outcome.parentElement));
    expect(amount.value).toBe('');
  });
});
