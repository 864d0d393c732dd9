import type { PushKind } from '@hibi/contract/constants';
import { call } from '../../../lib/api.ts';

/** Notifications on this device (issue 34): the server's VAPID key and what it knows of this device. */
export const getPushConfig = (endpoint?: string) => call('getPushConfig', endpoint ? { endpoint } : {});
export const savePushSubscription = (s: { endpoint: string; keys: { p256dh: string; auth: string }; kinds: PushKind[] }) =>
  call('savePushSubscription', s);
export const deletePushSubscription = (endpoint: string) => call('deletePushSubscription', { endpoint });
