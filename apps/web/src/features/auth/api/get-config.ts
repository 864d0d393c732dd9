import { call } from '../../../lib/api.ts';

/** The service configuration: the current terms version among it. */
export const getConfig = () => call('getConfig');
