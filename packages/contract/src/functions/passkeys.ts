import { z } from 'zod';
import { PASSWORD_MAX } from '../constants.ts';
import { defineFunction, id } from '../protocol.ts';
import { singleLineText } from '../text.ts';
import { authenticationResponseSchema, PASSKEY_NAME_MAX, passkeySchema, registrationResponseSchema, webauthnOptionsSchema } from '../webauthn.ts';
import { sessionUserSchema, tenantContractSchema } from './auth.ts';

/**
 * Members' passkeys (issue 35, docs/requirements/passkeys.md#passkeys-members, decision 148): WebAuthn discoverable credentials that sign a
 * member in without a password. Options go out and responses come back in the WebAuthn JSON forms.
 */

export const passkeyName = singleLineText(PASSKEY_NAME_MAX, 'passkeyNameLength').pipe(z.string().min(1, { error: 'msg:passkeyNameLength' }));

export const beginPasskeyRegistration = defineFunction({
  name: 'beginPasskeyRegistration',
  auth: 'required',
  summary:
    "Options for `navigator.credentials.create()` (PublicKeyCredentialCreationOptionsJSON): a discoverable credential for APP_BASE_URL's host, the member's passkeys excluded. The challenge works once, for 5 minutes. Needs the current password, unless the session was opened with the password under 5 minutes ago (decision 175).",
  payload: z.object({
    /** The account's current password; may be left out within 5 minutes of a sign-in with the password. */
    currentPassword: z.string().min(1, { error: 'msg:passwordRequired' }).max(PASSWORD_MAX).optional(),
  }),
  response: z.object({ options: webauthnOptionsSchema }),
  /** passwordRequired: no password given and no password sign-in in the last 5 minutes; wrongPassword: not the current password. */
  errorCodes: ['tooManyPasskeys', 'passwordRequired', 'wrongPassword'],
});

export const finishPasskeyRegistration = defineFunction({
  name: 'finishPasskeyRegistration',
  auth: 'required',
  summary:
    "Stores the new passkey from the authenticator's answer (RegistrationResponseJSON) under the given name, and mails a notice. A malformed response or name answers 400 and stores nothing.",
  payload: z.object({ response: registrationResponseSchema, name: passkeyName }),
  response: z.object({ passkey: passkeySchema }),
  /** invalidChallenge: unknown, used or expired (5 min) challenge; passkeyRejected: the response did not verify (origin, RP ID, signature). */
  errorCodes: ['invalidChallenge', 'passkeyRejected', 'tooManyPasskeys', 'alreadyRegistered'],
});

export const beginPasskeySignIn = defineFunction({
  name: 'beginPasskeySignIn',
  auth: 'none',
  summary:
    'Options for `navigator.credentials.get()` (PublicKeyCredentialRequestOptionsJSON) without a user: the authenticator offers its discoverable credentials (also for autofill, conditional mediation). The challenge works once, for 5 minutes.',
  payload: z.object({}),
  response: z.object({ options: webauthnOptionsSchema }),
});

export const finishPasskeySignIn = defineFunction({
  name: 'finishPasskeySignIn',
  auth: 'none',
  summary:
    "Signs in with a passkey (AuthenticationResponseJSON): the same session, answer and rules as `login` (bearer token, or `session: 'cookie'` for the web app). A replayed answer is refused.",
  payload: z.object({
    response: authenticationResponseSchema,
    session: z.enum(['bearer', 'cookie']).optional(),
  }),
  response: z.object({
    token: z.string().optional(),
    expiresAt: z.number().int(),
    user: sessionUserSchema,
    tenantContract: tenantContractSchema,
  }),
  /**
   * invalidChallenge: unknown, used or expired challenge; passkeyRejected: unknown passkey, or the answer did not verify;
   * contractEnded: the member's company's contract has ended (as `login`).
   */
  errorCodes: ['invalidChallenge', 'passkeyRejected', 'notTenantUser', 'contractEnded'],
});

export const listPasskeys = defineFunction({
  name: 'listPasskeys',
  auth: 'required',
  summary: "The member's passkeys, oldest first.",
  payload: z.object({}),
  response: z.object({ passkeys: z.array(passkeySchema) }),
});

export const deletePasskey = defineFunction({
  name: 'deletePasskey',
  auth: 'required',
  summary: "Deletes one of the member's passkeys (it no longer signs in) and mails a notice.",
  payload: z.object({ id }),
  response: z.object({}),
  errorCodes: ['notFound'],
});

export const passkeysFunctions = [
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  beginPasskeySignIn,
  finishPasskeySignIn,
  listPasskeys,
  deletePasskey,
] as const;
