// The console's time machine (issue 36, docs/requirements/time-machine.md#time-machine-preview, decision 154): `previewMemberCall` runs a member read
// function as the member entry would, with two things changed: the clock reads `at`, and the caller is a fresh member
// of the audience (domains/auth/preview.ts). It runs inside a transaction that is always rolled back, so nothing it
// writes (the preview member, read marks, views, search words) is ever seen, and it bypasses the kept answers, so
// none is built from a moment that is not now.
import type { FunctionDef } from '@hibi/contract/protocol';
import { PREVIEW_FUTURE_MS, PREVIEW_PAST_MS, previewMemberCall } from '@hibi/contract/console/time-machine';
import type { Config } from '../config.ts';
import { defineConsoleHandler, type ConsoleContext } from '../core/console-handler.ts';
import { BusinessFailure, failure, FileAnswer, type AuthUser, type Handler, type MemberContext } from '../core/handler.ts';
import type { Db } from '../db/client.ts';
import { previewMember } from '../domains/auth/service.ts';
import { businessFailureBody, validationFailure } from './pipeline.ts';

type PreviewAnswer = { status: number; answer: { succeed: boolean; [key: string]: unknown }; tenantId: number | null };

/** Thrown to end the preview's transaction with a rollback, carrying the answer out. */
class RolledBack {
  constructor(readonly answer: PreviewAnswer | 'noTenant') {}
}

export function previewHandler(config: Config, registry: Map<string, Handler<FunctionDef>>) {
  // Each previewed function's strict payload schema, built once (as the member entry keeps its own).
  const strictPayloads = new Map<string, FunctionDef['payload']>();
  const strictPayload = (def: FunctionDef) => strictPayloads.get(def.name) ?? strictPayloads.set(def.name, def.payload.strict()).get(def.name)!;
  return defineConsoleHandler(previewMemberCall, async ({ at, audience, name, payload, tenantId }, ctx) => {
    const realNow = ctx.now().getTime();
    if (at < realNow - PREVIEW_PAST_MS || at > realNow + PREVIEW_FUTURE_MS) return failure('atOutOfRange');
    const handler = registry.get(name)!;
    // validate: as the member entry would, in the preview's envelope (the time machine sends no `locale` in it).
    const parsed = strictPayload(handler.def).safeParse(payload);
    if (!parsed.success) return { status: 400, answer: validationFailure(parsed.error, ctx.locale), tenantId: tenantId ?? null };
    try {
      await ctx.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        // authenticate: a fresh member of the audience; as the member entry answers a guest calling a members' function.
        const user = await previewMember(db, audience, tenantId, new Date(at), ctx.locale);
        if (user === 'noTenant') throw new RolledBack('noTenant');
        const of = user?.tenantId ?? null;
        if (handler.def.auth === 'required' && !user)
          throw new RolledBack({ status: 401, answer: { succeed: false, errorCode: 'loginRequired' }, tenantId: of });
        // run, answer.
        const result = await handler.run(parsed.data as never, previewContext(config, ctx, db, user, at) as never);
        throw new RolledBack(previewAnswer(handler.def, result, of));
      });
    } catch (error) {
      if (!(error instanceof RolledBack)) throw error;
      if (error.answer === 'noTenant') return failure('noTenantForAudience');
      return error.answer;
    }
    throw new Error('the preview transaction ended without an answer');
  });
}

/** run, in the preview: the member entry's context with the clock at `at`, inside the rolled-back transaction. */
function previewContext(config: Config, ctx: ConsoleContext, db: Db, user: AuthUser | null, at: number): MemberContext & { user: AuthUser | null } {
  return {
    db,
    config,
    locale: ctx.locale,
    ip: ctx.ip,
    log: ctx.log,
    user,
    now: () => new Date(at),
    rateLimit: ctx.rateLimit,
    webSession: {
      start: () => {
        throw new Error('a preview starts no session');
      },
      end: async () => {},
    },
  };
}

/** answer, in the preview: a business failure in its envelope; a file or an answer off its schema is a bug (thrown). */
function previewAnswer(def: FunctionDef, result: unknown, tenantId: number | null): PreviewAnswer {
  if (result instanceof BusinessFailure) return { status: 200, answer: businessFailureBody(result), tenantId };
  if (result instanceof FileAnswer) {
    result.body.destroy();
    throw new Error(`${def.name} answered a file`);
  }
  const out = def.response.safeParse(result);
  if (!out.success) throw new Error(`${def.name}: the previewed answer does not match its schema`);
  return { status: 200, answer: { succeed: true, ...(out.data as Record<string, unknown>) }, tenantId };
}
