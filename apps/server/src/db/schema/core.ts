import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, index } from 'drizzle-orm/pg-core';

/** A company that has a contract with the operator. Its contract decides what its members see. */
export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  nameJa: text('name_ja').notNull(),
  nameEn: text('name_en'),
  contractType: integer('contract_type').notNull(),
  corporateContract: boolean('corporate_contract').notNull(),
  teamMatchEnabled: boolean('team_match_enabled').notNull().default(false),
  emailDistributionEnabled: boolean('email_distribution_enabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** End of the contract (migration 0750): members cannot sign in from then; null: open-ended. */
  contractEndsAt: timestamp('contract_ends_at', { withTimezone: true }),
  /** When maintenance purged the members' personal data (contract end + 90 days). */
  purgedAt: timestamp('purged_at', { withTimezone: true }),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Null when the person is not (or no longer) registered as a tenant user: they cannot sign in. */
    tenantId: integer('tenant_id').references(() => tenants.id),
    /** Lower-cased; null for accounts that only have a company-assigned id. */
    email: text('email').unique(),
    /** Company-assigned account id, e.g. EMP-0001; compared case-insensitively through login_id_lower. */
    loginId: text('login_id'),
    loginIdLower: text('login_id_lower').unique(),
    passwordHash: text('password_hash'),
    userName: text('user_name').notNull().default(''),
    userPhonetic: text('user_phonetic').notNull().default(''),
    nickname: text('nickname').notNull(),
    externalAccountId: text('external_account_id'),
    comment: text('comment').notNull().default(''),
    attribution1: text('attribution1').notNull().default(''),
    profileImageUrl: text('profile_image_url'),
    backgroundImageUrl: text('background_image_url'),
    birthYear: integer('birth_year'),
    /** Height in centimetres, one decimal kept as tenths. */
    heightTenths: integer('height_tenths'),
    gender: integer('gender'),
    locale: text('locale').notNull().default('ja'),
    acceptedTermsVersion: integer('accepted_terms_version').notNull().default(0),
    emailDistribution: boolean('email_distribution').notNull().default(true),
    accessUserSteps: integer('access_user_steps').notNull().default(1),
    /** Agreed to appear by name and picture in rankings of their own company (issue 12, finding 7). */
    showInRankings: boolean('show_in_rankings').notNull().default(false),
    /** Event reminders (migration 0202): the day before (on by default) and an hour before (off by default). */
    reminderDayBefore: boolean('reminder_day_before').notNull().default(true),
    reminderHourBefore: boolean('reminder_hour_before').notNull().default(false),
    accessTeamMatches: integer('access_team_matches').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Deactivated by an operator (migration 0630): cannot sign in, no live session; null when active. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [index('users_tenant_idx').on(t.tenantId)],
);

/** Opaque session tokens, kept only as SHA-256 hashes. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The passkey that opened the session (member_passkeys, migration 0840): deleting it ends the session. */
    passkeyId: integer('passkey_id'),
    /** When the session was opened with the password (null for a passkey's session): a passkey may be added within 5 minutes. */
    passwordAt: timestamp('password_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_last_used_idx').on(t.lastUsedAt)],
);

/** Operator settings such as the terms version. */
export const config = pgTable('config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** Fixed-window counters shared by every API process (rate limits on sign-in and mail-sending calls). */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
