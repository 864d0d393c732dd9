import { call, type Payload } from '../../../lib/api.ts';

/** Books a session, with the questionnaire's answers (docs/requirements/events.md#events-reservation). */
export const reserveEvent = (payload: Payload<'reserveEvent'>) => call('reserveEvent', payload);
