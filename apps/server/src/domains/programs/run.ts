// The programs' run (decision 187), every minute in every process (each step guarded, so two processes never do the
// same twice): rounds formed on their start date, daily ranks refreshed, final results announced once (push
// programResult), and sync reminders two days before a grace window closes (push syncReminder, once per member and
// program). "Today" is the app's clock.
import { addDays } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { startPoller } from '../../lib/poller.ts';
import { enqueuePush } from '../../push/outbox.ts';
import * as data from './data.ts';
import { formRound, refreshTeamRanks, todayOf } from './service.ts';
import { isFinal } from './rules.ts';

/** A member with days missing is reminded this many days before the window closes. */
export const SYNC_REMINDER_DAYS_BEFORE = 2;

export async function runPrograms(db: Db, now: Date): Promise<{ formed: number; refreshed: number; announced: number; reminded: number }> {
  const today = todayOf(now);
  let formed = 0;
  for (const id of await data.unformedStarted(db, today)) {
    const r = await formRound(db, id, now, { byOperator: false });
    if (!('errorCode' in r)) formed += 1;
  }
  let refreshed = 0;
  let announced = 0;
  for (const id of await data.liveTeamMatches(db, today)) {
    await refreshTeamRanks(db, id, now);
    refreshed += 1;
    const m = await data.teamMatchById(db, id);
    if (m && m.results_notified_ms === null && isFinal({ endDate: m.end_date, graceDays: Number(m.grace_days) }, today)) {
      await transaction(db, async (tx) => {
        if (!(await data.markResultsNotified(tx, id, now))) return;
        const members = await data.teamMatchMemberIds(tx, id);
        await enqueuePush(
          tx,
          {
            kind: 'programResult',
            userIds: members,
            title: { ja: m.name_ja, en: m.name_en ?? m.name_ja },
            url: `/programs/team-walk/${id}`,
            dedupeKey: `programResult:teamMatch:${id}`,
            ttlSeconds: 7 * 86_400,
          },
          now,
        );
        announced += 1;
      });
    }
  }
  const reminded = await remindSync(db, now);
  return { formed, refreshed, announced, reminded };
}

/** Sync reminders: entrants with a finished day not uploaded whose window closes in two days; once per program. */
export async function remindSync(db: Db, now: Date): Promise<number> {
  const today = todayOf(now);
  const due = await data.membersMissingDays(db, today, addDays(today, SYNC_REMINDER_DAYS_BEFORE));
  let sent = 0;
  const byProgram = new Map<string, { kind: 'teamMatch' | 'individualMatch'; id: number; users: number[] }>();
  for (const r of due) {
    const key = `${r.kind}:${r.program_id}`;
    const entry = byProgram.get(key) ?? { kind: r.kind, id: Number(r.program_id), users: [] };
    entry.users.push(Number(r.user_id));
    byProgram.set(key, entry);
  }
  for (const p of byProgram.values()) {
    await transaction(db, async (tx) => {
      const fresh = await data.claimNotices(tx, p.kind, p.id, 'syncReminder', p.users, now);
      if (fresh.length === 0) return;
      const m = p.kind === 'teamMatch' ? await data.teamMatchById(tx, p.id) : await data.individualMatchById(tx, p.id);
      if (!m) return;
      sent += await enqueuePush(
        tx,
        {
          kind: 'syncReminder',
          userIds: fresh,
          title: { ja: m.name_ja, en: m.name_en ?? m.name_ja },
          url: p.kind === 'teamMatch' ? `/programs/team-walk/${p.id}` : `/programs/challenges/${p.id}`,
          dedupeKey: `syncReminder:${p.kind}:${p.id}`,
          ttlSeconds: 86_400,
        },
        now,
      );
    });
  }
  return sent;
}

export const PROGRAMS_EVERY_MS = 60_000;

export function startPrograms(db: Db, onError: (error: unknown) => void, now: () => Date = () => new Date()): () => Promise<void> {
  const poller = startPoller(() => runPrograms(db, now()), { everyMs: PROGRAMS_EVERY_MS, onError });
  return () => poller.close();
}
