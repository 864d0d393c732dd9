import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/query.ts';
import { seedCore } from './core.ts';
import { seedContent } from './content.ts';
import { seedEvents } from './events.ts';
import { seedHealth } from './health.ts';
import { seedAccount } from './account.ts';
import { seedSurveys } from './surveys.ts';
import { seedLifecycle } from './lifecycle.ts';
import { seedOperators } from './operators.ts';
import { seedMagazine } from './magazine.ts';
import { seedPrograms } from './programs.ts';
import { seedPoints, seedPointsThisMonth } from './points.ts';
import { seedExchange } from './exchange.ts';

/** Loads the demo content into an empty database, in one transaction. Returns false when there was data already. */
export async function seedDemoContent(db: Db, now = new Date()): Promise<boolean> {
  const [existing] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM tenants`);
  if (Number(existing?.n) > 0) return false;
  await db.transaction(async (tx) => {
    const ctx = await seedCore(tx as unknown as Db, now);
    await seedContent(ctx);
    await seedEvents(ctx);
    await seedHealth(ctx);
    await seedAccount(ctx);
    await seedSurveys(ctx);
    await seedLifecycle(ctx);
    await seedOperators(ctx);
    await seedMagazine(ctx);
    await seedPrograms(ctx);
    await seedPoints(ctx);
    // After the points ledger's history (member@example.com's points), before this month's missions.
    await seedExchange(ctx);
    await seedPointsThisMonth(ctx);
  });
  return true;
}
