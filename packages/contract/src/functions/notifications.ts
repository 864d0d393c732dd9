import { z } from 'zod';
import { defineFunction } from '../protocol.ts';
import { PUSH_ENDPOINT_MAX, PUSH_KINDS } from '../constants.ts';

/**
 * Notifications on the device (issue 34, docs/requirements/notifications.md#notifications-web-push, decision 153): standard Web Push. The browser's
 * PushSubscription (endpoint and keys) is saved with the kinds the member chose for this device.
 */

/** The field order of NIST P-256 (secp256r1) and its curve constant b; a = -3. */
const P = 0xffffffff00000001000000000000000000000000ffffffffffffffffffffffffn;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

/** What both runtimes of the contract (Node and the browser) have; the contract compiles without their type libraries. */
const runtime = globalThis as unknown as {
  atob(data: string): string;
  URL: new (url: string) => { href: string; username: string; password: string };
};

function base64urlToBytes(value: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length % 4 === 1) return null;
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = runtime.atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const toBigInt = (bytes: Uint8Array) => bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);

/** An uncompressed P-256 point (0x04 ‖ X ‖ Y) that lies on the curve: y² = x³ − 3x + b (mod p). */
export function isP256Point(bytes: Uint8Array): boolean {
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  const x = toBigInt(bytes.subarray(1, 33));
  const y = toBigInt(bytes.subarray(33));
  if (x >= P || y >= P) return false;
  return (y * y - (x * x * x - 3n * x + B)) % P === 0n;
}

const pushKind = z.enum(PUSH_KINDS, { error: 'msg:pushKindUnknown' });

export const pushKinds = z
  .array(pushKind)
  .min(1, { error: 'msg:pushKindsRequired' })
  .max(PUSH_KINDS.length, { error: 'msg:pushKindsDuplicate' })
  .refine((kinds) => new Set(kinds).size === kinds.length, { error: 'msg:pushKindsDuplicate' });

/** The endpoint as a URL of at most PUSH_ENDPOINT_MAX characters; which origins are accepted is the server's configuration. */
export const pushEndpoint = z
  .string()
  .max(PUSH_ENDPOINT_MAX, { error: 'msg:pushEndpointInvalid' })
  .refine(
    (value) => {
      try {
        const url = new runtime.URL(value);
        return url.username === '' && url.password === '' && url.href === value;
      } catch {
        return false;
      }
    },
    { error: 'msg:pushEndpointInvalid' },
  );

export const pushKeys = z
  .object({
    /** The browser's P-256 public key (65 bytes, base64url). */
    p256dh: z
      .string()
      .max(100, { error: 'msg:pushKeysInvalid' })
      .refine(
        (v) => {
          const bytes = base64urlToBytes(v);
          return bytes !== null && isP256Point(bytes);
        },
        { error: 'msg:pushKeysInvalid' },
      ),
    /** The authentication secret (16 bytes, base64url). */
    auth: z
      .string()
      .max(30, { error: 'msg:pushKeysInvalid' })
      .refine((v) => base64urlToBytes(v)?.length === 16, { error: 'msg:pushKeysInvalid' }),
  })
  .strict();

export const getPushConfig = defineFunction({
  name: 'getPushConfig',
  auth: 'required',
  summary:
    'The VAPID public key (base64url) for `PushManager.subscribe({ applicationServerKey })`, and, when `endpoint` is given, the kinds this device takes (null when the server does not know this device for the member).',
  payload: z.object({ endpoint: pushEndpoint.optional() }),
  response: z.object({ publicKey: z.string(), kinds: z.array(z.enum(PUSH_KINDS)).nullable() }),
});

export const savePushSubscription = defineFunction({
  name: 'savePushSubscription',
  auth: 'required',
  summary:
    "Saves this device's push subscription (the browser's endpoint and keys) with the kinds it takes, for the caller's session: signing out deletes it. The endpoint must be on one of the push services' origins (PUSH_ALLOWED_ORIGINS, https); anything else answers 400 and nothing is stored.",
  payload: z.object({ endpoint: pushEndpoint, keys: pushKeys, kinds: pushKinds }),
  response: z.object({ kinds: z.array(z.enum(PUSH_KINDS)) }),
});

export const deletePushSubscription = defineFunction({
  name: 'deletePushSubscription',
  auth: 'required',
  summary: "Turns notifications off on this device: deletes the caller's subscription with this endpoint (nothing happens for an unknown one).",
  payload: z.object({ endpoint: pushEndpoint }),
  response: z.object({}),
});

export const notificationsFunctions = [getPushConfig, savePushSubscription, deletePushSubscription] as const;
