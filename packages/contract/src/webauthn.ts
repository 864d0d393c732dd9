import { z } from 'zod';

/**
 * The WebAuthn JSON forms (W3C WebAuthn Level 3, `toJSON()` of a PublicKeyCredential), as the members' entry and the
 * console accept them (issue 35, decision 148). Binary fields are base64url; each is bounded, and clientDataJSON must
 * decode to the JSON object a browser writes (type, challenge, origin), so a malformed response is a 400 before any
 * verification runs. Options going out are the library's JSON options, passed through as they are.
 */

/** A passkey's name as its owner gives it ("MacBook", "iPhone"): one line, 1 to 60 characters. */
export const PASSKEY_NAME_MAX = 60;
/** Passkeys one member or operator may keep. */
export const PASSKEYS_MAX = 20;
/** How long a WebAuthn challenge may be answered (5 minutes). */
export const WEBAUTHN_CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, { error: 'msg:passkeyResponseInvalid' });
const required64 = (max: number) => base64url(max).min(1, { error: 'msg:passkeyResponseInvalid' });

/** What both runtimes of the contract (Node and the browser) have; the contract compiles without their type libraries. */
const runtime = globalThis as unknown as {
  atob(data: string): string;
  TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string };
};

/** The decoded clientDataJSON, or null when it is not base64url of a JSON object with string type, challenge and origin. */
export function decodeClientData(value: string): { type: string; challenge: string; origin: string } | null {
  try {
    const b64 = value.replace(/-/g, '+').replace(/_/g, '/');
    const binary = runtime.atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c: string) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new runtime.TextDecoder('utf-8', { fatal: true }).decode(bytes));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const { type, challenge, origin } = parsed as Record<string, unknown>;
    if (typeof type !== 'string' || typeof challenge !== 'string' || typeof origin !== 'string') return null;
    if (challenge.length < 16 || challenge.length > 200 || !/^[A-Za-z0-9_-]+$/.test(challenge)) return null;
    return { type, challenge, origin };
  } catch {
    return null;
  }
}

const clientDataJSON = required64(8_000).refine((v) => decodeClientData(v) !== null, { error: 'msg:passkeyResponseInvalid' });
const transports = z.array(z.string().max(32)).max(10);
const clientExtensionResults = z.record(z.string().max(64), z.unknown());
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** RegistrationResponseJSON: what `navigator.credentials.create()` answered, as JSON. */
export const registrationResponseSchema = z.object({
  id: required64(1_400),
  rawId: required64(1_400),
  type: z.literal('public-key', { error: 'msg:passkeyResponseInvalid' }),
  response: z.object({
    clientDataJSON,
    attestationObject: required64(32_000),
    authenticatorData: base64url(16_000).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().min(-100_000).max(100_000).optional(),
    publicKey: base64url(4_000).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: clientExtensionResults.default({}),
});

/** AuthenticationResponseJSON: what `navigator.credentials.get()` answered, as JSON. */
export const authenticationResponseSchema = z.object({
  id: required64(1_400),
  rawId: required64(1_400),
  type: z.literal('public-key', { error: 'msg:passkeyResponseInvalid' }),
  response: z.object({
    clientDataJSON,
    authenticatorData: required64(16_000),
    signature: required64(2_000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: clientExtensionResults.default({}),
});

/** Creation / request options as the server library writes them (PublicKeyCredentialCreationOptionsJSON, …RequestOptionsJSON). */
export const webauthnOptionsSchema = z.looseObject({ challenge: z.string() });

/** One passkey as its owner sees it in a list. */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
  /** Synced to the owner's other devices (the BS flag): a passkey that survives the loss of one device. */
  backedUp: z.boolean(),
  transports: z.array(z.string()),
});
export type Passkey = z.infer<typeof passkeySchema>;
