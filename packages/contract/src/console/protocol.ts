import { z } from 'zod';
import { PROTOCOL_ERROR_CODES } from '../protocol.ts';
import { singleLineText, textChecks } from '../text.ts';

/**
 * The operator console's entry, `POST /api/console/{name}` (docs/requirements/console.md#console-entry): the envelope of docs/requirements/platform.md#platform-errors, its own
 * registry, operator sessions only. A function names the roles that may call it; `auth: 'none'` functions (the
 * sign-in steps and accepting an invitation) take no session.
 */

/** `company`: an HR operator of one tenant (docs/requirements/insights.md#insights-company-role): its Insights and invitation codes only. */
export const OPERATOR_ROLES = ['owner', 'editor', 'support', 'company'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** Protocol errors of the console entry: the member entry's, plus `forbidden` (HTTP 403: the role may not call it). */
export const CONSOLE_PROTOCOL_ERROR_CODES = [...PROTOCOL_ERROR_CODES, 'forbidden'] as const;
export type ConsoleProtocolErrorCode = (typeof CONSOLE_PROTOCOL_ERROR_CODES)[number];

/**
 * How a function is called:
 * - `json`: a JSON body, the envelope of docs/requirements/platform.md#platform-errors back;
 * - `upload`: the raw file as the body, `Content-Type` the file's type, header `X-File-Name` (URI-encoded file
 *   name); the envelope of docs/requirements/platform.md#platform-errors back;
 * - `csv`: a JSON body; `text/csv; charset=utf-8` with a BOM back (exports, part 2);
 * - `zip`: a JSON body; `application/zip` back, CSV files with a BOM inside (an export of several tables, decision 176).
 */
export type ConsoleCallKind = 'json' | 'upload' | 'csv' | 'zip';

export interface ConsoleFunctionDef<
  Name extends string = string,
  P extends z.ZodObject = z.ZodObject,
  R extends z.ZodObject = z.ZodObject,
  E extends string = string,
> {
  name: Name;
  /** `none`: no session needed (sign-in steps); `operator`: a signed-in operator whose role is in `roles`. */
  auth: 'none' | 'operator';
  /** Roles allowed to call it; empty for `auth: 'none'`. */
  roles: readonly OperatorRole[];
  kind: ConsoleCallKind;
  summary: string;
  payload: P;
  response: R;
  /** Business error codes (HTTP 200, succeed false). */
  errorCodes: readonly E[];
  /** A write, or a read of personal data: the entry records an audit row for every successful call (and the denial of any call). */
  audited: boolean;
}

export function defineConsoleFunction<const Name extends string, P extends z.ZodObject, R extends z.ZodObject, const E extends string = never>(def: {
  name: Name;
  auth?: 'none' | 'operator';
  roles: readonly OperatorRole[];
  kind?: ConsoleCallKind;
  summary: string;
  payload: P;
  response: R;
  errorCodes?: readonly E[];
  audited?: boolean;
}): ConsoleFunctionDef<Name, P, R, E> {
  return {
    ...def,
    auth: def.auth ?? 'operator',
    kind: def.kind ?? 'json',
    errorCodes: def.errorCodes ?? [],
    audited: def.audited ?? false,
  };
}

export type ConsolePayloadOf<F extends ConsoleFunctionDef> = z.input<F['payload']>;
export type ConsoleResponseOf<F extends ConsoleFunctionDef> = z.output<F['response']>;
export type ConsoleErrorCodeOf<F extends ConsoleFunctionDef> = F['errorCodes'][number];
export type ConsoleSuccess<F extends ConsoleFunctionDef> = { succeed: true } & ConsoleResponseOf<F>;
export type ConsoleFailure<F extends ConsoleFunctionDef> = {
  succeed: false;
  errorCode: ConsoleErrorCodeOf<F> | ConsoleProtocolErrorCode;
  validationErrorMessage?: string[];
  message?: string;
};
export type ConsoleEnvelope<F extends ConsoleFunctionDef> = ConsoleSuccess<F> | ConsoleFailure<F>;

/** The operator session cookie (HttpOnly, Path=/api/console, SameSite=Strict; Secure under https). */
export const CONSOLE_COOKIE = 'hibi_console';
/** Absolute lifetime of an operator session, and how long it lives without a call. */
export const CONSOLE_SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;
export const CONSOLE_SESSION_IDLE_MS = 30 * 60 * 1000;
/** A sign-in challenge (between the password and the TOTP step) lives 10 minutes and is used once. */
export const CONSOLE_CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
/** An invitation or bootstrap enrolment link lives 72 hours. */
export const CONSOLE_INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;
export const OPERATOR_PASSWORD_MIN = 12;
export const OPERATOR_PASSWORD_MAX = 128;
export const RECOVERY_CODE_COUNT = 10;
/** Largest upload: images and PDFs up to 10 MB. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
export const MEDIA_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MEDIA_PDF_TYPE = 'application/pdf';

/* ------------------------------------------------------------------ shared field shapes */

export const TITLE_MAX = 200;
export const SUBTITLE_MAX = 200;
export const LABEL_MAX = 60;
export const ALT_MAX = 300;
export const DESCRIPTION_MAX = 2000;
/** Rich text (HTML from TipTap), characters. */
export const RICH_TEXT_MAX = 50_000;
export const URL_MAX = 2000;

/** Multi-line text (no control characters; line breaks allowed), trimmed. */
export function multiLineText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .refine((v) => textChecks.anyText(v) === null, { error: 'msg:textControlChars' });
}

/** `''` and `null` mean "no English text". */
const optionalEn = <S extends z.ZodType<string>>(s: S) =>
  z
    .union([s, z.null()])
    .optional()
    .transform((v) => (v === undefined || v === null || v === '' ? null : v));

/** A required localized single-line text: `ja` non-empty, `en` optional (null when absent or empty). */
export function localizedTitle(max: number, requiredKey = 'jaRequired') {
  return z.object({
    ja: singleLineText(max).pipe(z.string().min(1, { error: `msg:${requiredKey}` })),
    en: optionalEn(singleLineText(max)),
  });
}

/** A localized multi-line text: `ja` non-empty, `en` optional. */
export function localizedText(max: number, requiredKey = 'jaRequired') {
  return z.object({
    ja: multiLineText(max).pipe(z.string().min(1, { error: `msg:${requiredKey}` })),
    en: optionalEn(multiLineText(max)),
  });
}

/** A localized rich text (HTML limited to what member pages render; the server sanitises it again when storing). */
export const localizedRichText = localizedText(RICH_TEXT_MAX);

export type LocalizedText = { ja: string; en: string | null };

/**
 * A URL content may point at: a path on this site (`/media/...`, not `//`) or an https URL. No other schemes.
 */
export const contentUrl = z
  .string()
  .trim()
  .min(1)
  .max(URL_MAX)
  .refine((v) => (v.startsWith('/') && !v.startsWith('//') && !v.includes('\\')) || /^https:\/\/[^\s/]+/.test(v), {
    error: 'msg:urlInvalid',
  });

export const consoleId = z.number().int().positive().max(2_147_483_647);
/** Epoch ms up to the end of year 9999 (a later year's ISO form, +275760-…, is not a time PostgreSQL reads: a 500 before). */
export const consoleEpochMs = z.number().int().min(0).max(253_402_300_799_999);
