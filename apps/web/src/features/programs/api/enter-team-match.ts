import { call, type Payload } from '../../../lib/api.ts';

/**
 * Enters a Team Walk during its entry window (docs/requirements/programs.md#programs-team-walk): selfFormed takes a new
 * team's name (its code comes back to share) or a code to join; the other modes take neither (enterTeamMatch).
 */
export const enterTeamMatch = (payload: Payload<'enterTeamMatch'>) => call('enterTeamMatch', payload);
