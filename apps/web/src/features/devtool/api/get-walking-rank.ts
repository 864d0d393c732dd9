import { call, type Payload } from '../../../lib/api.ts';

/** The walking program's ranking for any day, in the company or among everyone. */
export const getWalkingRank = (payload: Payload<'getWalkingProgramRank'>) => call('getWalkingProgramRank', payload);
