import { call, type Payload } from '../../../lib/api.ts';

/** Saves the test user without the member screens' rules (spec 2 §2: the tool does no validation). */
export const saveDevtoolUser = (payload: Payload<'saveDevtoolUser'>) => call('saveDevtoolUser', payload);
