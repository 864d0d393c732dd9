import { z } from 'zod';
import { id } from '../protocol.ts';
import { singleLineText } from '../text.ts';
import { authenticationResponseSchema, PASSKEY_NAME_MAX, passkeySchema, registrationResponseSchema, webauthnOptionsSchema } from '../webauthn.ts';
import { operatorSchema } from './auth.ts';
import { defineConsoleFunction, OPERATOR_PASSWORD_MAX } from './protocol.ts';

/**
 * Operators' passkeys (issue 35, decision 148): a phishing-resistant second factor in place of the TOTP code
 * (password, then passkey). An owner may require it: then an operator who has a passkey can no longer use a TOTP
 * code or a recovery code.
 */

const passkeyName = singleLineText(PASSKEY_NAME_MAX, 'passkeyNameLength').pipe(z.string().min(1, { error: 'msg:passkeyNameLength' }));
/** The sign-in challenge signIn answered (the step between the password and the second factor). */
const challenge = z.string().min(1).max(200);
/** Every role, company operators included (issue 55): each operator secures their own sign-in. */
const ALL = ['owner', 'editor', 'support', 'company'] as const;

export const listMyPasskeys = defineConsoleFunction({
  name: 'listMyPasskeys',
  roles: ALL,
  summary: "The signed-in operator's passkeys, oldest first.",
  payload: z.object({}),
  response: z.object({ passkeys: z.array(passkeySchema) }),
});

export const beginMyPasskeyRegistration = defineConsoleFunction({
  name: 'beginMyPasskeyRegistration',
  roles: ALL,
  summary:
    'Options for `navigator.credentials.create()` for a new passkey of the signed-in operator (5 minutes, single use). Needs the current password, unless the operator signed in under 5 minutes ago (decision 175).',
  payload: z.object({
    /** The operator's current password; may be left out within 5 minutes of signing in. */
    currentPassword: z.string().min(1, { error: 'msg:passwordRequired' }).max(OPERATOR_PASSWORD_MAX).optional(),
  }),
  response: z.object({ options: webauthnOptionsSchema }),
  /** passwordRequired: no password given and no sign-in in the last 5 minutes; wrongPassword: not the current password. */
  errorCodes: ['tooManyPasskeys', 'passwordRequired', 'wrongPassword'],
});

export const finishMyPasskeyRegistration = defineConsoleFunction({
  name: 'finishMyPasskeyRegistration',
  roles: ALL,
  summary: "Stores the operator's new passkey (RegistrationResponseJSON) under a name and mails a notice.",
  payload: z.object({ response: registrationResponseSchema, name: passkeyName }),
  response: z.object({ passkey: passkeySchema }),
  errorCodes: ['invalidChallenge', 'passkeyRejected', 'tooManyPasskeys', 'alreadyRegistered'],
  audited: true,
});

export const deleteMyPasskey = defineConsoleFunction({
  name: 'deleteMyPasskey',
  roles: ALL,
  summary: "Deletes one of the signed-in operator's passkeys and mails a notice.",
  payload: z.object({ id }),
  response: z.object({}),
  errorCodes: ['notFound'],
  audited: true,
});

export const beginPasskeyVerification = defineConsoleFunction({
  name: 'beginPasskeyVerification',
  auth: 'none',
  roles: [],
  summary:
    "Second step with a passkey instead of a TOTP code: options for `navigator.credentials.get()` listing the operator's passkeys, for the challenge signIn answered.",
  payload: z.object({ challenge }),
  response: z.object({ options: webauthnOptionsSchema }),
  /** invalidChallenge: unknown, expired or used sign-in challenge; noPasskeys: the operator has none (use the TOTP code). */
  errorCodes: ['invalidChallenge', 'noPasskeys'],
});

export const verifyPasskey = defineConsoleFunction({
  name: 'verifyPasskey',
  auth: 'none',
  roles: [],
  summary:
    'Second step with a passkey (AuthenticationResponseJSON): starts the session as verifyTotp does (HttpOnly cookie, token for API clients). Rate-limited per account and address.',
  payload: z.object({ challenge, response: authenticationResponseSchema }),
  response: z.object({ token: z.string(), expiresAt: z.number().int(), operator: operatorSchema }),
  errorCodes: ['invalidChallenge', 'passkeyRejected'],
});

export const getConsoleSecurity = defineConsoleFunction({
  name: 'getConsoleSecurity',
  roles: ['owner'],
  summary: 'Whether the console requires passkeys, and which operators have none yet.',
  payload: z.object({}),
  response: z.object({
    requirePasskeys: z.boolean(),
    withoutPasskey: z.array(z.object({ id: z.number().int(), email: z.string(), displayName: z.string() })),
  }),
});

export const setConsoleSecurity = defineConsoleFunction({
  name: 'setConsoleSecurity',
  roles: ['owner'],
  summary:
    'Requires passkeys for the console (or not): an operator who has a passkey must then use it at the second step; TOTP codes and recovery codes are refused for them.',
  payload: z.object({ requirePasskeys: z.boolean() }),
  response: z.object({ requirePasskeys: z.boolean() }),
  audited: true,
});

export const consolePasskeyFunctions = [
  listMyPasskeys,
  beginMyPasskeyRegistration,
  finishMyPasskeyRegistration,
  deleteMyPasskey,
  beginPasskeyVerification,
  verifyPasskey,
  getConsoleSecurity,
  setConsoleSecurity,
] as const;
