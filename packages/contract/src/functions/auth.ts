import { z } from 'zod';
import { defineFunction } from '../protocol.ts';
import { LOGIN_ID_MAX, PASSWORD_MAX } from '../constants.ts';

export const tenantContractSchema = z.object({
  contractType: z.number().int(),
  corporateContract: z.boolean(),
  teamMatchEnabled: z.boolean(),
  emailDistributionEnabled: z.boolean(),
});
export type TenantContract = z.infer<typeof tenantContractSchema>;

export const sessionUserSchema = z.object({
  userID: z.number().int(),
  nickname: z.string(),
  profileImageUrl: z.string().nullable(),
  hasEmail: z.boolean(),
  termsVersion: z.number().int(),
  locale: z.enum(['ja', 'en']),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const login = defineFunction({
  name: 'login',
  auth: 'none',
  summary: 'Sign in with an email address or a company-assigned account id and a password.',
  payload: z.object({
    id: z.string({ error: 'msg:idRequired' }).trim().min(1, { error: 'msg:idRequired' }).max(LOGIN_ID_MAX),
    password: z.string({ error: 'msg:passwordRequired' }).min(1, { error: 'msg:passwordRequired' }).max(PASSWORD_MAX),
    /**
     * `bearer` (the default): the token is in the answer, for the mobile app and API clients. `cookie`: the web app's
     * session, kept in an HttpOnly cookie the page never reads; the answer has no token, and the call must come from
     * the app's own origin.
     */
    session: z.enum(['bearer', 'cookie']).optional(),
  }),
  response: z.object({
    /** Absent when the session went into the cookie (`session: 'cookie'`). */
    token: z.string().optional(),
    expiresAt: z.number().int(),
    user: sessionUserSchema,
    tenantContract: tenantContractSchema,
  }),
  errorCodes: ['invalidCredentials', 'notTenantUser', 'contractEnded'],
});

export const authenticateWithToken = defineFunction({
  name: 'authenticateWithToken',
  beforeTerms: true,
  auth: 'required',
  summary: "Check the session (the bearer token, or the web app's session cookie) and return the signed-in user.",
  payload: z.object({}),
  response: z.object({ user: sessionUserSchema, tenantContract: tenantContractSchema, expiresAt: z.number().int() }),
});

export const logout = defineFunction({
  name: 'logout',
  beforeTerms: true,
  auth: 'required',
  summary: "End the session (the bearer token, or the web app's session cookie, which is deleted) on the server.",
  payload: z.object({}),
  response: z.object({}),
});

export const acceptTerms = defineFunction({
  name: 'acceptTerms',
  beforeTerms: true,
  auth: 'required',
  summary: 'Record that the signed-in user accepted a terms version.',
  payload: z.object({ termsVersion: z.number().int().min(1).max(1_000_000) }),
  response: z.object({ termsVersion: z.number().int() }),
  errorCodes: ['unknownTermsVersion'],
});

export const getConfig = defineFunction({
  name: 'getConfig',
  auth: 'none',
  summary: 'The configured terms version.',
  payload: z.object({}),
  response: z.object({ termsVersion: z.number().int() }),
});

export const notifyLoggedIn = defineFunction({
  name: 'notifyLoggedIn',
  beforeTerms: true,
  auth: 'required',
  summary: 'Tell the server that the user signed in, with the locale; returns the tenant contract.',
  payload: z.object({}),
  response: z.object({ tenantContract: tenantContractSchema }),
});

export const updateLocale = defineFunction({
  name: 'updateLocale',
  beforeTerms: true,
  auth: 'optional',
  summary: "Save the caller's language (the payload's locale) on the account.",
  payload: z.object({}),
  response: z.object({ locale: z.enum(['ja', 'en']) }),
});

export const authFunctions = [login, authenticateWithToken, logout, acceptTerms, getConfig, notifyLoggedIn, updateLocale] as const;
