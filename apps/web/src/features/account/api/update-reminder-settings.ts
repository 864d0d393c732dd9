import { call, type Payload } from '../../../lib/api.ts';

/** Turns the reminder mails before booked sessions on or off (issue 19, 2). */
export const updateReminderSettings = (payload: Payload<'updateReminderSettings'>) => call('updateReminderSettings', payload);
