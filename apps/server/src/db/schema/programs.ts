// Tables of the programs domain (migration 0910_programs.sql, decision 187). The rounds (team_matches,
// individual_matches) and their teams are in account.ts and the migrations; the programs' SQL is in its data.ts.
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

/** The figure a program holds for a member and day, written while the day's grace window is open. */
export const programDays = pgTable(
  'program_days',
  {
    programKind: text('program_kind').notNull(),
    programId: integer('program_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    steps: integer('steps').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.programKind, t.programId, t.userId, t.day] }),
    index('program_days_day_idx').on(t.programKind, t.programId, t.day),
  ],
);

/** Unusual days, flagged as they are held; an editor keeps or excludes them. */
export const stepFlags = pgTable(
  'step_flags',
  {
    id: serial('id').primaryKey(),
    programKind: text('program_kind').notNull(),
    programId: integer('program_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    steps: integer('steps').notNull(),
    reason: text('reason').notNull(),
    median: integer('median'),
    state: text('state').notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [unique().on(t.programKind, t.programId, t.userId, t.day, t.reason), index('step_flags_open_idx').on(t.state, t.createdAt, t.id)],
);

/** A Team Walk round's entrants (their team comes at entry or at the formation). */
export const teamMatchEntries = pgTable(
  'team_match_entries',
  {
    teamMatchId: integer('team_match_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamMatchId, t.userId] }), index('team_match_entries_user_idx').on(t.userId)],
);

export const teamMatchTenants = pgTable(
  'team_match_tenants',
  { teamMatchId: integer('team_match_id').notNull(), tenantId: integer('tenant_id').notNull() },
  (t) => [primaryKey({ columns: [t.teamMatchId, t.tenantId] })],
);

export const individualMatchTenants = pgTable(
  'individual_match_tenants',
  { individualMatchId: integer('individual_match_id').notNull(), tenantId: integer('tenant_id').notNull() },
  (t) => [primaryKey({ columns: [t.individualMatchId, t.tenantId] })],
);

/** A push sent once per member, program and notice. */
export const programNotices = pgTable(
  'program_notices',
  {
    programKind: text('program_kind').notNull(),
    programId: integer('program_id').notNull(),
    userId: integer('user_id').notNull(),
    notice: text('notice').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.programKind, t.programId, t.userId, t.notice] })],
);
