import { call } from '../../../lib/api.ts';

/** A new URL for the calendar feed; the old one stops working (resetCalendarFeedUrl). Rejects on a failure. */
export async function resetCalendarFeedUrl(): Promise<string> {
  const result = await call('resetCalendarFeedUrl');
  if (!result.succeed) throw new Error(result.errorCode);
  return result.url;
}
