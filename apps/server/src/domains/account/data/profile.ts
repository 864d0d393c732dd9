// The account domain's SQL of members' own rows: the profile and settings, withdrawal, the weights the profile shows
// (the health domain's target_weights and health_logs, read through the agreed tables: decision 036).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';

export interface UserRow {
  id: number;
  tenant_id: number | null;
  nickname: string;
  comment: string;
  attribution1: string;
  profile_image_url: string | null;
  background_image_url: string | null;
  birth_year: number | null;
  height_tenths: number | null;
  gender: number | null;
  email_distribution: boolean;
  access_user_steps: number;
  access_team_matches: number;
  contract_type: number;
  team_match_enabled: boolean;
  email_distribution_enabled: boolean;
  show_in_rankings: boolean;
  reminder_day_before: boolean;
  reminder_hour_before: boolean;
}

/** A user who is (still) a tenant user, with their tenant's contract switches; null otherwise. */
export async function findTenantUser(db: Db, userId: number): Promise<UserRow | null> {
  const found = await rows<UserRow>(
    db,
    sql`SELECT u.id, u.tenant_id, u.nickname, u.comment, u.attribution1, u.profile_image_url, u.background_image_url,
               u.birth_year, u.height_tenths, u.gender, u.email_distribution, u.access_user_steps, u.access_team_matches, u.show_in_rankings,
               u.reminder_day_before, u.reminder_hour_before,
               t.contract_type, t.team_match_enabled, t.email_distribution_enabled
        FROM users u JOIN tenants t ON t.id = u.tenant_id
        WHERE u.id = ${userId}`,
  );
  return found[0] ?? null;
}

/* ------------------------------------------------------------------ profile and settings */

export interface ProfileFields {
  nickname?: string | undefined;
  comment?: string | undefined;
  birthYear?: number | undefined;
  heightTenths?: number | undefined;
  gender?: number | undefined;
}

/** Writes the given profile fields (no statement when none is given). */
export async function updateProfileFields(db: Db, userId: number, f: ProfileFields): Promise<void> {
  const sets = [
    f.nickname !== undefined ? sql`nickname = ${f.nickname}` : null,
    f.comment !== undefined ? sql`comment = ${f.comment}` : null,
    f.birthYear !== undefined ? sql`birth_year = ${f.birthYear}` : null,
    f.heightTenths !== undefined ? sql`height_tenths = ${f.heightTenths}` : null,
    f.gender !== undefined ? sql`gender = ${f.gender}` : null,
  ].filter((s) => s !== null);
  if (sets.length > 0) await db.execute(sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${userId}`);
}

/** Sets the reminder switches given (null keeps one) and returns both. */
export async function updateReminders(db: Db, userId: number, dayBefore: boolean | null, hourBefore: boolean | null) {
  const [r] = await rows<{ reminder_day_before: boolean; reminder_hour_before: boolean }>(
    db,
    sql`UPDATE users SET reminder_day_before = COALESCE(${dayBefore}::boolean, reminder_day_before),
                             reminder_hour_before = COALESCE(${hourBefore}::boolean, reminder_hour_before)
            WHERE id = ${userId} RETURNING reminder_day_before, reminder_hour_before`,
  );
  return r!;
}

export async function setShowInRankings(db: Db, userId: number, showInRankings: boolean): Promise<void> {
  await db.execute(sql`UPDATE users SET show_in_rankings = ${showInRankings} WHERE id = ${userId}`);
}

export async function setEmailDistribution(db: Db, userId: number, email: boolean): Promise<void> {
  await db.execute(sql`UPDATE users SET email_distribution = ${email} WHERE id = ${userId}`);
}

/** Writes the access switches given (no statement when none is given). */
export async function updateAccessTypes(db: Db, userId: number, a: { userSteps?: number | undefined; teamMatches?: number | undefined }) {
  const sets = [
    a.userSteps !== undefined ? sql`access_user_steps = ${a.userSteps}` : null,
    a.teamMatches !== undefined ? sql`access_team_matches = ${a.teamMatches}` : null,
  ].filter((s) => s !== null);
  if (sets.length > 0) await db.execute(sql`UPDATE users SET ${sql.join(sets, sql`, `)} WHERE id = ${userId}`);
}

/* ------------------------------------------------------------------ withdrawal */

/** Deletes the user; every table that refers to a user deletes its rows with it (ON DELETE CASCADE). */
export async function deleteUser(db: Db, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM users WHERE id = ${userId}`);
}

/** Strips a user row that cannot be deleted down to nothing that identifies its owner, and ends their friendships. */
export async function anonymiseUser(db: Db, userId: number): Promise<void> {
  await db.execute(
    sql`UPDATE users SET tenant_id = NULL, email = NULL, login_id = ${`withdrawn-${userId}`}, login_id_lower = ${`withdrawn-${userId}`},
                  password_hash = NULL, user_name = '', user_phonetic = '', nickname = '', external_account_id = NULL, comment = '',
                  attribution1 = '', profile_image_url = NULL, background_image_url = NULL, birth_year = NULL, height_tenths = NULL, gender = NULL
                WHERE id = ${userId}`,
  );
  await db.execute(sql`DELETE FROM friendships WHERE user_low = ${userId} OR user_high = ${userId}`);
}

/* ------------------------------------------------------------------ weights */

export async function targetWeight(db: Db, userId: number): Promise<unknown> {
  const found = await rows<{ weight: unknown }>(db, sql`SELECT weight::float8 AS weight FROM target_weights WHERE user_id = ${userId}`);
  return found[0]?.weight;
}

/** The latest recorded weight (a weight of 0 is missing). */
export async function latestWeight(db: Db, userId: number): Promise<unknown> {
  const found = await rows<{ weight: unknown }>(
    db,
    sql`SELECT weight::float8 AS weight FROM health_logs WHERE user_id = ${userId} AND weight > 0 ORDER BY day DESC LIMIT 1`,
  );
  return found[0]?.weight;
}
