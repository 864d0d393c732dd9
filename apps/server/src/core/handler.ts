// The handler kit every domain uses (docs/decisions/082-server-layers.md): what a handler is, the context the function
// entry hands it, and how it answers a business failure. It sits below the domains and above db/ and lib/, so a
// domain never imports the entry (functions/) that imports it.
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { ErrorCodeOf, FunctionDef, Locale, ResponseOf } from '@hibi/contract/protocol';
import type { TenantContract } from '@hibi/contract/functions/auth';
import type { Db } from '../db/client.ts';
import type { Config } from '../config.ts';
import type { CachePolicy } from './read-cache.ts';

/** The signed-in caller, as the function entry resolved it from the bearer token. */
export interface AuthUser {
  id: number;
  tenantId: number;
  email: string | null;
  loginId: string | null;
  nickname: string;
  profileImageUrl: string | null;
  locale: Locale;
  acceptedTermsVersion: number;
  contract: TenantContract;
  sessionId: number;
  sessionExpiresAt: Date;
  /** When this session was opened with the password; null for a passkey's session (migration 0840, decision 175). */
  sessionPasswordAt?: Date | null;
}

export interface BaseContext {
  db: Db;
  config: Config;
  locale: Locale;
  ip: string;
  log: FastifyBaseLogger;
  /** Counts one hit against a shared fixed-window limit; answers 429 when it is exceeded. */
  rateLimit(key: string, limit: number, windowMs: number): Promise<void>;
  now(): Date;
}

/** What the member function entry adds: the members' own session cookie (the console has its own, decision 090). */
export interface MemberContext extends BaseContext {
  /**
   * The web app's session cookie (docs/decisions/107-cookie-sessions.md), for the calls that start or end a session:
   * `start` puts a new session's token into the HttpOnly cookie of this answer; `end` ends the session the request's
   * cookie carries (if any) and deletes the cookies.
   */
  webSession: {
    start(token: string, expiresAt: Date): void;
    end(): Promise<void>;
  };
}

export type Context<F extends FunctionDef> = MemberContext & {
  user: F['auth'] extends 'required' ? AuthUser : AuthUser | null;
};

/** A business outcome other than success: HTTP 200 with succeed false. */
export class BusinessFailure<E extends string = string> {
  constructor(
    readonly errorCode: E,
    readonly extra: Record<string, unknown> = {},
  ) {}
}

export function failure<const E extends string>(errorCode: E, extra?: Record<string, unknown>): BusinessFailure<E> {
  return new BusinessFailure(errorCode, extra);
}

/**
 * A payload the contract's schema let through but the server's configuration refuses (a push endpoint outside
 * PUSH_ALLOWED_ORIGINS): the entry answers 400 `validationError` with the message of `messageKey` in the caller's
 * language, as for a payload that fails its schema. Thrown before anything is written.
 */
export class PayloadRejected extends Error {
  constructor(readonly messageKey: string) {
    super(`payload rejected: ${messageKey}`);
    this.name = 'PayloadRejected';
  }
}

/**
 * A file answer of a `download` function (FunctionDef.download): the entry sends `body` as an attachment named
 * `fileName`, with the function's content type, instead of JSON. Streams are piped as they come (never buffered).
 */
export class FileAnswer {
  constructor(
    readonly body: Readable,
    readonly fileName: string,
  ) {}
}

export type HandlerResult<F extends FunctionDef> = z.input<F['response']> | ResponseOf<F> | BusinessFailure<ErrorCodeOf<F>> | FileAnswer;

export interface Handler<F extends FunctionDef = FunctionDef> {
  def: F;
  run(payload: z.output<F['payload']>, ctx: Context<F>): Promise<HandlerResult<F>>;
  /** A shared answer kept as a read model (core/read-cache.ts); absent: every call runs. */
  cache?: CachePolicy;
}

export function defineHandler<F extends FunctionDef>(
  def: F,
  run: (payload: z.output<F['payload']>, ctx: Context<F>) => Promise<HandlerResult<F>>,
  options: { cache?: CachePolicy } = {},
): Handler<F> {
  return { def, run, ...options };
}
