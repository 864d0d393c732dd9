import { call, type Payload } from '../../../lib/api.ts';

/** A short-lived signed link to a session's .ics file, which a plain navigation can fetch without the token. */
export const getCalendarUrl = (payload: Payload<'getEventCalendarUrl'>) => call('getEventCalendarUrl', payload);
