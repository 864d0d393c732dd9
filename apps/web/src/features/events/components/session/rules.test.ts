import { describe, expect, it } from 'vitest';
import { bookingMessage, booksInApp, cancellationMessage, hasBooking } from './rules.ts';

describe('session rules', () => {
  it('books in the app except for time-only and external sessions', () => {
    expect([0, 1, 2, 3].map(booksInApp)).toEqual([false, true, false, true]);
    expect([0, 1, 2].map(hasBooking)).toEqual([false, true, true]);
  });

  it('says how a booking went', () => {
    expect(bookingMessage({ succeed: true }, false)).toEqual({ key: 'result.reserved' });
    expect(bookingMessage({ succeed: true, position: 3 }, true)).toEqual({ key: 'waiting.joined', values: { position: 3 } });
    expect(bookingMessage({ succeed: false, errorCode: 'reservationCapacityOver' }, false)).toEqual({ key: 'result.reservationCapacityOver' });
    // A full session has no capacity message on the waiting list: its general failure.
    expect(bookingMessage({ succeed: false, errorCode: 'reservationCapacityOver' }, true)).toEqual({ key: 'waiting.failed' });
    expect(bookingMessage({ succeed: false, errorCode: 'seatsAvailable' }, true)).toEqual({ key: 'waiting.seatsAvailable' });
    expect(bookingMessage({ succeed: false, errorCode: 'eventNotFound' }, false)).toEqual({ key: 'result.reserveFailed' });
  });

  it('says how a cancellation went', () => {
    expect(cancellationMessage({ succeed: true })).toEqual({ key: 'result.cancelled' });
    expect(cancellationMessage({ succeed: false, errorCode: 'noReservation' })).toEqual({ key: 'result.noReservation' });
    expect(cancellationMessage({ succeed: false, errorCode: 'sessionNotFound' })).toEqual({ key: 'result.cancelFailed' });
  });
});
