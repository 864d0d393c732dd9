import { z } from 'zod';

export { SUPPORTED_LOCALES, DEFAULT_LOCALE, normaliseLocale, type Locale } from './locale.ts';

/** Error codes of the protocol itself (docs/requirements/platform.md#platform-errors). Business codes are listed per function. */
export const PROTOCOL_ERROR_CODES = [
  'validationError',
  'loginRequired',
  /** Signed in, but the current terms version is not accepted yet (HTTP 403): only `beforeTerms` functions answer. */
  'termsNotAccepted',
  'unknownFunction',
  'tooManyRequests',
  'internalError',
  /** The database is out of reach or too slow just now (HTTP 503 with Retry-After): try again shortly; nothing was saved. */
  'serviceUnavailable',
] as const;
export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[number];

/**
 * Who may call a function:
 * - `none`: no sign-in needed, the bearer token is ignored;
 * - `optional`: works for guests, shows more to a signed-in caller;
 * - `required`: answers 401 `loginRequired` without a valid token.
 */
export type AuthMode = 'none' | 'optional' | 'required';

export interface FunctionDef<
  Name extends string = string,
  P extends z.ZodObject = z.ZodObject,
  R extends z.ZodObject = z.ZodObject,
  E extends string = string,
  A extends AuthMode = AuthMode,
> {
  name: Name;
  auth: A;
  summary: string;
  payload: P;
  response: R;
  /** Business error codes this function can answer with (HTTP 200, succeed false). */
  errorCodes: readonly E[];
  /**
   * Callable by a signed-in member who has not accepted the current terms version yet (the calls the terms page and
   * sign-out need). Every other function answers 403 `termsNotAccepted` to such a member (auth `required`) or treats
   * the caller as a guest (auth `optional`).
   */
  beforeTerms: boolean;
  /**
   * Set for the few functions that answer a file instead of JSON (exportMyData): on success the entry sends the
   * handler's stream with this content type as an attachment; failures (400, 401, 429, business failures) stay the
   * usual JSON envelope. `response` is then the empty object: nothing of the answer is JSON.
   */
  download?: { contentType: string };
}

export function defineFunction<
  const Name extends string,
  P extends z.ZodObject,
  R extends z.ZodObject,
  const E extends string = never,
  const A extends AuthMode = AuthMode,
>(def: {
  name: Name;
  auth: A;
  summary: string;
  payload: P;
  response: R;
  errorCodes?: readonly E[];
  beforeTerms?: boolean;
  download?: { contentType: string };
}): FunctionDef<Name, P, R, E, A> {
  return { ...def, errorCodes: def.errorCodes ?? [], beforeTerms: def.beforeTerms ?? false };
}

export type PayloadOf<F extends FunctionDef> = z.input<F['payload']>;
export type ResponseOf<F extends FunctionDef> = z.output<F['response']>;
export type ErrorCodeOf<F extends FunctionDef> = F['errorCodes'][number];

export type Success<F extends FunctionDef> = { succeed: true } & ResponseOf<F>;
export type Failure<F extends FunctionDef> = {
  succeed: false;
  errorCode: ErrorCodeOf<F> | ProtocolErrorCode;
  validationErrorMessage?: string[];
  message?: string;
};
export type Envelope<F extends FunctionDef> = Success<F> | Failure<F>;

/** Every payload may carry `locale`; the entry strips it before the handler sees the payload. */
export const localeField = z.string().max(35).optional();

/** Shared field shapes. */
/** Epoch ms up to the end of year 9999: a later year's ISO form (+275760-…) is not a time PostgreSQL reads. */
export const epochMs = z.number().int().min(0).max(253_402_300_799_999);
export const id = z.number().int().positive().max(2_147_483_647);
/** A calendar day, YYYY-MM-DD, that exists (a Tokyo day wherever the product names days). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'msg:dateInvalid' })
  .refine(
    (v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '2000-01-01' && v <= '2999-12-31';
    },
    { error: 'msg:dateInvalid' },
  );
export const offset = z.number().int().min(0).max(1_000_000).default(0);
export const perPage = (max: number, fallback: number) => z.number().int().min(1).max(max).default(fallback);
/** `alt`: the image's alternative text in the caller's language, when an editor gave one (issue 15); else absent or null. */
export const imageSchema = z.object({ id: z.number().int(), url: z.string(), alt: z.string().nullable().optional() });

/** Largest request body the entry accepts. */
export const MAX_BODY_BYTES = 1024 * 1024;
