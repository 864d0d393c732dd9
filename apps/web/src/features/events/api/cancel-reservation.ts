import { call, type Payload } from '../../../lib/api.ts';

/** Cancels the member's booking of a session; the seat goes to the waiting list's first member (docs/requirements/events.md#events-reservation). */
export const cancelReservation = (payload: Payload<'cancelEventReservation'>) => call('cancelEventReservation', payload);
