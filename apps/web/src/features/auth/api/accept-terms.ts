import { call, type Payload } from '../../../lib/api.ts';

/** Records that the signed-in member agreed to a terms version. */
export const acceptTerms = (payload: Payload<'acceptTerms'>) => call('acceptTerms', payload);
