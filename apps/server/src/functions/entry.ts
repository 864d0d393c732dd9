import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { localeField, normaliseLocale, type FunctionDef, type Locale } from '@hibi/contract/protocol';
import { validationMessages } from '@hibi/contract/messages';
import { textChecks } from '@hibi/contract/text';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { currentTermsVersion, endSessionByToken, resolveToken, SessionCache, SessionLookups, SessionTouches } from '../domains/auth/service.ts';
import type { ChangeFeed } from '../db/changes.ts';
import { ReadCache, stableKey, type Answer, type CachePolicy } from '../core/read-cache.ts';
import { clientKey, hitRateLimit, LocalRateLimit, TooManyRequests } from '../lib/rate-limit.ts';
import { signUploadUrls } from '../lib/media-signing.ts';
import { BusinessFailure, FileAnswer, PayloadRejected, type Handler, type MemberContext } from '../core/handler.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/unavailable.ts';
import { asOneCall, refusalOf } from '../db/deadline.ts';
import { WriteAdmission, type AdmissionRules, type WriteKind } from '../core/write-admission.ts';
import type { Lifecycle } from '../health.ts';
import { bearerToken, clearSessionCookies, fromAppOrigin, sessionCookieToken, setSessionCookies, webSessionCookies } from './web-session.ts';

const zodLocales: Record<Locale, z.core.$ZodErrorMap> = {
  ja: z.locales.ja().localeError as z.core.$ZodErrorMap,
  en: z.locales.en().localeError as z.core.$ZodErrorMap,
};

/** Turns zod issues into messages in the caller's language: `msg:key` texts from the contract, others prefixed with their field. */
/** A validation reply stays small whatever the request held (60,000 unknown keys once made a 469 KB reply). */
export const MAX_VALIDATION_MESSAGES = 10;
export const MAX_ECHOED_KEYS = 10;
const MAX_ECHOED_KEY_LENGTH = 40;

export function validationMessagesFor(error: z.ZodError, locale: Locale): string[] {
  const messages = error.issues.slice(0, MAX_VALIDATION_MESSAGES).map((issue) => {
    if (issue.message.startsWith('msg:')) {
      const key = issue.message.slice(4);
      return validationMessages[locale][key] ?? key;
    }
    if (issue.code === 'unrecognized_keys') {
      const shown = issue.keys.slice(0, MAX_ECHOED_KEYS).map((k) => (k.length > MAX_ECHOED_KEY_LENGTH ? `${k.slice(0, MAX_ECHOED_KEY_LENGTH)}…` : k));
      const more = issue.keys.length > MAX_ECHOED_KEYS ? ` (+${issue.keys.length - MAX_ECHOED_KEYS})` : '';
      return `${validationMessages[locale].unknownField}: ${shown.join(', ')}${more}`;
    }
    const field = issue.path.join('.').slice(0, 200);
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  if (error.issues.length > MAX_VALIDATION_MESSAGES) messages.push(`(+${error.issues.length - MAX_VALIDATION_MESSAGES})`);
  return messages;
}

/**
 * The path of the first string (or key) in a payload that no text may hold: NUL and other control characters, lone
 * surrogates, bidi overrides (issue 12, finding 14). Checked before the schemas, for every function, so a NUL never
 * reaches PostgreSQL (which refuses it in text) and a name never hides a control character. Iterative: a deeply
 * nested body cannot exhaust the stack.
 */
export function forbiddenTextPath(body: unknown): string | null {
  const stack: [unknown, string][] = [[body, '']];
  while (stack.length) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (textChecks.anyText(value)) return path || '(body)';
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}[${i}]`]);
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const at = path ? `${path}.${key}` : key;
        if (textChecks.anyText(key)) return at.replace(/[^\x20-\x7e]/g, '?').slice(0, 100);
        stack.push([inner, at]);
      }
    }
  }
  return null;
}

export function localeOfBody(body: unknown): Locale {
  return normaliseLocale(body && typeof body === 'object' && !Array.isArray(body) ? (body as { locale?: unknown }).locale : undefined);
}

function send(reply: FastifyReply, status: number, body: Record<string, unknown>) {
  return reply.code(status).header('cache-control', 'no-store').send(body);
}

/**
 * The database is out of reach or a wait on it was cut short (db/unavailable.ts): 503 `serviceUnavailable` with a
 * Retry-After, in the entries' envelope, so a client tries again shortly instead of reporting a bug; nothing the
 * call meant to write is acknowledged (decision 145).
 */
export function sendUnavailable(reply: FastifyReply) {
  reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return send(reply, 503, { succeed: false, errorCode: 'serviceUnavailable' });
}

/**
 * A 503's line in the log: a call the pools refused (db/deadline.ts: shed while the queue is long, or out of time) in
 * one short line, since a storm makes thousands of them; an outage's error whole, with its cause.
 */
export function logUnavailable(request: FastifyRequest, error: unknown, fn?: string) {
  const refusal = refusalOf(error);
  if (refusal) request.log.warn({ fn, reason: refusal.message }, 'database busy: call refused');
  else request.log.warn({ err: error, fn }, 'database unavailable');
}

/** A handler's failure: 503 when the database is out of reach, else the 500 of a bug (logged). */
export function sendFailure(reply: FastifyReply, request: FastifyRequest, error: unknown, fn: string, what = 'function failed') {
  if (isDatabaseUnavailable(error)) {
    logUnavailable(request, error, fn);
    return sendUnavailable(reply);
  }
  request.log.error({ err: error, fn }, what);
  return send(reply, 500, { succeed: false, errorCode: 'internalError' });
}

interface EntryOptions {
  db: Db;
  /**
   * The connections of the reading calls (a separate pool, DATABASE_READ_POOL_SIZE): a storm of writes waiting at the
   * pool never makes a read wait behind it (issue 31). Absent: every call uses `db`.
   */
  readDb?: Db;
  config: Config;
  registry: Map<string, Handler<FunctionDef>>;
  now?: () => Date;
  /** The change feed (db/changes.ts): with it, sessions and shared answers are kept per process; without, every call reads. */
  changes?: ChangeFeed;
  /** Writes are admitted by the reads' speed (core/write-admission.ts; the server on PostgreSQL). Absent: all are. */
  writeAdmission?: AdmissionRules;
  /** While `warmingUp` (main.ts, before it listens), the reads' times are not the write admission's to judge by. */
  lifecycle?: Pick<Lifecycle, 'warmingUp'>;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A successful answer's bytes, its upload URLs signed (issue 30, finding 1; decision 144): a console upload may be
 * protected (used by a contract-only item) at any moment, so every one goes out signed. A kept answer lives at most
 * 5 minutes (core/read-cache.ts), a signature at least an hour. Real time, as the media route checks it.
 */
function answerBody(answer: Record<string, unknown>): Buffer {
  return unpooledUtf8(signUploadUrls(JSON.stringify(answer)));
}

/**
 * A string's UTF-8 bytes in memory of their own. Buffer.from(text) cuts a short text (under 4 KB) out of a shared
 * 8 KB slab, and a slice kept keeps its whole slab: the kept answers (core/read-cache.ts, bounded by their own sizes)
 * then held up to 8 KB each, and in the soak benchmark the processes' array buffers grew by some 150 MB in ten
 * minutes (issue 31).
 */
export function unpooledUtf8(text: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  bytes.write(text);
  return bytes;
}

/**
 * A call that reads (a kept answer's function, or a get/search): it runs on the readers' connections. Some of them
 * write a little of their own (a read mark, a view), which is fine there: what matters is that a read never waits
 * for a connection behind a queue of bookings or uploads.
 */
export function isReadingCall(handler: Handler<FunctionDef>): boolean {
  return handler.cache !== undefined || /^(get|search)[A-Z]/.test(handler.def.name);
}

/** The calls that sign a member in: the write admission's share never holds them back (decision 174). */
export const SIGN_IN_CALLS = new Set(['login', 'beginPasskeySignIn', 'finishPasskeySignIn']);

/**
 * A reading call whose time the write admission goes by: not a search nor a download, whose time their caller chooses
 * (the query's words, the file's size), so that reads slow by their own cost steer nothing (decision 174).
 */
export function isSampledRead(handler: Handler<FunctionDef>): boolean {
  return isReadingCall(handler) && !/^search[A-Z]/.test(handler.def.name) && !handler.def.download;
}

/**
 * A kept answer with this member's marks: from their kept marks when the policy keeps them apart (decision 169) and
 * they are still theirs, else read (and kept for the next renewal of the answer). `ownEpoch` is the member's, taken
 * before anything is read.
 */
async function personalized(
  answers: ReadCache,
  fn: string,
  policy: CachePolicy,
  value: Answer,
  user: NonNullable<Awaited<ReturnType<typeof resolveToken>>>,
  db: Db,
  ownEpoch: number,
  at: number,
): Promise<Answer> {
  const marks = policy.marks;
  if (!marks) return policy.personalize!(value, user, db, new Date(at));
  const key = `${fn}|${user.id}|${marks.keyOf(value)}`;
  const kept = answers.marksOf(key, ownEpoch, at);
  if (kept) return marks.apply(value, kept.marks);
  const read = await marks.read(value, user, db, new Date(at));
  answers.putMarks(key, policy, user.id, ownEpoch, at, read);
  return marks.apply(value, read);
}

/** POST /api/functions/{name}: the one entry of every function (product-decisions §2). */
export async function functionEntry(
  app: FastifyInstance,
  { db: writeDb, readDb, config, registry, now = () => new Date(), changes, writeAdmission, lifecycle }: EntryOptions,
) {
  const cookies = webSessionCookies(config);
  // One line when writes start being held back and one when all are admitted again: a busy hour refuses thousands.
  const admission = writeAdmission
    ? new WriteAdmission(writeAdmission, {
        onShare: ({ share, readP90Ms, reads, refused }) => {
          if (share < 1) app.log.warn({ share, readP90Ms, reads }, 'reads are slow: holding writes back (503)');
          else app.log.warn({ refused }, 'reads are fast again: every write admitted');
        },
        onInFlight: ({ state, refused }) => {
          if (state === 'full') app.log.warn({ bound: writeAdmission.maxInFlight }, 'too many writes in flight: refusing new ones (503)');
          else app.log.warn({ refused }, 'writes in flight below the bound again');
        },
      })
    : undefined;
  /** The calls whose write was admitted: their end gives its place back. */
  const admitted = new WeakSet<FastifyRequest>();
  const reading = new Set([...registry.values()].filter(isReadingCall).map((handler) => handler.def.name));
  const sampled = new Set([...registry.values()].filter(isSampledRead).map((handler) => handler.def.name));
  /** Whose read it was, for the admission's count per client: a member by their account, else the address. */
  const readers = new WeakMap<FastifyRequest, string>();
  // Reads without a session and without a kept answer, per address and minute, in this process (decision 174).
  const anonymousReads = config.anonymousReadLimitPerAddress > 0 ? new LocalRateLimit(config.anonymousReadLimitPerAddress, 60_000) : undefined;
  const sessions = changes ? new SessionCache(changes) : undefined;
  // Sessions looked up together while one lookup is on its way, per pool (readers' and writers').
  const lookups = new Map<Db, SessionLookups>([[writeDb, new SessionLookups(writeDb)]]);
  if (readDb && readDb !== writeDb) lookups.set(readDb, new SessionLookups(readDb));
  // The sessions' last calls, written once a second on the writers' connections; what is left at the close is written then.
  const touches = new SessionTouches(writeDb, (error) => app.log.warn({ err: error }, "could not record the sessions' last calls: trying again"));
  app.addHook('onClose', () => touches.stop());
  const answers = changes ? new ReadCache(changes) : undefined;
  const payloadSchemas = new Map<string, z.ZodType>();
  for (const [name, handler] of registry) {
    payloadSchemas.set(name, handler.def.payload.extend({ locale: localeField }).strict());
  }

  // Each call's waits for database connections end by its deadline (db/deadline.ts).
  app.post('/api/functions/:name', (request: FastifyRequest<{ Params: { name: string } }>, reply) => {
    if (!admission) return asOneCall(() => answerCall(request, reply));
    // A read's time, from here to its answer, is what the writes are admitted by; an admitted write gives its place back.
    const start = performance.now();
    // The server's calls to itself before it listens (warm-up.ts) are as slow as a cold process is: not the reads' speed.
    const counted = !lifecycle?.warmingUp;
    const ended = reading.has(request.params.name)
      ? () => {
          if (counted && sampled.has(request.params.name))
            admission.readTook(performance.now() - start, readers.get(request) ?? `a:${clientKey(request.ip)}`);
        }
      : () => {
          if (admitted.delete(request)) admission.writeEnded();
        };
    return asOneCall(() => answerCall(request, reply)).finally(ended);
  });

  async function answerCall(request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) {
    const handler = registry.get(request.params.name);
    const locale = localeOfBody(request.body);
    if (!handler) return send(reply, 404, { succeed: false, errorCode: 'unknownFunction' });
    const db = readDb && reading.has(handler.def.name) ? readDb : writeDb;

    // A bearer token wins over the cookie; the cookie counts only for calls that read the caller, and only from the
    // app's own origin (decision 107): checked before anything else of the request is looked at.
    const auth = handler.def.auth;
    const bearer = bearerToken(request);
    const carriedCookie = bearer ? null : sessionCookieToken(request, cookies);
    const cookieToken = auth === 'none' ? null : carriedCookie;
    if (cookieToken && !fromAppOrigin(request, cookies)) return send(reply, 403, { succeed: false, errorCode: 'crossOriginRefused' });

    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return send(reply, 400, { succeed: false, errorCode: 'validationError', validationErrorMessage: [validationMessages[locale].invalidJson] });
    }
    const badText = forbiddenTextPath(body);
    if (badText) {
      return send(reply, 400, {
        succeed: false,
        errorCode: 'validationError',
        validationErrorMessage: [`${badText.slice(0, 100)}: ${validationMessages[locale].textControlChars}`],
      });
    }
    const parsed = payloadSchemas.get(handler.def.name)!.safeParse(body, { error: zodLocales[locale] });
    if (!parsed.success) {
      return send(reply, 400, { succeed: false, errorCode: 'validationError', validationErrorMessage: validationMessagesFor(parsed.error, locale) });
    }
    const { locale: _ignored, ...payload } = parsed.data as Record<string, unknown>;
    // A write while the reads are slow: refused before it reads a session or writes anything (nothing is acknowledged).
    // Sign-ins first, then the calls that carry a session, then the rest (decision 174).
    if (admission && !reading.has(handler.def.name)) {
      const kind: WriteKind = SIGN_IN_CALLS.has(handler.def.name) ? 'signIn' : bearer || carriedCookie ? 'member' : 'anonymous';
      if (!admission.admitWrite(performance.now(), kind)) return sendUnavailable(reply);
      admitted.add(request);
    }

    // A web session may only be started from the app's own origin (login CSRF).
    if ((payload as { session?: unknown }).session === 'cookie' && !fromAppOrigin(request, cookies)) {
      return send(reply, 403, { succeed: false, errorCode: 'crossOriginRefused' });
    }
    let user = null;
    if (auth !== 'none') {
      const token = bearer || cookieToken;
      // Kept sessions and answers are used only once every write committed before this call has been heard.
      if (changes && (token || handler.cache)) await changes.barrier();
      if (token) user = await resolveToken(db, token, now(), touches, config.sessionIdleTimeoutMs, sessions, lookups.get(db));
      // A cookie whose session ended (signed out elsewhere, expired, idle) is deleted with this answer.
      if (cookieToken && !user) clearSessionCookies(reply, cookies);
      if (auth === 'required' && !user) return send(reply, 401, { succeed: false, errorCode: 'loginRequired' });
      if (user && reading.has(handler.def.name)) readers.set(request, `m:${user.id}`);
      // Terms first (spec 1 §4): a member below the current terms version may only reach the calls the terms page
      // needs; everything else is refused (or, where guests are served, answered as for a guest).
      if (user && !handler.def.beforeTerms && user.acceptedTermsVersion < (await currentTermsVersion(db, now(), changes))) {
        if (auth === 'required') return send(reply, 403, { succeed: false, errorCode: 'termsNotAccepted' });
        user = null;
      }
    }

    // A shared answer (core/read-cache.ts): served as kept, or kept once built.
    const policy = answers ? (handler.cache?.forPayload?.(payload) ?? handler.cache) : undefined;
    if (policy && auth === 'none') await changes!.barrier();
    const startedAt = now().getTime();
    const audience = policy?.audience(user) ?? null;
    const payloadKey = policy && audience !== null ? (policy.keyOf ? policy.keyOf(payload, new Date(startedAt)) : stableKey(payload)) : null;
    const cacheKey = payloadKey !== null ? `${handler.def.name}|${audience}|${locale}|${payloadKey}` : null;
    // A member's own answer (decision 138) is renewed by their own rows too.
    const member = policy?.perMember && user ? user.id : null;
    if (cacheKey) {
      const kept = answers!.get(cacheKey, startedAt);
      if (kept !== null) {
        let body = kept.body;
        if (user && (policy!.personalize || policy!.marks)) {
          // Taken before the marks are read: a write of the member's rows meanwhile leaves this form unkept.
          const ownEpoch = answers!.feed.memberEpoch(policy!.ownTables ?? [], user.id);
          const personal = answers!.personal(cacheKey, kept, user.id, ownEpoch, startedAt);
          if (personal !== null) body = personal;
          else {
            try {
              body = answerBody({
                succeed: true,
                ...(await personalized(answers!, handler.def.name, policy!, kept.value, user, db, ownEpoch, startedAt)),
              });
            } catch (error) {
              return sendFailure(reply, request, error, handler.def.name);
            }
            answers!.putPersonal(cacheKey, kept, policy!, user.id, ownEpoch, startedAt, body);
          }
        }
        return reply.code(200).header('cache-control', 'no-store').type(JSON_TYPE).send(body);
      }
    }
    const epoch = policy && cacheKey ? answers!.epochOf(policy, member) : 0;

    // A read without a session that no kept answer served (a search above all): limited per address, so that no one
    // without an account can keep the database busy with them (issue 53). Not the server's calls to itself.
    if (anonymousReads && !user && reading.has(handler.def.name) && !lifecycle?.warmingUp) {
      const retryAfter = anonymousReads.hit(clientKey(request.ip));
      if (retryAfter > 0) {
        reply.header('retry-after', String(retryAfter));
        return send(reply, 429, { succeed: false, errorCode: 'tooManyRequests' });
      }
    }

    const ctx: MemberContext & { user: typeof user } = {
      db,
      config,
      locale,
      // Rate limits key on the client: an IPv6 address by its /64 (request.ip honours TRUST_PROXY).
      ip: clientKey(request.ip),
      log: request.log,
      user,
      now,
      rateLimit: (key, limit, windowMs) => hitRateLimit(db, key, limit, windowMs, now()),
      webSession: {
        start: (token, expiresAt) => setSessionCookies(reply, cookies, token, expiresAt, now()),
        end: async () => {
          // Only login (origin-checked when it starts a web session) and logout (cookie-checked above) call this.
          if (!carriedCookie) return;
          await endSessionByToken(db, carriedCookie);
          clearSessionCookies(reply, cookies);
        },
      },
    };
    try {
      const result = await handler.run(payload as never, ctx as never);
      if (result instanceof BusinessFailure) {
        return send(reply, 200, { ...result.extra, succeed: false, errorCode: result.errorCode });
      }
      // A download function answers its file (decision 104); any other function answering a file is a bug.
      if (result instanceof FileAnswer || handler.def.download) {
        if (!(result instanceof FileAnswer) || !handler.def.download) {
          request.log.error({ fn: handler.def.name }, 'a file answer from a JSON function, or JSON from a download function');
          if (result instanceof FileAnswer) result.body.destroy();
          return send(reply, 500, { succeed: false, errorCode: 'internalError' });
        }
        result.body.on('error', (error) => request.log.error({ err: error, fn: handler.def.name }, 'download failed while streaming'));
        return reply
          .code(200)
          .header('content-type', handler.def.download.contentType)
          .header('content-disposition', `attachment; filename="${result.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
          .header('cache-control', 'no-store')
          .send(result.body);
      }
      const out = handler.def.response.safeParse(result);
      if (!out.success) {
        request.log.error({ fn: handler.def.name, issues: out.error.issues }, 'response does not match its schema');
        return send(reply, 500, { succeed: false, errorCode: 'internalError' });
      }
      if (cacheKey) {
        const body = answerBody({ succeed: true, ...(out.data as Record<string, unknown>) });
        await answers!.put(cacheKey, policy!, db, epoch, startedAt, out.data as Record<string, unknown>, body, member);
        return reply.code(200).header('cache-control', 'no-store').type(JSON_TYPE).send(body);
      }
      return reply
        .code(200)
        .header('cache-control', 'no-store')
        .type(JSON_TYPE)
        .send(answerBody({ succeed: true, ...(out.data as Record<string, unknown>) }));
    } catch (error) {
      if (error instanceof TooManyRequests) {
        reply.header('retry-after', String(error.retryAfterSeconds));
        return send(reply, 429, { succeed: false, errorCode: 'tooManyRequests' });
      }
      if (error instanceof PayloadRejected) {
        const message = validationMessages[locale][error.messageKey] ?? validationMessages[locale].invalidJson!;
        return send(reply, 400, { succeed: false, errorCode: 'validationError', validationErrorMessage: [message] });
      }
      return sendFailure(reply, request, error, handler.def.name);
    }
  }
}
