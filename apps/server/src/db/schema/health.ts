// Tables of the health domain (migration 0310_health_data.sql). daily_steps and health_logs are read by account.
import { bigint, date, index, integer, numeric, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

const userRef = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Steps per user and calendar day in Asia/Tokyo: the largest count any device reported for that day. */
export const dailySteps = pgTable('daily_steps', { userId: userRef(), day: date('day').notNull(), steps: integer('steps').notNull() }, (t) => [
  primaryKey({ columns: [t.userId, t.day] }),
]);

/** One self-check per user and day: weight, body fat and the seven ratings (1 healthy answer, 2 unhealthy). */
export const healthLogs = pgTable(
  'health_logs',
  {
    userId: userRef(),
    day: date('day').notNull(),
    weight: numeric('weight'),
    bodyFatPercentage: numeric('body_fat_percentage'),
    exercise: smallint('exercise'),
    breakfast: smallint('breakfast'),
    nightMeal: smallint('night_meal'),
    overeating: smallint('overeating'),
    overdrinking: smallint('overdrinking'),
    sleepness: smallint('sleepness'),
    feeling: smallint('feeling'),
    note: text('note'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const deviceDailySteps = pgTable(
  'device_daily_steps',
  { userId: userRef(), source: text('source').notNull(), day: date('day').notNull(), steps: integer('steps').notNull() },
  (t) => [primaryKey({ columns: [t.userId, t.source, t.day] })],
);

export const healthUploadItems = pgTable(
  'health_upload_items',
  {
    userId: userRef(),
    source: text('source').notNull(),
    day: date('day').notNull(),
    steps: integer('steps'),
    weight: numeric('weight'),
    bodyFatPercentage: numeric('body_fat_percentage'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.source, t.day] })],
);

export const healthDevices = pgTable(
  'health_devices',
  {
    userId: userRef(),
    source: text('source').notNull(),
    osType: text('os_type').notNull(),
    osVersion: text('os_version').notNull(),
    appVersion: text('app_version').notNull(),
    lastUploadAt: timestamp('last_upload_at', { withTimezone: true }),
    lastFixedAt: timestamp('last_fixed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.source] })],
);

export const targetWeights = pgTable('target_weights', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  weight: numeric('weight').notNull(),
  registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Weekly step aggregate (Monday weeks, Asia/Tokyo), kept up to date on every write; ranks count this index. */
export const weeklySteps = pgTable(
  'weekly_steps',
  {
    userId: userRef(),
    weekStart: date('week_start').notNull(),
    tenantId: integer('tenant_id'),
    totalSteps: bigint('total_steps', { mode: 'number' }).notNull(),
    days: integer('days').notNull(),
    avgSteps: integer('avg_steps').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.weekStart] }), index('weekly_steps_rank_idx').on(t.tenantId, t.weekStart, t.avgSteps)],
);

/** Monthly score aggregate per user, kept up to date on every write; the peer histogram reads this index. */
export const healthMonthly = pgTable(
  'health_monthly',
  {
    userId: userRef(),
    month: date('month').notNull(),
    tenantId: integer('tenant_id'),
    logDays: integer('log_days').notNull(),
    score: numeric('score'),
    exercise: numeric('exercise'),
    meal: numeric('meal'),
    drinking: numeric('drinking'),
    sleep: numeric('sleep'),
    stress: numeric('stress'),
    weight: numeric('weight'),
    stepsAvg: integer('steps_avg'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] }), index('health_monthly_peer_idx').on(t.tenantId, t.month, t.score)],
);
