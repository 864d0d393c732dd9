import { call, type Payload } from '../../../lib/api.ts';

/** Books a session, with the questionnaire's answers (spec 1 §4). */
export const reserveEvent = (payload: Payload<'reserveEvent'>) => call('reserveEvent', payload);
