// Tables of the account domain (migration 0350_account.sql). The base tables individual_matches and
// team_matches (0300_health.sql) are read with SQL; their added columns are listed in the migration.
import { date, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './core.ts';

export const individualMatchEntries = pgTable(
  'individual_match_entries',
  {
    individualMatchId: integer('individual_match_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.individualMatchId, t.userId] }), index('individual_match_entries_user_idx').on(t.userId)],
);

export const teamMatchTeams = pgTable(
  'team_match_teams',
  {
    id: serial('id').primaryKey(),
    teamMatchId: integer('team_match_id').notNull(),
    nameJa: text('name_ja').notNull(),
    nameEn: text('name_en'),
    league: text('league').notNull(),
  },
  (t) => [index('team_match_teams_match_idx').on(t.teamMatchId, t.league)],
);

export const teamMatchMembers = pgTable(
  'team_match_members',
  {
    teamId: integer('team_id').notNull(),
    teamMatchId: integer('team_match_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), unique().on(t.teamMatchId, t.userId), index('team_match_members_user_idx').on(t.userId)],
);

/** One row per pair of users, user_low < user_high; 'pending' until the addressee accepts. */
export const friendships = pgTable(
  'friendships',
  {
    id: serial('id').primaryKey(),
    userLow: integer('user_low').notNull(),
    userHigh: integer('user_high').notNull(),
    requestedBy: integer('requested_by').notNull(),
    status: text('status').$type<'pending' | 'accepted'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    unique().on(t.userLow, t.userHigh),
    index('friendships_high_idx').on(t.userHigh, t.status),
    index('friendships_low_idx').on(t.userLow, t.status),
  ],
);

/** When a match's daily ranks were last computed, and through which day (migration 0352). */
export const teamMatchRankState = pgTable('team_match_rank_state', {
  teamMatchId: integer('team_match_id').primaryKey(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  throughDay: date('through_day').notNull(),
});

/** A team's average steps, rank and league rank per finished day of its match (migration 0352). */
export const teamMatchDayRanks = pgTable(
  'team_match_day_ranks',
  {
    teamId: integer('team_id').notNull(),
    teamMatchId: integer('team_match_id').notNull(),
    day: date('day').notNull(),
    league: text('league').notNull(),
    dayAvg: integer('day_avg').notNull(),
    rank: integer('rank').notNull(),
    leagueRank: integer('league_rank').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.day] }), index('team_match_day_ranks_match_idx').on(t.teamMatchId, t.day, t.league)],
);
