import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { rows } from '../src/db/query.ts';

const HOUR = 3600_000;

export interface SessionFixture {
  capacity: number | null;
  /** Start, from now, in hours. */
  startsIn: number;
  /** Length in hours (1 by default). */
  hours?: number;
  /** Booking window, from now, in hours (open a day ago and until the start by default). */
  opensIn?: number;
  closesIn?: number;
}

/** An event of its own for a test (not from the demo seed), with sessions and optionally one required question. */
export async function createEvent(
  db: Db,
  opts: { title: string; sessions: SessionFixture[]; requiredQuestion?: boolean; place?: string; now?: number },
): Promise<{ eventId: number; sessionIds: number[] }> {
  const now = opts.now ?? Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const starts = opts.sessions.map((s) => now + s.startsIn * HOUR);
  const ends = opts.sessions.map((s, i) => starts[i]! + (s.hours ?? 1) * HOUR);
  const [event] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO events (title_ja, title_en, start_at, end_at, place_ja, place_en, published_at)
        VALUES (${`${opts.title}（日本語）`}, ${opts.title}, ${iso(Math.min(...starts))}, ${iso(Math.max(...ends))},
                ${opts.place ?? '日比谷'}, ${opts.place ?? 'Hibiya'}, ${iso(Math.min(now, Date.now()) - 48 * HOUR)}) RETURNING id`,
  );
  const eventId = event!.id;
  const sessionIds: number[] = [];
  for (const [i, s] of opts.sessions.entries()) {
    const [row] = await rows<{ id: number }>(
      db,
      sql`INSERT INTO event_sessions (event_id, title_ja, title_en, reservation_type, start_at, end_at, capacity, reservation_start_at, reservation_end_at, sort)
          VALUES (${eventId}, ${`回${i + 1}`}, ${`Session ${i + 1}`}, 1, ${iso(starts[i]!)}, ${iso(ends[i]!)}, ${s.capacity},
                  ${iso(now + (s.opensIn ?? -24) * HOUR)}, ${iso(now + (s.closesIn ?? s.startsIn) * HOUR)}, ${i}) RETURNING id`,
    );
    sessionIds.push(row!.id);
  }
  if (opts.requiredQuestion) {
    await db.execute(
      sql`INSERT INTO event_questions (event_id, questionnaire_index, type, question_ja, question_en, required)
          VALUES (${eventId}, 1, 'text', '参加の目的', 'Why are you coming?', true)`,
    );
  }
  return { eventId, sessionIds };
}

/** Moves a booking window (hours from now), e.g. to close it. */
export async function setWindow(db: Db, sessionId: number, opensIn: number, closesIn: number, now = Date.now()): Promise<void> {
  await db.execute(
    sql`UPDATE event_sessions SET reservation_start_at = ${new Date(now + opensIn * HOUR).toISOString()},
          reservation_end_at = ${new Date(now + closesIn * HOUR).toISOString()} WHERE id = ${sessionId}`,
  );
}
