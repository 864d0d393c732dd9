/**
 * Web Push in this browser (issue 34, decision 153): the service worker's PushManager. Nothing here runs at page load:
 * the permission prompt appears only when the member turns notifications on (`subscribeThisDevice`).
 */

/** How long we wait for the service worker to be ready before saying push is not available here. */
const WORKER_WAIT_MS = 10_000;

export interface DeviceSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Whether this browser can take push notifications at all (a service worker, the Push API, notifications). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The notification permission: 'default' (not asked yet), 'granted' or 'denied'. */
export function pushPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

/** The service worker's registration if one controls this app already; never waits, never asks anything. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  return navigator.serviceWorker.getRegistration('/');
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('serviceWorkerNotReady')), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

function toDevice(subscription: PushSubscription): DeviceSubscription {
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } };
}

/** This browser's current push subscription, if it has one (no prompt). */
export async function currentSubscription(): Promise<DeviceSubscription | null> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  return subscription ? toDevice(subscription) : null;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Why subscribing failed, for the message the member sees (issue 55, item 7). Only `failed` is worth trying again
 * later (the push service or our server did not answer); the others are permanent where the member is, so the
 * message says what to do instead:
 * - `privateWindow`: the permission is granted but the browser refuses a subscription ("Registration failed -
 *   permission denied", an AbortError in Chromium): a private or incognito window, whose push is off for good;
 * - `denied`: the notification permission is denied (blocked for the site, or refused at once as a private window
 *   does);
 * - `unsupported`: no Push API, no service worker (it never became ready), or the browser refuses it outright.
 */
export type PushSetupError = 'unsupported' | 'denied' | 'privateWindow' | 'dismissed' | 'failed';

export function pushSetupError(error: unknown, permission: NotificationPermission = pushPermission()): PushSetupError {
  const name = (error as { name?: string })?.name ?? '';
  const message = (error as { message?: string })?.message ?? '';
  if (message === 'unsupported' || message === 'serviceWorkerNotReady') return 'unsupported';
  if (message === 'denied') return 'denied';
  if (message === 'dismissed') return 'dismissed';
  if (name === 'NotSupportedError' || name === 'SecurityError' || name === 'InvalidStateError') return 'unsupported';
  if (/permission denied|not allowed|incognito|private/i.test(message) || name === 'NotAllowedError') {
    return permission === 'granted' ? 'privateWindow' : 'denied';
  }
  return 'failed';
}

/**
 * Asks for the notification permission (the browser's prompt, only now) and subscribes this browser with the server's
 * VAPID key. A subscription made with another key (an older server key) is replaced.
 */
export async function subscribeThisDevice(publicKey: string): Promise<DeviceSubscription> {
  if (!pushSupported()) throw new Error('unsupported');
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') throw new Error('denied');
  if (permission !== 'granted') throw new Error('dismissed');
  const reg = await readyRegistration();
  const applicationServerKey = keyBytes(publicKey);
  const existing = await reg.pushManager.getSubscription();
  if (existing) {
    const key = existing.options.applicationServerKey;
    const same = key && new Uint8Array(key).every((b, i) => b === applicationServerKey[i]) && key.byteLength === applicationServerKey.length;
    if (same) return toDevice(existing);
    await existing.unsubscribe();
  }
  return toDevice(await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
}

/** Ends this browser's push subscription (the server forgets it separately). */
export async function unsubscribeThisDevice(): Promise<void> {
  const reg = await registration();
  const subscription = await reg?.pushManager.getSubscription();
  await subscription?.unsubscribe();
}
