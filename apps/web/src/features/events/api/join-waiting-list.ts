import { call, type Payload } from '../../../lib/api.ts';

/** Joins a full session's waiting list, with the questionnaire's answers (issue 19, 1). */
export const joinWaitingList = (payload: Payload<'joinWaitingList'>) => call('joinWaitingList', payload);
