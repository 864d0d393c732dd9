import { call, type Payload } from '../../../lib/api.ts';

/** Enters the test user in an individual match. */
export const enterMatch = (payload: Payload<'enterIndividualMatch'>) => call('enterIndividualMatch', payload);
