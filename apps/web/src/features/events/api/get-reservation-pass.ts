import { call, type Payload } from '../../../lib/api.ts';

/** The signed token of the member's pass to a session they booked (issue 33): the QR code shown at the door. */
export const getReservationPass = (payload: Payload<'getReservationPass'>) => call('getReservationPass', payload);
