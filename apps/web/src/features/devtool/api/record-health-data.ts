import { call, type Payload } from '../../../lib/api.ts';

/** Records a day's weight, body fat, note and lifestyle answers; answers with the day's score. */
export const recordHealthData = (payload: Payload<'recordHealthData'>) => call('recordHealthData', payload);
