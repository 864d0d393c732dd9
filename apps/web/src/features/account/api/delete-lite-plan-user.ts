import { call, type Payload } from '../../../lib/api.ts';

/** Ends a lite-plan member's account; the current password is asked, so a stolen session alone cannot (issue 12, 5). */
export const deleteLitePlanUser = (payload: Payload<'deleteLitePlanUser'>) => call('deleteLitePlanUser', payload);
