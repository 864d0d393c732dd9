import { call, type Payload } from '../../../lib/api.ts';

/** Saves the nickname, comment, birth year, height and gender; omitted fields stay. */
export const updateProfile = (payload: Payload<'updateProfile'>) => call('updateProfile', payload);
