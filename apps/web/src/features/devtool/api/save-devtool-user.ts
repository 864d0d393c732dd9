import { call, type Payload } from '../../../lib/api.ts';

/** Saves the test user without the member screens' rules (docs/requirements/account.md#account-devtool: the tool does no validation). */
export const saveDevtoolUser = (payload: Payload<'saveDevtoolUser'>) => call('saveDevtoolUser', payload);
