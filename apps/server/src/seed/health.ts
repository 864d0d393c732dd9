import { sql } from 'drizzle-orm';
import type { SeedContext } from './context.ts';
import { tokyoDay } from '@hibi/contract/time';
import { refreshAllAggregates } from '../domains/health/data.ts';

const DAYS = 120;
/** A deterministic 0..(mod-1) number from a text key, computed in SQL (hashtext is stable for the same input). */
const h = (key: string, mod: number) => `((hashtext(${key}) & 2147483647) % ${mod})`;

/**
 * Demo health data: 120 days of steps and self-checks for member@example.com (logged every one of the last 6 days,
 * so the streak badge shows) and for the 200-member population, whose habits differ per person so that ranks,
 * histograms and peer positions mean something. Bulk INSERT ... SELECT generate_series; aggregates rebuilt once.
 */
export async function seedHealth(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  const today = tokyoDay(ctx.now.getTime());
  const member = ctx.users.member;
  const ids = `{${ctx.users.population.join(',')}}`;

  // member@example.com: a steady walker trending up, weight trending down from about 71 kg.
  await db.execute(sql`
    INSERT INTO daily_steps (user_id, day, steps)
    SELECT ${member}, ${today}::date - g,
      CASE WHEN g = 0 THEN 4200 ELSE (5200 + ${sql.raw(h("'m' || g", 7500))} - g * 12)::int END
    FROM generate_series(0, ${DAYS - 1}) g`);
  await db.execute(sql`
    INSERT INTO health_logs (user_id, day, weight, body_fat_percentage, exercise, breakfast, night_meal, overeating,
      overdrinking, sleepness, feeling, note)
    SELECT ${member}, ${today}::date - g,
      round((68.4 + g * 0.022 + sin(g) * 0.35)::numeric, 1),
      round((21.5 + g * 0.01 + cos(g) * 0.3)::numeric, 1),
      CASE WHEN ${sql.raw(h("'me' || g", 100))} < 60 THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'mb' || g", 100))} < 80 THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'mn' || g", 100))} < 65 THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'mo' || g", 100))} < 70 THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'md' || g", 100))} < 75 THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'ms' || g", 100))} < 55 THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'mf' || g", 100))} < 70 THEN 1 ELSE 2 END,
      CASE WHEN g % 9 = 0 THEN '朝の散歩が気持ちよかった' ELSE NULL END
    FROM generate_series(0, ${DAYS - 1}) g
    WHERE g < 6 OR ${sql.raw(h("'ml' || g", 100))} < 85`);
  await db.execute(sql`INSERT INTO target_weights (user_id, weight) VALUES (${member}, 65)`);

  // The population: each person has a step level, a logging habit and a healthiness of their own.
  await db.execute(sql`
    WITH p AS (
      SELECT t.id, t.n, 2500 + ${sql.raw(h("'b' || t.n", 9500))} AS base
      FROM unnest(${ids}::int[]) WITH ORDINALITY AS t(id, n))
    INSERT INTO daily_steps (user_id, day, steps)
    SELECT p.id, ${today}::date - g, (p.base * (55 + ${sql.raw(h("'s' || p.n || ':' || g", 90))}) / 100)::int
    FROM p CROSS JOIN generate_series(0, ${DAYS - 1}) g
    WHERE ${sql.raw(h("'x' || p.n || ':' || g", 100))} < 93`);
  await db.execute(sql`
    WITH p AS (
      SELECT t.id, t.n, 25 + ${sql.raw(h("'r' || t.n", 72))} AS log_rate, 25 + ${sql.raw(h("'q' || t.n", 70))} AS good,
        48 + ${sql.raw(h("'w' || t.n", 40))} AS weight, 14 + ${sql.raw(h("'f' || t.n", 20))} AS fat
      FROM unnest(${ids}::int[]) WITH ORDINALITY AS t(id, n))
    INSERT INTO health_logs (user_id, day, weight, body_fat_percentage, exercise, breakfast, night_meal, overeating,
      overdrinking, sleepness, feeling)
    SELECT p.id, ${today}::date - g,
      round((p.weight + sin(g + p.n) * 0.6)::numeric, 1), round((p.fat + cos(g + p.n) * 0.4)::numeric, 1),
      CASE WHEN ${sql.raw(h("'e' || p.n || ':' || g", 100))} < p.good THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'k' || p.n || ':' || g", 100))} < p.good + 10 THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'n' || p.n || ':' || g", 100))} < p.good THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'o' || p.n || ':' || g", 100))} < p.good + 5 THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'d' || p.n || ':' || g", 100))} < p.good + 15 THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'z' || p.n || ':' || g", 100))} < p.good THEN 1 ELSE 2 END,
      CASE WHEN ${sql.raw(h("'v' || p.n || ':' || g", 100))} < p.good + 5 THEN 1 ELSE 2 END
    FROM p CROSS JOIN generate_series(0, ${DAYS - 1}) g
    WHERE ${sql.raw(h("'l' || p.n || ':' || g", 100))} < p.log_rate`);

  await refreshAllAggregates(db);
}
