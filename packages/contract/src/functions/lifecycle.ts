import { z } from 'zod';
import { singleLineText, textChecks } from '../text.ts';
import { defineFunction } from '../protocol.ts';
import { LOGIN_ID_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';

/** Limits of the signup model (docs/requirements/auth.md#auth-signup). */
export const SIGNUP_LIMITS = {
  invitationCode: 64,
  userName: 50,
  userPhonetic: 50,
  userNickname: 12,
  externalAccountId: 64,
} as const;

/** Hiragana or katakana, the long-vowel mark, middle dot and spaces: a kana reading. */
const KANA = /^[\u3041-\u3096\u309D-\u309F\u30A1-\u30FA\u30FC-\u30FF\u3000 ・]*$/u;

const email = (requiredKey: string) =>
  z
    .string({ error: `msg:${requiredKey}` })
    .trim()
    .min(1, { error: `msg:${requiredKey}` })
    .max(LOGIN_ID_MAX, { error: 'msg:emailInvalid' })
    .pipe(z.email({ error: 'msg:emailInvalid' }));

const requiredText = (key: string, max: number) =>
  z
    .string({ error: `msg:${key}Required` })
    .trim()
    .min(1, { error: `msg:${key}Required` })
    .max(max, { error: `msg:${key}TooLong` })
    .refine((v) => textChecks.singleLine(v) === null, { error: 'msg:textSingleLine' });

export const createUserByInvitationCode = defineFunction({
  name: 'createUserByInvitationCode',
  auth: 'none',
  summary:
    "Sign up with an invitation code of a tenant. Creates the account without a password and emails a single-use link to set one. Validation failures (including an unknown, expired or used-up code and a taken email) answer errorCode validationError with validationErrorMessage in the caller's language.",
  payload: z
    .object({
      invitationCode: requiredText('invitationCode', SIGNUP_LIMITS.invitationCode),
      userName: requiredText('userName', SIGNUP_LIMITS.userName),
      userPhonetic: requiredText('userPhonetic', SIGNUP_LIMITS.userPhonetic).regex(KANA, { error: 'msg:userPhoneticKana' }),
      userNickname: requiredText('userNickname', SIGNUP_LIMITS.userNickname),
      externalAccountId: singleLineText(SIGNUP_LIMITS.externalAccountId, 'externalAccountIdTooLong').optional(),
      userEmailAddress: email('emailRequired'),
      userEmailAddress2: email('email2Required'),
    })
    .refine((v) => v.userEmailAddress.toLowerCase() === v.userEmailAddress2.toLowerCase(), {
      error: 'msg:emailMismatch',
      path: ['userEmailAddress2'],
    }),
  response: z.object({}),
  errorCodes: ['validationError'],
});

export const requestPasswordReset = defineFunction({
  name: 'requestPasswordReset',
  auth: 'none',
  summary: 'Email a single-use link (60 minutes) for setting a new password to a tenant user (notification method EMAIL).',
  payload: z.object({
    email: email('emailRequired'),
    notificationMethod: z.literal('EMAIL').optional(),
  }),
  response: z.object({}),
  errorCodes: ['notTenantUser'],
});

export const updateEmailAddressWithResetPassword = defineFunction({
  name: 'updateEmailAddressWithResetPassword',
  auth: 'optional',
  summary:
    "Signed in: register (or change) the caller's personal email address; a single-use link sent to it sets the address and a password. As a guest it works like requestPasswordReset for an address already on file.",
  payload: z.object({
    email: email('emailRequired'),
    /** Signed in: the account's current password, required (a stolen session cannot move the account, issue 12, 5). */
    currentPassword: z.string().max(PASSWORD_MAX).optional(),
  }),
  response: z.object({}),
  errorCodes: ['notTenantUser', 'wrongPassword'],
});

export const revertEmailChange = defineFunction({
  name: 'revertEmailChange',
  auth: 'none',
  summary:
    'Undo an email change with the token of the link mailed to the old address (single use, 72 hours): the old address comes back, the password is cleared, every session ends and a password-reset link goes to the old address.',
  payload: z.object({ token: z.string().min(16).max(200) }),
  response: z.object({}),
  errorCodes: ['invalidLink', 'linkExpired', 'emailTaken'],
});

export const setPassword = defineFunction({
  name: 'setPassword',
  auth: 'optional',
  summary:
    "Set a password with the token of an emailed link (single use, 60 minutes). Ends the user's other sessions; a registration link also sets the email address.",
  payload: z.object({
    token: z.string().min(16).max(200),
    password: z
      .string({ error: 'msg:passwordRequired' })
      .min(1, { error: 'msg:passwordRequired' })
      .min(PASSWORD_MIN, { error: 'msg:passwordLength' })
      .max(PASSWORD_MAX, { error: 'msg:passwordLength' }),
  }),
  response: z.object({}),
  errorCodes: ['invalidLink', 'linkExpired', 'emailTaken', 'notTenantUser'],
});

/**
 * Developer tool (docs/requirements/account.md#account-devtool): exists only when the server has DEVTOOL_PATH set; otherwise 404 unknownFunction.
 * The web app's catch-all page asks whether its path is the tool's.
 */
export const isDevtoolPath = defineFunction({
  name: 'isDevtoolPath',
  auth: 'none',
  summary: 'Developer tool only: whether a path is the hidden developer-tool route.',
  payload: z.object({ path: z.string().max(300) }),
  response: z.object({ isDevtool: z.boolean() }),
});

export const devtoolUserSchema = z.object({
  displayName: z.string(),
  comment: z.string(),
  birthYear: z.number().int().nullable(),
  gender: z.number().int().nullable(),
  height: z.number().nullable(),
  imageUrl: z.string().nullable(),
});

export const getDevtoolUser = defineFunction({
  name: 'getDevtoolUser',
  auth: 'required',
  summary: "Developer tool only: the signed-in test user's profile as the tool edits it (height in cm).",
  payload: z.object({}),
  response: z.object({ user: devtoolUserSchema }),
});

/** The tool's own bounds (docs/requirements/account.md#account-devtool): what the database can hold, none of the member screens' rules. */
export const DEVTOOL_LIMITS = { displayNameMax: 12, commentMax: 15, birthYearMin: 1000, birthYearMax: 9999, measureMax: 399.9 } as const;

export const saveDevtoolUser = defineFunction({
  name: 'saveDevtoolUser',
  auth: 'required',
  summary:
    "Developer tool only: saves the test user as the tool edits it (nickname, comment, birth year, gender, height in cm, today's weight, target weight) without the member screens' rules: any 4-digit birth year, any height, a target weight without a current weight.",
  payload: z.object({
    displayName: singleLineText(DEVTOOL_LIMITS.displayNameMax),
    comment: singleLineText(DEVTOOL_LIMITS.commentMax),
    birthYear: z.number().int().min(DEVTOOL_LIMITS.birthYearMin).max(DEVTOOL_LIMITS.birthYearMax).nullable(),
    gender: z.union([z.literal(1), z.literal(2)]).nullable(),
    height: z.number().positive().max(DEVTOOL_LIMITS.measureMax).nullable(),
    weight: z.number().positive().max(DEVTOOL_LIMITS.measureMax).nullable(),
    targetWeight: z.number().positive().max(DEVTOOL_LIMITS.measureMax).nullable(),
  }),
  response: z.object({ user: devtoolUserSchema, weight: z.number().nullable(), targetWeight: z.number().nullable() }),
});

/** The developer tool's functions: answered only with DEVTOOL_PATH set, and never listed in the OpenAPI document. */
export const DEVTOOL_FUNCTION_NAMES: readonly string[] = [isDevtoolPath.name, getDevtoolUser.name, saveDevtoolUser.name];

export const lifecycleFunctions = [
  createUserByInvitationCode,
  requestPasswordReset,
  updateEmailAddressWithResetPassword,
  setPassword,
  revertEmailChange,
  isDevtoolPath,
  getDevtoolUser,
  saveDevtoolUser,
] as const;
