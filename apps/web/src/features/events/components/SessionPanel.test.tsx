import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import type { EventDetail, EventSession } from '@hibi/contract/functions/events';
import { ApiError } from '../../../lib/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { cancelReservation } from '../api/cancel-reservation.ts';
import { reserveEvent } from '../api/reserve-event.ts';
import { SessionPanel } from './SessionPanel.tsx';

vi.mock('../../../lib/i18n/react.tsx', async () => (await import('../../../test/render.tsx')).i18nMock);
vi.mock('../api/reserve-event.ts', () => ({ reserveEvent: vi.fn() }));
vi.mock('../api/cancel-reservation.ts', () => ({ cancelReservation: vi.fn() }));
vi.mock('../api/join-waiting-list.ts', () => ({ joinWaitingList: vi.fn() }));
vi.mock('../api/leave-waiting-list.ts', () => ({ leaveWaitingList: vi.fn() }));

const reserve = vi.mocked(reserveEvent);
const cancel = vi.mocked(cancelReservation);

const session: EventSession = {
  id: 31,
  title: 'Morning walk',
  providingType: 1,
  reservationType: 1,
  startDateTime: Date.parse('2026-11-20T09:00:00+09:00'),
  endDateTime: Date.parse('2026-11-20T10:00:00+09:00'),
  entryUnitType: 1,
  capacity: 10,
  reservedCount: 3,
  participant: null,
  button: { kind: 'reserve', enabled: true },
  waitingListCount: 0,
  waitingPosition: null,
};
const event = {
  id: 4,
  title: 'Walking week',
  sessions: [session],
  hasQuestions: false,
  questions: [],
} as unknown as EventDetail;

describe('SessionPanel', () => {
  beforeEach(() => {
    reserve.mockReset();
    cancel.mockReset();
  });

  it('books a session, says so under it, and reloads the event and forgets the lists', async () => {
    reserve.mockResolvedValue({ succeed: true } as never);
    const { client } = renderWithProviders(<SessionPanel event={event} signedIn />);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const remove = vi.spyOn(client, 'removeQueries');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'button.reserve' })));
    expect(reserve).toHaveBeenCalledWith({ eventID: 4, sessionID: 31, body: [] });
    expect(document.querySelector('.session__message')?.textContent).toBe('result.reserved');
    expect(document.querySelector('.session__message')?.className).toContain('session__message--ok');
    expect(remove.mock.calls.map(([f]) => f?.queryKey)).toEqual([
      ['events', 'list'],
      ['events', 'reserving'],
      ['events', 'home'],
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['events', 'detail', 4, true] });
  });

  it('says why a booking was refused', async () => {
    reserve.mockResolvedValue({ succeed: false, errorCode: 'reservationCapacityOver' } as never);
    renderWithProviders(<SessionPanel event={event} signedIn />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'button.reserve' })));
    expect(document.querySelector('.session__message')?.textContent).toBe('result.reservationCapacityOver');
    expect(document.querySelector('.session__message')?.className).toContain('session__message--error');
  });

  it.each([
    ['the service is busy and nothing changed when the server answers 503', new ApiError('serviceUnavailable', 503), 'result.busy'],
    ['a booking failed when the call fails otherwise', new ApiError('internalError', 500), 'result.reserveFailed'],
  ])('says %s', async (_, error, text) => {
    reserve.mockRejectedValue(error);
    renderWithProviders(<SessionPanel event={event} signedIn />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'button.reserve' })));
    expect(document.querySelector('.session__message')?.textContent).toBe(text);
    expect(document.querySelector('.session__message')?.className).toContain('session__message--error');
  });

  it('asks before cancelling; keeping the booking cancels nothing', async () => {
    cancel.mockResolvedValue({ succeed: true } as never);
    const booked = { ...event, sessions: [{ ...session, participant: { reservationID: 9 }, button: { kind: 'cancel' as const, enabled: true } }] };
    renderWithProviders(<SessionPanel event={booked} signedIn />);
    fireEvent.click(screen.getByRole('button', { name: 'button.cancel' }));
    const dialog = document.querySelector('dialog[open]') as HTMLElement;
    expect(within(dialog).getByText('cancelDialog.seatFree')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'cancelDialog.keep' }));
    expect(cancel).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'button.cancel' }));
    await act(async () =>
      fireEvent.click(within(document.querySelector('dialog[open]') as HTMLElement).getByRole('button', { name: 'cancelDialog.confirm' })),
    );
    expect(cancel).toHaveBeenCalledWith({ eventID: 4, sessionID: 31 });
    expect(document.querySelector('.session__message')?.textContent).toBe('result.cancelled');
  });

  it('keeps the questionnaire open with the server message when an answer is refused', async () => {
    reserve.mockResolvedValue({ succeed: false, errorCode: 'answersInvalid' } as never);
    const asking = {
      ...event,
      hasQuestions: true,
      questions: [{ type: 'text', questionnaireIndex: 0, question: 'Why?', required: false, choices: [], choiceImages: [], images: [] }],
    } as EventDetail;
    renderWithProviders(<SessionPanel event={asking} signedIn />);
    fireEvent.click(screen.getByRole('button', { name: 'button.reserve' }));
    const dialog = document.querySelector('dialog[open]') as HTMLElement;
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'questionnaire.submit' })));
    expect(reserve).toHaveBeenCalledTimes(1);
    expect(within(dialog).getByRole('alert').textContent).toBe('result.answersInvalid');
    expect((document.querySelector('dialog') as HTMLDialogElement).open).toBe(true);
    expect(document.querySelector('.session__message')?.textContent).toBe('');
  });

  it('shows guests no buttons, only that they must log in', () => {
    renderWithProviders(<SessionPanel event={event} signedIn={false} />);
    expect(screen.queryByRole('button', { name: 'button.reserve' })).toBeNull();
    expect(screen.getByText('session.loginForButtons')).toBeTruthy();
  });
});
