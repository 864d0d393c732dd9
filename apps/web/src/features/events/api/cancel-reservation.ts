import { call, type Payload } from '../../../lib/api.ts';

/** Cancels the member's booking of a session; the seat goes to the waiting list's first member (spec 1 §4). */
export const cancelReservation = (payload: Payload<'cancelEventReservation'>) => call('cancelEventReservation', payload);
