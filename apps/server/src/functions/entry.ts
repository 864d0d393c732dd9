import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { localeField, type FunctionDef } from '@hibi/contract/protocol';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { currentTermsVersion, endSessionByToken, resolveToken, SessionCache, SessionLookups, SessionTouches } from '../domains/auth/service.ts';
import type { ChangeFeed } from '../db/changes.ts';
import { ReadCache } from '../core/read-cache.ts';
import { clientKey, hitRateLimit, LocalRateLimit } from '../lib/rate-limit.ts';
import type { AuthUser, Handler, MemberContext } from '../core/handler.ts';
import { asOneCall } from '../db/deadline.ts';
import { WriteAdmission, type AdmissionRules } from '../core/write-admission.ts';
import type { Lifecycle } from '../health.ts';
import { bearerToken, clearSessionCookies, fromAppOrigin, sessionCookieToken, setSessionCookies, webSessionCookies } from './web-session.ts';
import {
  admit,
  answerBody,
  checkText,
  isReadingCall,
  isSampledRead,
  keptAnswerKey,
  localeOfBody,
  memberAnswer,
  parse,
  personalized,
  refuse,
  sendFailure,
  sendJson,
  sendThrown,
  sendUnavailable,
  validate,
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
   * it reads a session or writes anything; a kept answer served before the handler runs.
   */
  async function answerCall(request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) {
    // parse: the function and the caller's language.
    const handler = registry.get(request.params.name);
    const locale = localeOfBody(request.body);
    if (!handler) return refuse(reply, 404, 'unknownFunction');
    const fn = handler.def.name;
    const isRead = reading.has(fn);
    const db = readDb && isRead ? readDb : writeDb;

    // authenticate, its credentials: a bearer token wins over the cookie; the cookie counts only for calls that read
    // the caller, and only from the app's own origin (decision 107).
    const auth = handler.def.auth;
    const bearer = bearerToken(request);
    const carriedCookie = bearer ? null : sessionCookieToken(request, cookies);
    const cookieToken = auth === 'none' ? null : carriedCookie;
    if (cookieToken && !fromAppOrigin(request, cookies)) return refuse(reply, 403, 'crossOriginRefused');

    // parse, check text, validate.
    const body = parse(reply, request.body, locale);
    if (body === null || checkText(reply, body, locale)) return reply;
    const payload = validate(reply, payloadSchemas.get(fn)!, body, locale);
    if (payload === null) return reply;

    // admit: a write while the reads are slow is refused before it reads a session or writes anything.
    if (admission && !isRead) {
      if (!admit(admission, fn, Boolean(bearer || carriedCookie))) return sendUnavailable(reply);
      admitted.add(request);
    }

    // authorise: a web session may only be started from the app's own origin (login CSRF).
    if (payload.session === 'cookie' && !fromAppOrigin(request, cookies)) return refuse(reply, 403, 'crossOriginRefused');

    // authenticate, the session.
    let user: AuthUser | null = null;
    if (auth !== 'none') {
      const token = bearer || cookieToken;
      // Kept sessions and answers are used only once every write committed before this call has been heard.
      if (changes && (token || handler.cache)) await changes.barrier();
      if (token) user = await resolveToken(db, token, now(), touches, config.sessionIdleTimeoutMs, sessions, lookups.get(db));
      // A cookie whose session ended (signed out elsewhere, expired, idle) is deleted with this answer.
      if (cookieToken && !user) clearSessionCookies(reply, cookies);
      if (auth === 'required' && !user) return refuse(reply, 401, 'loginRequired');
      if (user && isRead) readers.set(request, `m:${user.id}`);
      // authorise: terms first (docs/requirements/auth.md#auth-terms-gate): a member below the current terms version may only reach the calls the
      // terms page needs; everything else is refused (or, where guests are served, answered as for a guest).
      if (user && !handler.def.beforeTerms && user.acceptedTermsVersion < (await currentTermsVersion(db, now(), changes))) {
        if (auth === 'required') return refuse(reply, 403, 'termsNotAccepted');
        user = null;
      }
    }

    // serve kept answers (core/read-cache.ts): served as kept, or kept once built.
    const policy = answers ? (handler.cache?.forPayload?.(payload) ?? handler.cache) : undefined;
    if (policy && auth === 'none') await changes!.barrier();
    const startedAt = now().getTime();
    const cacheKey = policy ? keptAnswerKey(fn, policy, user, locale, payload, startedAt) : null;
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
              body = answerBody({ succeed: true, ...(await personalized(answers!, fn, policy!, kept.value, user, db, ownEpoch, startedAt)) });
            } catch (error) {
              return sendFailure(reply, request, error, fn);
            }
            answers!.putPersonal(cacheKey, kept, policy!, user.id, ownEpoch, startedAt, body);
          }
        }
        return sendJson(reply, body);
      }
    }
    const epoch = policy && cacheKey ? answers!.epochOf(policy, member) : 0;

    // admit, the reads: a read without a session that no kept answer served (a search above all) is limited per
    // address, so that no one without an account can keep the database busy with them (issue 53). Not the server's
    // calls to itself.
    if (anonymousReads && !user && isRead && !lifecycle?.warmingUp) {
      const retryAfter = anonymousReads.hit(clientKey(request.ip));
      if (retryAfter > 0) {
        reply.header('retry-after', String(retryAfter));
        return refuse(reply, 429, 'tooManyRequests');
      }
    }

    // run, answer.
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
      const data = memberAnswer(reply, request, handler.def, result);
      if (data === null) return reply;
      const body = answerBody({ succeed: true, ...data });
      if (cacheKey) await answers!.put(cacheKey, policy!, db, epoch, startedAt, data, body, member);
      return sendJson(reply, body);
    } catch (error) {
      return sendThrown(reply, request, error, fn, locale);
    }
  }
}
