import { call, type Payload } from '../../../lib/api.ts';

/** Leaves a session's waiting list. */
export const leaveWaitingList = (payload: Payload<'leaveWaitingList'>) => call('leaveWaitingList', payload);
