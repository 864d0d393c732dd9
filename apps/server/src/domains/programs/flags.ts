// Unusual step days (docs/requirements/programs.md#programs-flags, decision 187): flagged as they are held (data.ts
// holdDays), never removed by a machine; an editor keeps a day or excludes it from its program (counted 0 there).
import type { ProgramKind } from '@hibi/contract/functions/programs';
import { transaction } from '../../db/transaction.ts';
import { BusinessFailure, failure } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import * as data from './data.ts';
import { isFinal } from './rules.ts';
import { todayOf } from './service.ts';

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Math.round(Number(v)));

export async function listStepFlags(
  ctx: ConsoleContext,
  q: {
    state?: 'open' | 'kept' | 'excluded' | undefined;
    programKind?: ProgramKind | undefined;
    programID?: number | undefined;
    offset: number;
    perPage: number;
  },
) {
  const page = await data.flagPage(ctx.db, q);
  return {
    flags: page.map((f) => ({
      flagID: Number(f.id),
      programKind: f.program_kind,
      programID: Number(f.program_id),
      programName: { ja: f.name_ja, en: f.name_en },
      nickname: f.nickname,
      tenantName: f.tenant_name ?? '',
      day: f.day,
      steps: Number(f.steps),
      reason: f.reason,
      median: num(f.median),
      state: f.state,
      reviewedBy: f.reviewed_by,
      reviewedAt: num(f.reviewed_ms),
    })),
    total: page[0]?.total ?? 0,
  };
}

export async function reviewStepFlag(
  ctx: ConsoleContext,
  p: { flagID: number; decision: 'keep' | 'exclude' },
): Promise<{ state: 'kept' | 'excluded' } | BusinessFailure<'notFound' | 'alreadyFinal'>> {
  const now = ctx.now();
  const state = p.decision === 'keep' ? ('kept' as const) : ('excluded' as const);
  const done = await transaction(ctx.db, async (tx) => {
    const f = await data.flagById(tx, p.flagID);
    if (!f) return failure('notFound');
    const prog =
      f.program_kind === 'teamMatch' ? await data.teamMatchById(tx, f.program_id, false, false) : await data.individualMatchById(tx, f.program_id);
    if (!prog) return failure('notFound');
    const dates = { endDate: prog.end_date, graceDays: Number(prog.grace_days) };
    const drawn = 'drawn_ms' in prog && prog.drawn_ms !== null;
    if (isFinal(dates, todayOf(now)) || drawn) return failure('alreadyFinal');
    await data.reviewFlag(tx, p.flagID, state, ctx.operator!.email, now);
    await data.forgetRanks(tx, f.program_kind, f.program_id);
    return { state, f };
  });
  if (done instanceof BusinessFailure) return done;
  ctx.note({
    targetType: 'stepFlag',
    targetId: p.flagID,
    summary: `${state} ${done.f.program_kind} ${done.f.program_id} member ${done.f.user_id} day ${done.f.day}`,
  });
  return { state };
}
