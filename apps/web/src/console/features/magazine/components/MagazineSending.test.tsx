import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render.tsx';
import { toTokyoInput } from '../../../lib/time.ts';
import { issueOf } from '../test-fixtures.ts';
import { MagazineSending } from './MagazineSending.tsx';

vi.mock('../../../../lib/i18n/react.tsx', async () => (await import('../../../../test/render.tsx')).i18nMock);
const call = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/api.ts', async (original) => ({ ...(await original<typeof import('../../../lib/api.ts')>()), consoleCall: call }));

const HOUR = 3_600_000;
const timeField = () => screen.getByLabelText(/schedule\.at/) as HTMLInputElement;

afterEach(() => call.mockReset());

// docs/requirements/magazine.md#magazine-console: a send time in the past changes nothing.
describe('scheduling an issue', () => {
  it('refuses a time in the past on the field itself, without asking the server', async () => {
    renderWithProviders(<MagazineSending issue={issueOf()} dirty={false} />);
    fireEvent.change(timeField(), { target: { value: toTokyoInput(Date.now() - HOUR) } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'schedule.schedule' })));
    expect(timeField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('schedule.sendAtPast')).toBeTruthy();
    expect(call).not.toHaveBeenCalled();
  });

  it("shows the server's sendAtPast on the field (the time passed while the page was open)", async () => {
    call.mockResolvedValue({ succeed: false, errorCode: 'sendAtPast' });
    renderWithProviders(<MagazineSending issue={issueOf()} dirty={false} />);
    const at = toTokyoInput(Date.now() + 24 * HOUR);
    fireEvent.change(timeField(), { target: { value: at } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'schedule.schedule' })));
    expect(call).toHaveBeenCalledWith('scheduleMagazineIssue', { issueID: 3, sendAt: expect.any(Number) });
    expect(await screen.findByText('schedule.sendAtPast')).toBeTruthy();
    expect(timeField().getAttribute('aria-invalid')).toBe('true');
  });

  it('sends now only after the question is answered', async () => {
    call.mockResolvedValue({ succeed: true, state: 'sending', sendAt: Date.now() });
    renderWithProviders(<MagazineSending issue={issueOf()} dirty={false} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'schedule.sendNow' })));
    expect(call).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'schedule.confirmSendNow' })));
    expect(call).toHaveBeenCalledWith('scheduleMagazineIssue', { issueID: 3, sendAt: null });
    expect(await screen.findByText('schedule.sendingStarted')).toBeTruthy();
  });

  it('cancels a scheduled issue after the question', async () => {
    call.mockResolvedValue({ succeed: true, state: 'draft' });
    const sendAt = Date.now() + 48 * HOUR;
    renderWithProviders(<MagazineSending issue={issueOf({ state: 'scheduled', sendAt })} dirty={false} />);
    expect(timeField().value).toBe(toTokyoInput(sendAt));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'schedule.cancel' })));
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'schedule.confirmCancel' })));
    expect(call).toHaveBeenCalledWith('cancelMagazineIssue', { issueID: 3 });
    expect(await screen.findByText('schedule.cancelled')).toBeTruthy();
  });

  it('says where a test mail went, and the rate limit in words', async () => {
    call.mockResolvedValueOnce({ succeed: true, to: 'editor@example.com', mails: 2 });
    renderWithProviders(<MagazineSending issue={issueOf()} dirty={false} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'test.button' })));
    expect(call).toHaveBeenCalledWith('sendMagazineTest', { issueID: 3 });
    expect(await screen.findByText('test.sent:{"to":"editor@example.com","count":2}')).toBeTruthy();
    call.mockResolvedValueOnce({ succeed: false, errorCode: 'rateLimited' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'test.button' })));
    expect(await screen.findByText('test.rateLimited')).toBeTruthy();
  });

  it('waits for unsaved changes to be saved', () => {
    renderWithProviders(<MagazineSending issue={issueOf()} dirty />);
    expect(screen.getByText('test.saveFirst')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'test.button' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'schedule.sendNow' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
