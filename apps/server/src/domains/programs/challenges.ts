// Individual challenges and their verifiable draw (docs/requirements/programs.md#programs-challenges,
// #programs-draw; decision 187): the console's rounds, the commitment sha256(seed), the draw on final data, the
// members' page. A draw can be recomputed by anyone from what is published (drawOrder below).
import crypto from 'node:crypto';
import type { ConsoleIndividualMatch, IndividualMatchInput, IndividualMatchListItem } from '@hibi/contract/console/programs';
import type { ProgramStatus } from '@hibi/contract/functions/programs';
import type { Locale } from '@hibi/contract/protocol';
import { addDays } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { BusinessFailure, failure, type AuthUser } from '../../core/handler.ts';
import type { ConsoleContext } from '../../core/console-handler.ts';
import { enqueueRenderedMails } from '../../mail/outbox.ts';
import { enqueuePush } from '../../push/outbox.ts';
import * as data from './data.ts';
import { renderWinMail } from './mail.ts';
import { dateProblem, daysBetween, finalFrom, isFinal, programStatus, throughDay, type ProgramDates } from './rules.ts';
import { dayStates, individualSummary, todayOf } from './service.ts';

const num = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Math.round(Number(v)));

const datesOf = (r: data.IndividualMatchRow): ProgramDates => ({
  entryFrom: r.entry_from,
  entryTo: r.entry_to,
  startDate: r.start_date,
  endDate: r.end_date,
  graceDays: Number(r.grace_days),
});
const prizesOf = (r: data.IndividualMatchRow) => r.prizes as { ja: string; en: string | null; winners: number }[];

/** Days of the period finished by `today` (today never counts). */
const finishedDays = (d: ProgramDates, today: string) => {
  const last = throughDay(d, today);
  return last === null ? 0 : daysBetween(d.startDate, last).length;
};

/** Whether a total of counted steps over `days` finished days reaches the threshold average (exact, no rounding). */
const reaches = (total: number, days: number, threshold: number) => days > 0 && total >= threshold * days;

/* ------------------------------------------------------------------ the draw's arithmetic */

/** sha256(seed) in hex: the commitment members see before the draw. */
export const commitmentOf = (seedHex: string) => crypto.createHash('sha256').update(Buffer.from(seedHex, 'hex')).digest('hex');

/** Entry numbers ordered by HMAC-SHA256(key = seed bytes, message = the number in decimal), hex ascending. */
export function drawOrder(seedHex: string, entries: number): number[] {
  const key = Buffer.from(seedHex, 'hex');
  const mac = (n: number) => crypto.createHmac('sha256', key).update(String(n)).digest('hex');
  return Array.from({ length: entries }, (_, i) => ({ n: i + 1, h: mac(i + 1) }))
    .sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : 0))
    .map((x) => x.n);
}

/** Winners in the draw's order, prize 0 taking the first `winners[0]`, prize 1 the next, ... */
export function winnersOf(seedHex: string, entries: number, prizes: { winners: number }[]): { entryNumber: number; prizeIndex: number }[] {
  const order = drawOrder(seedHex, entries);
  const out: { entryNumber: number; prizeIndex: number }[] = [];
  let i = 0;
  prizes.forEach((p, prizeIndex) => {
    for (let k = 0; k < p.winners && i < order.length; k++) out.push({ entryNumber: order[i++]!, prizeIndex });
  });
  return out;
}

/* ------------------------------------------------------------------ console */

function listItem(r: data.IndividualMatchRow, today: string): IndividualMatchListItem {
  return {
    individualMatchID: r.id,
    name: { ja: r.name_ja, en: r.name_en },
    status: programStatus(datesOf(r), today),
    entryFrom: r.entry_from,
    entryTo: r.entry_to,
    startDate: r.start_date,
    endDate: r.end_date,
    thresholdSteps: Number(r.threshold_steps),
    entrants: Number(r.entrants),
    committedAt: num(r.committed_ms),
    drawnAt: num(r.drawn_ms),
  };
}

export async function listIndividualMatches(ctx: ConsoleContext, q: { status?: ProgramStatus | undefined; offset: number; perPage: number }) {
  const today = todayOf(ctx.now());
  const page = await data.individualMatchPage(ctx.db, today, q);
  return {
    individualMatches: page.map((r) => listItem(r, today)),
    total: page[0]?.total ?? (q.offset > 0 ? await data.countIndividualMatches(ctx.db, today, q.status) : 0),
  };
}

/** Entrants whose counted average over the finished days reaches the threshold. */
async function eligibleUsers(db: Db, r: data.IndividualMatchRow, today: string): Promise<number[]> {
  const d = datesOf(r);
  const days = finishedDays(d, today);
  const totals = await data.individualTotals(db, r.id, throughDay(d, today));
  return totals.filter((t) => reaches(t.total, days, Number(r.threshold_steps))).map((t) => t.user_id);
}

export async function getConsoleIndividualMatch(
  ctx: ConsoleContext,
  id: number,
): Promise<{ individualMatch: ConsoleIndividualMatch } | BusinessFailure<'notFound'>> {
  const r = await data.individualMatchById(ctx.db, id);
  if (!r) return failure('notFound');
  const today = todayOf(ctx.now());
  const drawn = r.drawn_ms !== null ? await data.drawEntries(ctx.db, id) : [];
  return {
    individualMatch: {
      ...listItem(r, today),
      tenantIDs: r.tenant_ids,
      dailyCap: Number(r.daily_cap),
      graceDays: Number(r.grace_days),
      prizes: prizesOf(r).map((p) => ({ name: { ja: p.ja, en: p.en }, winners: Number(p.winners) })),
      finalFrom: finalFrom(datesOf(r)),
      eligible: r.drawn_ms !== null ? drawn.length : (await eligibleUsers(ctx.db, r, today)).length,
      commitment: r.draw_commitment,
      seed: r.drawn_ms !== null ? r.draw_seed : null,
      entryNumbers: r.drawn_ms !== null ? drawn.map((e) => Number(e.entry_number)) : null,
      winners:
        r.drawn_ms !== null
          ? drawn
              .filter((e) => e.prize_index !== null)
              .map((e) => ({
                entryNumber: Number(e.entry_number),
                prizeIndex: Number(e.prize_index),
                nickname: e.nickname,
                tenantName: e.tenant_name ?? '',
              }))
              .sort((a, b) => a.prizeIndex - b.prizeIndex || a.entryNumber - b.entryNumber)
          : null,
      updatedAt: num(r.updated_ms) ?? 0,
      updatedBy: r.updated_by,
    },
  };
}

/** A challenge stays on the members' lists (the account domain's display window) this long after results are final. */
const SHOWN_AFTER_FINAL_DAYS = 30;

export async function saveIndividualMatch(
  ctx: ConsoleContext,
  input: IndividualMatchInput,
): Promise<{ individualMatchID: number } | BusinessFailure<'notFound' | 'endBeforeStart' | 'entryWindowInvalid' | 'alreadyCommitted'>> {
  const problem = dateProblem(input);
  if (problem) return failure(problem);
  const tenantIds = [...new Set(input.tenantIDs)].sort((a, b) => a - b);
  // An unknown tenant is bad input like any other: nothing written (the contract has no code of its own for it).
  if ((await data.unknownTenants(ctx.db, tenantIds)).length > 0) return failure('notFound');
  const now = ctx.now();
  const by = ctx.operator!.email;
  const prizes = input.prizes.map((p) => ({ ja: p.name.ja, en: p.name.en ?? null, winners: p.winners }));
  const write: data.IndividualWrite = {
    nameJa: input.name.ja,
    nameEn: input.name.en ?? null,
    entryFrom: input.entryFrom,
    entryTo: input.entryTo,
    startDate: input.startDate,
    endDate: input.endDate,
    thresholdSteps: input.thresholdSteps,
    dailyCap: input.dailyCap,
    graceDays: input.graceDays,
    prizes,
    tenantIds,
    displayTo: addDays(finalFrom({ endDate: input.endDate, graceDays: input.graceDays }), SHOWN_AFTER_FINAL_DAYS),
  };
  const saved = await transaction(ctx.db, async (tx) => {
    if (input.individualMatchID === undefined) return { individualMatchID: await data.insertIndividualMatch(tx, write, by, now) };
    const found = await data.individualMatchById(tx, input.individualMatchID, true);
    if (!found) return failure('notFound');
    if (found.committed_ms !== null) {
      // After the commitment only the names may change (the prizes' names included, not their number or winners).
      const old = prizesOf(found);
      const same =
        write.entryFrom === found.entry_from &&
        write.entryTo === found.entry_to &&
        write.startDate === found.start_date &&
        write.endDate === found.end_date &&
        write.thresholdSteps === Number(found.threshold_steps) &&
        write.dailyCap === Number(found.daily_cap) &&
        write.graceDays === Number(found.grace_days) &&
        tenantIds.join(',') === found.tenant_ids.join(',') &&
        old.length === prizes.length &&
        old.every((p, i) => Number(p.winners) === prizes[i]!.winners);
      if (!same) return failure('alreadyCommitted');
      await data.updateIndividualNames(tx, found.id, write.nameJa, write.nameEn, prizes, by, now);
      return { individualMatchID: found.id };
    }
    await data.updateIndividualMatch(tx, found.id, write, by, now);
    return { individualMatchID: found.id };
  });
  if (saved instanceof BusinessFailure) return saved;
  ctx.note({
    targetType: 'individualMatch',
    targetId: saved.individualMatchID,
    summary: `${input.individualMatchID ? 'edited' : 'created'} 「${input.name.ja.slice(0, 80)}」 ${input.startDate}..${input.endDate} threshold ${input.thresholdSteps} prizes ${prizes.map((p) => p.winners).join('+')}`,
  });
  return saved;
}

export async function commitDraw(
  ctx: ConsoleContext,
  id: number,
): Promise<{ commitment: string } | BusinessFailure<'notFound' | 'alreadyCommitted'>> {
  const seed = crypto.randomBytes(32).toString('hex');
  const commitment = commitmentOf(seed);
  const done = await transaction(ctx.db, async (tx) => {
    const r = await data.individualMatchById(tx, id, true);
    if (!r) return failure('notFound');
    if (r.committed_ms !== null || !(await data.commitDraw(tx, id, seed, commitment, ctx.operator!.email, ctx.now())))
      return failure('alreadyCommitted');
    return { commitment };
  });
  if (done instanceof BusinessFailure) return done;
  ctx.note({ targetType: 'individualMatch', targetId: id, summary: `draw committed: sha256(seed) = ${commitment}` });
  return done;
}

/** The draw (docs/requirements/programs.md#programs-draw) in one transaction, with the winners' mails and pushes. */
export async function drawNow(
  db: Db,
  appBaseUrl: string,
  id: number,
  now: Date,
): Promise<
  | { seed: string; entries: number; winners: { entryNumber: number; prizeIndex: number }[] }
  | BusinessFailure<'notFound' | 'notCommitted' | 'notFinal' | 'alreadyDrawn'>
> {
  const today = todayOf(now);
  return transaction(db, async (tx) => {
    const r = await data.individualMatchById(tx, id, true);
    if (!r) return failure('notFound');
    if (r.drawn_ms !== null) return failure('alreadyDrawn');
    if (r.committed_ms === null || !r.draw_seed) return failure('notCommitted');
    if (!isFinal(datesOf(r), today)) return failure('notFinal');
    const eligible = await eligibleUsers(tx, r, today);
    // Entry numbers 1..n in a random order: the number says nothing about who holds it.
    const shuffled = [...eligible];
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = crypto.randomInt(i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
    }
    const prizes = prizesOf(r);
    const winners = winnersOf(r.draw_seed, shuffled.length, prizes);
    const prizeOf = new Map(winners.map((w) => [w.entryNumber, w.prizeIndex]));
    await data.recordDraw(
      tx,
      id,
      shuffled.map((userId, i) => ({ userId, entryNumber: i + 1, prizeIndex: prizeOf.get(i + 1) ?? null })),
      now,
    );
    const winnerIds = winners.map((w) => shuffled[w.entryNumber - 1]!);
    const contacts = await data.contactsOf(tx, winnerIds);
    const url = `${appBaseUrl}/programs/challenges/${id}`;
    const mails = contacts
      .filter((c) => c.email)
      .map((c) => {
        const locale: Locale = c.locale === 'en' ? 'en' : 'ja';
        const idx = prizeOf.get(shuffled.indexOf(Number(c.id)) + 1) ?? 0;
        const prize = prizes[idx]!;
        return {
          kind: 'programWin' as const,
          locale,
          to: c.email!,
          rendered: renderWinMail(locale, {
            nickname: c.nickname,
            program: locale === 'en' ? (r.name_en ?? r.name_ja) : r.name_ja,
            prize: locale === 'en' ? (prize.en ?? prize.ja) : prize.ja,
            link: url,
          }),
        };
      });
    await enqueueRenderedMails(tx, mails, now);
    await enqueuePush(
      tx,
      {
        kind: 'programResult',
        userIds: winnerIds,
        title: { ja: r.name_ja, en: r.name_en ?? r.name_ja },
        url: `/programs/challenges/${id}`,
        dedupeKey: `programWin:${id}`,
        ttlSeconds: 7 * 86_400,
      },
      now,
    );
    return { seed: r.draw_seed, entries: shuffled.length, winners };
  });
}

export async function runDraw(ctx: ConsoleContext, id: number) {
  const r = await drawNow(ctx.db, ctx.config.appBaseUrl, id, ctx.now());
  if (r instanceof BusinessFailure) return r;
  ctx.note({
    targetType: 'individualMatch',
    targetId: id,
    summary: `draw run: ${r.entries} entries, winners ${r.winners.map((w) => `#${w.entryNumber}(prize ${w.prizeIndex})`).join(' ')}, seed ${r.seed}`,
  });
  return r;
}

/* ------------------------------------------------------------------ members */

export async function getIndividualMatch(db: Db, user: AuthUser, locale: Locale, now: Date, id: number) {
  const today = todayOf(now);
  const [r] = await data.memberIndividualMatches(db, user.id, user.tenantId, '2000-01-01', id);
  if (!r) return failure('notFound');
  const d = datesOf(r);
  const cap = Number(r.daily_cap);
  const held = r.entered ? await data.memberDays(db, 'individualMatch', id, user.id, cap) : [];
  const myDays = r.entered ? dayStates({ ...d, dailyCap: cap }, held, today) : [];
  const days = finishedDays(d, today);
  const total = myDays.reduce((a, x) => a + x.counted, 0);
  const daysTotal = daysBetween(d.startDate, d.endDate).length;
  const drawn = r.drawn_ms !== null;
  const entries = drawn ? await data.drawEntries(db, id) : [];
  const mine = drawn && r.entered ? await data.myEntry(db, id, user.id) : null;
  const prizes = prizesOf(r);
  const won = mine?.prize_index !== null && mine?.prize_index !== undefined ? prizes[Number(mine.prize_index)] : undefined;
  return {
    program: individualSummary(r, locale, today),
    entered: r.entered,
    averageSteps: days === 0 ? 0 : Math.floor(total / days),
    daysCounted: days,
    daysTotal,
    daysLeft: daysTotal - days,
    eligible: r.entered && reaches(total, days, Number(r.threshold_steps)),
    final: isFinal(d, today),
    myDays,
    prizes: prizes.map((p) => ({ name: locale === 'en' ? (p.en ?? p.ja) : p.ja, winners: Number(p.winners) })),
    draw: {
      commitment: r.draw_commitment,
      committedAt: num(r.committed_ms),
      drawnAt: num(r.drawn_ms),
      seed: drawn ? r.draw_seed : null,
      entryNumbers: drawn ? entries.map((e) => Number(e.entry_number)) : null,
      myEntryNumber: mine?.entry_number === null || mine?.entry_number === undefined ? null : Number(mine.entry_number),
      winners: drawn
        ? entries
            .filter((e) => e.prize_index !== null)
            .map((e) => ({ entryNumber: Number(e.entry_number), prizeIndex: Number(e.prize_index) }))
            .sort((a, b) => a.prizeIndex - b.prizeIndex || a.entryNumber - b.entryNumber)
        : null,
      won: won ? (locale === 'en' ? (won.en ?? won.ja) : won.ja) : null,
    },
  };
}
