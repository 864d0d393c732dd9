import { call } from '../../../lib/api.ts';

/** The URL of the private calendar feed of the member's bookings (getCalendarFeedUrl); rejects on a failure. */
export async function getCalendarFeedUrl(): Promise<string> {
  const result = await call('getCalendarFeedUrl');
  if (!result.succeed) throw new Error(result.errorCode);
  return result.url;
}
