// A member's own account in the account domain: the profile and its pieces, settings, the weights and status they see,
// withdrawal. Reached through service.ts, the domain's public module.
import type { Locale } from '@hibi/contract/protocol';
import { STEPS } from '@hibi/contract/constants';
import { tokyoDay, tokyoWeek } from '@hibi/contract/time';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { failure, type AuthUser } from '../../core/handler.ts';
import { endAllSessions } from '../auth/service.ts';
import { releaseSeatsOf } from '../events/service.ts';
import * as data from './data/profile.ts';
import type { UserRow } from './data/profile.ts';
import { weekRank, currentUserSteps, currentWeekSteps, teamMatchesOf, visibleIndividualMatches } from './matches.ts';

/** The signed-in user as a row; the entry already proved they are a tenant user. */
async function me(db: Db, id: number): Promise<UserRow> {
  const u = await data.findTenantUser(db, id);
  if (!u) throw new Error('signed-in user is no tenant user');
  return u;
}

export function profileHead(u: UserRow) {
  return {
    nickname: u.nickname,
    comment: u.comment,
    attribution1: u.attribution1,
    profileImageUrl: u.profile_image_url,
    backgroundImageUrl: u.background_image_url,
  };
}

export function accessTypes(u: UserRow) {
  return { userSteps: u.access_user_steps === 1 ? 1 : 0, teamMatches: u.access_team_matches === 1 ? 1 : 0 } as const;
}

/** Kilograms to one decimal; a weight of 0 counts as missing (docs/requirements/health.md#health-report-charts). */
export function kg(value: unknown): number | null {
  const n = value === null || value === undefined ? NaN : Number(value);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 10) / 10 : null;
}

export function personalInformation(u: UserRow, targetWeight: number | null) {
  return {
    birthYear: u.birth_year,
    height: u.height_tenths === null ? null : u.height_tenths / 10,
    gender: u.gender,
    targetWeight,
  };
}

/**
 * The user's target weight. It is registered through the health domain's registerTargetWeight and read here
 * through the agreed table (docs/decisions/036-account-reads-health-tables.md).
 */
export async function targetWeightOf(db: Db, userId: number): Promise<number | null> {
  return kg(await data.targetWeight(db, userId));
}

/** The latest recorded weight (health_logs, a weight of 0 is missing). */
export async function latestWeightOf(db: Db, userId: number): Promise<number | null> {
  return kg(await data.latestWeight(db, userId));
}
/* ------------------------------------------------------------------ profile and settings */

export async function myProfile(db: Db, userId: number, locale: Locale, now: Date) {
  const u = await me(db, userId);
  const [targetWeight, userSteps, weeklySteps, teamMatches] = await Promise.all([
    targetWeightOf(db, u.id),
    currentUserSteps(db, u, now),
    currentWeekSteps(db, u.id, now),
    u.team_match_enabled ? teamMatchesOf(db, u.id, locale, now) : Promise.resolve([]),
  ]);
  return {
    userID: u.id,
    profile: profileHead(u),
    personalInformation: personalInformation(u, targetWeight),
    userSteps,
    weeklySteps,
    accessTypes: accessTypes(u),
    showInRankings: u.show_in_rankings,
    reminders: { dayBefore: u.reminder_day_before, hourBefore: u.reminder_hour_before },
    teamMatches,
    distributionStatus: { email: u.email_distribution_enabled && u.email_distribution },
  };
}

/** Writes the given profile fields and answers the profile as it is now. */
/** The profile fields a member sends: height in cm, at most one decimal. */
export interface ProfileInput {
  nickname?: string | undefined;
  comment?: string | undefined;
  birthYear?: number | undefined;
  height?: number | undefined;
  gender?: number | undefined;
}

/** Writes a member's profile fields after the product's rules (a plausible birth year, a height to one decimal). */
export async function updateProfile(db: Db, userId: number, input: ProfileInput, now: Date) {
  const thisYear = Number(tokyoDay(now).slice(0, 4));
  // A plausible birth year: someone between 0 and 120 years old.
  if (input.birthYear !== undefined && (input.birthYear < thisYear - 120 || input.birthYear > thisYear)) {
    return failure('invalidBirthYear');
  }
  let heightTenths: number | undefined;
  if (input.height !== undefined) {
    heightTenths = Math.round(input.height * 10);
    if (Math.abs(input.height * 10 - heightTenths) > 1e-6) return failure('invalidHeight');
  }
  const fields: data.ProfileFields = {
    nickname: input.nickname,
    comment: input.comment,
    birthYear: input.birthYear,
    heightTenths,
    gender: input.gender,
  };
  await data.updateProfileFields(db, userId, fields);
  const u = await me(db, userId);
  return { profile: profileHead(u), personalInformation: personalInformation(u, await targetWeightOf(db, u.id)) };
}

export async function updateReminders(db: Db, userId: number, dayBefore: boolean | undefined, hourBefore: boolean | undefined) {
  const r = await data.updateReminders(db, userId, dayBefore ?? null, hourBefore ?? null);
  return { dayBefore: r.reminder_day_before, hourBefore: r.reminder_hour_before };
}

export const setShowInRankings = data.setShowInRankings;
export const setEmailDistribution = data.setEmailDistribution;

export async function updateAccessTypes(db: Db, userId: number, a: { userSteps?: number | undefined; teamMatches?: number | undefined }) {
  await data.updateAccessTypes(db, userId, a);
  return accessTypes(await me(db, userId));
}

/**
 * Ends a lite-plan account in one transaction: its sessions end, its seats in sessions yet to start go back (to the
 * first in line where there is one, decision 081), and the user row goes with every row that refers to it (ON DELETE
 * CASCADE). A table that keeps its rows (no cascade) must not keep the account alive: the row is stripped instead.
 */
export async function withdraw(db: Db, userId: number, now: Date, appBaseUrl: string, onKept: (error: unknown) => void): Promise<void> {
  await transaction(db, async (tx) => {
    await endAllSessions(tx, userId);
    await releaseSeatsOf(tx, userId, now, appBaseUrl);
    try {
      await transaction(tx, (sp) => data.deleteUser(sp, userId));
    } catch (error) {
      onKept(error);
      await data.anonymiseUser(tx, userId);
    }
  });
}

export async function currentUserStatus(db: Db, user: AuthUser, locale: Locale, now: Date) {
  const week = tokyoWeek(now);
  const [individualMatches, weight, targetWeight, rank] = await Promise.all([
    visibleIndividualMatches(db, user.id, user.tenantId, locale, now),
    latestWeightOf(db, user.id),
    targetWeightOf(db, user.id),
    weekRank(db, user.id, user.tenantId, week.monday),
  ]);
  return {
    individualMatches,
    weight: { weight, targetWeight },
    walkingProgram: {
      fromDateTime: week.fromDateTime,
      toDateTime: week.toDateTime,
      goalSteps: STEPS.goal,
      averageSteps: rank.averageSteps,
      daysAchieved: rank.daysAchieved,
      rank: rank.rank,
      userCount: rank.userCount,
    },
  };
}
