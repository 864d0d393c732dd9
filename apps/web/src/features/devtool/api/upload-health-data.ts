import { call, type Payload } from '../../../lib/api.ts';

/** Uploads health records as the app does. */
export const uploadHealthData = (payload: Payload<'uploadHealthData'>) => call('uploadHealthData', payload);
