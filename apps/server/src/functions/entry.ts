import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { localeField, type FunctionDef } from '@hibi/contract/protocol';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { currentTermsVersion, resolveToken, SessionCache, SessionLookups, SessionTouches } from '../domains/auth/service.ts';
import type { ChangeFeed } from '../db/changes.ts';
import { ReadCache } from '../core/read-cache.ts';
import { clientKey, LocalRateLimit } from '../lib/rate-limit.ts';
import type { Handler } from '../core/handler.ts';
import { asOneCall } from '../db/deadline.ts';
import { WriteAdmission, type AdmissionRules } from '../core/write-admission.ts';
import type { Lifecycle } from '../health.ts';
import { bearerToken, fromAppOrigin, sessionCookieToken, webSessionCookies } from './web-session.ts';
import {
  anonymousReadRefused,
  answerBody,
  checkText,
  isReadingCall,
  isSampledRead,
  keptAnswerKey,
  keptAnswerOwner,
  localeOfBody,
  memberAnswer,
  memberContext,
  parse,
  refuse,
  sendJson,
  sendThrown,
  serveKeptAnswer,
  sessionRefused,
  validate,
  writeHeldBack,
} from './pipeline.ts';

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

/** POST /api/functions/{name}: the one entry of every function (docs/requirements/platform.md#platform-protocol). */
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

  /**
   * One call through the pipeline's steps (functions/pipeline.ts), in the order the hot path was tuned to (decisions
   * 158–174): the credentials' origin before anything else of the request is looked at; a write held back (503) before
   * it reads a session or writes anything; a kept answer served before the handler runs. The awaits are this body's.
   */
  async function answerCall(request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) {
    // parse: the function, its language, its pool; authenticate: a bearer token wins, a cookie only from the app's origin (decision 107).
    const handler = registry.get(request.params.name);
    const locale = localeOfBody(request.body);
    if (!handler) return refuse(reply, 404, 'unknownFunction');
    const { name: fn, auth } = handler.def;
    const isRead = reading.has(fn);
    const db = readDb && isRead ? readDb : writeDb;
    const bearer = bearerToken(request);
    const carriedCookie = bearer ? null : sessionCookieToken(request, cookies);
    if (auth !== 'none' && carriedCookie && !fromAppOrigin(request, cookies)) return refuse(reply, 403, 'crossOriginRefused');
    // parse, check text, validate; admit a write; authorise a web session's start by its origin (login CSRF).
    const body = parse(reply, request.body, locale);
    if (body === null || checkText(reply, body, locale)) return reply;
    const payload = validate(reply, payloadSchemas.get(fn)!, body, locale);
    if (payload === null) return reply;
    if (admission && !isRead && writeHeldBack(reply, request, admission, admitted, fn, Boolean(bearer || carriedCookie))) return reply;
    if (payload.session === 'cookie' && !fromAppOrigin(request, cookies)) return refuse(reply, 403, 'crossOriginRefused');
    // authenticate, once every write committed before the call has been heard; authorise, terms first (decision 056).
    const token = auth === 'none' ? '' : bearer || carriedCookie;
    if (changes && (token || handler.cache)) await changes.barrier();
    let user = token ? await resolveToken(db, token, now(), touches, config.sessionIdleTimeoutMs, sessions, lookups.get(db)) : null;
    if (auth !== 'none' && sessionRefused(reply, request, cookies, auth, carriedCookie, user, isRead ? readers : null)) return reply;
    if (user && !handler.def.beforeTerms && user.acceptedTermsVersion < (await currentTermsVersion(db, now(), changes))) {
      if (auth === 'required') return refuse(reply, 403, 'termsNotAccepted');
      user = null;
    }
    // serve kept answers (core/read-cache.ts); admit a guest's read (issue 53); run, answer.
    const policy = answers ? (handler.cache?.forPayload?.(payload) ?? handler.cache) : undefined;
    const startedAt = now().getTime();
    const cacheKey = policy ? keptAnswerKey(fn, policy, user, locale, payload, startedAt) : null;
    const kept = cacheKey ? serveKeptAnswer(reply, request, answers!, cacheKey, fn, policy!, user, db, startedAt) : null;
    if (kept) return kept;
    const epoch = cacheKey ? answers!.epochOf(policy!, keptAnswerOwner(policy!, user)) : 0;
    if (anonymousReads && !user && isRead && !lifecycle?.warmingUp && anonymousReadRefused(reply, anonymousReads, request.ip)) return reply;
    const ctx = memberContext(request, reply, db, config, locale, user, now, cookies, carriedCookie);
    try {
      const result = await handler.run(payload as never, ctx as never);
      const data = memberAnswer(reply, request, handler.def, result);
      if (data === null) return reply;
      const answer = answerBody({ succeed: true, ...data });
      if (cacheKey) await answers!.put(cacheKey, policy!, db, epoch, startedAt, data, answer, keptAnswerOwner(policy!, user));
      return sendJson(reply, answer);
    } catch (error) {
      return sendThrown(reply, request, error, fn, locale);
    }
  }
}
