import { call, type Payload } from '../../../lib/api.ts';

/** Tells the server an upload is complete, as the app does after uploading. */
export const notifyHealthDataFixed = (payload: Payload<'notifyHealthDataFixed'>) => call('notifyHealthDataFixed', payload);
