import { call, type Payload } from '../../../lib/api.ts';

/**
 * Leaves the mail magazine with the signed token of a magazine mail's link, without signing in
 * (docs/requirements/magazine.md#magazine-unsubscribe). Only the page's button calls it: a GET never unsubscribes.
 */
export const unsubscribeMagazine = (payload: Payload<'unsubscribeMagazine'>) => call('unsubscribeMagazine', payload);

/** The token of the test mails (sendMagazineTest): their link changes nothing, so the page asks nothing. */
export const TEST_MAIL_TOKEN = 'test';
