import { z } from 'zod';
import { singleLineText } from '../text.ts';
import { defineConsoleFunction, OPERATOR_PASSWORD_MAX, OPERATOR_PASSWORD_MIN, OPERATOR_ROLES } from './protocol.ts';

/** Operator sign-in (docs/requirements/console.md#console-sign-in): password, then TOTP (RFC 6238) or a recovery code; enrolment on first use. */

export const operatorSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** The one tenant of a `company` operator; null for the other roles. */
  tenantId: z.number().int().nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;

export const operatorEmail = z
  .string({ error: 'msg:emailRequired' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'msg:emailRequired' })
  .max(254)
  .pipe(z.email({ error: 'msg:emailInvalid' }));

export const operatorPassword = z
  .string({ error: 'msg:passwordRequired' })
  .min(OPERATOR_PASSWORD_MIN, { error: 'msg:operatorPasswordLength' })
  .max(OPERATOR_PASSWORD_MAX, { error: 'msg:operatorPasswordLength' });

export const operatorDisplayName = singleLineText(60).pipe(z.string().min(1, { error: 'msg:required' }));

/** A challenge token from signIn, handed back to verifyTotp. */
const challenge = z.string().min(1).max(200);

export const signIn = defineConsoleFunction({
  name: 'signIn',
  auth: 'none',
  roles: [],
  summary:
    'Password step. Answers a challenge for verifyTotp: `mfa: enrol` (first sign-in, or after an owner reset the TOTP) with the otpauth URL and the secret to show once, or `mfa: verify`. Rate-limited per account and address (429).',
  payload: z.object({
    email: operatorEmail,
    // Not length-checked beyond the maximum: a wrong password is a wrong password.
    password: z.string({ error: 'msg:passwordRequired' }).min(1, { error: 'msg:passwordRequired' }).max(OPERATOR_PASSWORD_MAX),
  }),
  response: z.object({
    mfa: z.enum(['enrol', 'verify']),
    challenge: z.string(),
    /** Enrolling only: `otpauth://totp/Hibi%20console:<email>?secret=...&issuer=Hibi%20console` (the web draws the QR code). */
    otpauthUrl: z.string().optional(),
    /** Enrolling only: the base32 secret, to type in by hand. */
    secret: z.string().optional(),
  }),
  errorCodes: ['invalidCredentials'],
});

export const verifyTotp = defineConsoleFunction({
  name: 'verifyTotp',
  auth: 'none',
  roles: [],
  summary:
    'TOTP step: a 6-digit code (each accepted once) or a recovery code (single use). Starts the session: sets the HttpOnly cookie and returns the token for API clients. When enrolling, answers the 10 recovery codes, shown once.',
  payload: z
    .object({
      challenge,
      code: z
        .string()
        .trim()
        .regex(/^\d{6}$/, { error: 'msg:totpCodeFormat' })
        .optional(),
      recoveryCode: z.string().trim().min(1).max(40).optional(),
    })
    .refine((p) => (p.code === undefined) !== (p.recoveryCode === undefined), { error: 'msg:totpCodeOrRecovery' }),
  response: z.object({
    token: z.string(),
    expiresAt: z.number().int(),
    operator: operatorSchema,
    recoveryCodes: z.array(z.string()).optional(),
  }),
  /**
   * invalidChallenge: unknown, expired or used challenge (sign in again); invalidCode: wrong or reused code;
   * passkeyRequired: the console requires passkeys and this operator has one (verifyPasskey, decision 148).
   */
  errorCodes: ['invalidChallenge', 'invalidCode', 'passkeyRequired'],
});

export const signOut = defineConsoleFunction({
  name: 'signOut',
  roles: ['owner', 'editor', 'support', 'company'],
  summary: 'Ends this session and clears the cookie.',
  payload: z.object({}),
  response: z.object({}),
});

export const getMe = defineConsoleFunction({
  name: 'getMe',
  roles: ['owner', 'editor', 'support', 'company'],
  summary: 'The signed-in operator and when the session ends at the latest.',
  payload: z.object({}),
  response: z.object({ operator: operatorSchema, expiresAt: z.number().int() }),
});

export const acceptInvitation = defineConsoleFunction({
  name: 'acceptInvitation',
  auth: 'none',
  roles: [],
  summary:
    'Sets the password (12+ characters) and display name of an invited operator or the bootstrap owner from the one-time link `/console/enrol?token=...`; then the normal signIn (which enrols TOTP).',
  payload: z.object({ token: z.string().min(1).max(200), password: operatorPassword, displayName: operatorDisplayName }),
  response: z.object({ email: z.string() }),
  /** invalidToken: unknown, expired or used link. */
  errorCodes: ['invalidToken'],
  audited: true,
});

export const consoleAuthFunctions = [signIn, verifyTotp, signOut, getMe, acceptInvitation] as const;
