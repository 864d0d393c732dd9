import { z } from 'zod';
import { singleLineText } from '../text.ts';
import { PASSWORD_MAX } from '../constants.ts';
import { defineFunction, epochMs, id, offset, perPage } from '../protocol.ts';
import { COMMENT_MAX, DISPLAY_NAME_MAX, PAGE_SIZE, SEARCH_NICKNAME_MAX } from '../constants.ts';
import { pointEntrySchema } from './points.ts';

/** 0 = undisclosed, 1 = disclosed to friends (docs/requirements/account.md#account-disclosure). */
export const accessTypeSchema = z.union([z.literal(0), z.literal(1)]);

export const profileHeadSchema = z.object({
  nickname: z.string(),
  comment: z.string(),
  attribution1: z.string(),
  profileImageUrl: z.string().nullable(),
  backgroundImageUrl: z.string().nullable(),
});
export type ProfileHead = z.infer<typeof profileHeadSchema>;

export const personalInformationSchema = z.object({
  birthYear: z.number().int().nullable(),
  /** Centimetres, one decimal. */
  height: z.number().nullable(),
  /** 1 male, 2 female. */
  gender: z.number().int().nullable(),
  /** Kilograms, one decimal; null when none is registered. */
  targetWeight: z.number().nullable(),
});

/** The user's place among the tenant's users for the current Monday-based week (Asia/Tokyo), today included. */
export const userStepsSchema = z.object({
  rank: z.number().int().nullable(),
  userCount: z.number().int(),
  averageSteps: z.number().int(),
});

/** One day of the current week's step log (Monday to Sunday); steps null for a day with no record. */
export const weekStepSchema = z.object({ dateTime: epochMs, steps: z.number().int().nullable() });

export const accessTypesSchema = z.object({ userSteps: accessTypeSchema, teamMatches: accessTypeSchema });

export const teamMatchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  startDateTime: epochMs,
  endDateTime: epochMs,
  team: z.object({ id: z.number().int(), name: z.string(), memberCount: z.number().int() }),
  /** One entry per finished day of the match (today excluded), oldest first. */
  rankHistory: z.array(z.object({ dateTime: epochMs, rank: z.number().int() })),
  maxRank: z.number().int(),
  league: z.string(),
  leagueRank: z.number().int().nullable(),
  maxLeagueRank: z.number().int(),
  /** The team's average steps per member per day, one entry per finished day, oldest first. */
  stepsHistory: z.array(z.object({ dateTime: epochMs, steps: z.number().int() })),
});
export type TeamMatch = z.infer<typeof teamMatchSchema>;

export const getMyProfile = defineFunction({
  name: 'getMyProfile',
  auth: 'required',
  summary: "The signed-in user's profile: head, basic information, this week's steps and rank, disclosure, team matches, mail setting.",
  payload: z.object({}),
  response: z.object({
    userID: z.number().int(),
    profile: profileHeadSchema,
    personalInformation: personalInformationSchema,
    userSteps: userStepsSchema,
    weeklySteps: z.array(weekStepSchema),
    accessTypes: accessTypesSchema,
    /** Empty when the tenant's contract has no team matches. */
    teamMatches: z.array(teamMatchSchema),
    /** Whether colleagues see this member's name and picture in the walking ranking (off unless agreed). */
    showInRankings: z.boolean(),
    /** Event reminder mails: the day before a reserved session and an hour before. */
    reminders: z.object({ dayBefore: z.boolean(), hourBefore: z.boolean() }),
    distributionStatus: z.object({ email: z.boolean() }),
  }),
});
export type MyProfile = z.infer<typeof getMyProfile.response>;

export const getUserContract = defineFunction({
  name: 'getUserContract',
  auth: 'required',
  summary: "The contract of the signed-in user's tenant.",
  payload: z.object({}),
  response: z.object({ contractType: z.number().int(), teamMatchEnabled: z.boolean(), emailDistributionEnabled: z.boolean() }),
});

// The limits live in the zod-free constants module, which the web app's forms import.
export { DISPLAY_NAME_MAX, COMMENT_MAX } from '../constants.ts';

export const updateProfile = defineFunction({
  name: 'updateProfile',
  auth: 'required',
  summary: 'Change the nickname, comment, birth year, height (cm, one decimal) and gender of the signed-in user. Omitted fields stay.',
  payload: z.object({
    displayName: singleLineText(DISPLAY_NAME_MAX).pipe(z.string().min(1)).optional(),
    comment: singleLineText(COMMENT_MAX).optional(),
    birthYear: z.number().int().min(1000).max(9999).optional(),
    height: z.number().min(1).max(999).optional(),
    gender: z.union([z.literal(1), z.literal(2)]).optional(),
  }),
  response: z.object({ profile: profileHeadSchema, personalInformation: personalInformationSchema }),
  errorCodes: ['invalidBirthYear', 'invalidHeight'],
});

export const updateDistributionSetting = defineFunction({
  name: 'updateDistributionSetting',
  auth: 'required',
  summary: 'Receive (true) or not (false) the mail magazine; only where the contract has mail distribution.',
  payload: z.object({ email: z.boolean() }),
  response: z.object({ distributionStatus: z.object({ email: z.boolean() }) }),
  errorCodes: ['notAvailable'],
});

export const updateReminderSettings = defineFunction({
  name: 'updateReminderSettings',
  auth: 'required',
  summary: 'Event reminder mails: the day before a reserved session (on by default) and an hour before (off by default). Omitted fields stay.',
  payload: z.object({ dayBefore: z.boolean().optional(), hourBefore: z.boolean().optional() }),
  response: z.object({ reminders: z.object({ dayBefore: z.boolean(), hourBefore: z.boolean() }) }),
});

export const updateAccessTypes = defineFunction({
  name: 'updateAccessTypes',
  auth: 'required',
  summary: "Disclose (1) or not (0) the step log and the team matches to friends (the mobile app's disclosure setting).",
  payload: z.object({ userSteps: accessTypeSchema.optional(), teamMatches: accessTypeSchema.optional() }),
  response: z.object({ accessTypes: accessTypesSchema }),
});

export const deleteLitePlanUser = defineFunction({
  name: 'deleteLitePlanUser',
  auth: 'required',
  summary: 'Withdraw: delete the signed-in account and end its sessions, with the current password. Only for the lite plan (contract type 5).',
  payload: z.object({ currentPassword: z.string({ error: 'msg:passwordRequired' }).min(1, { error: 'msg:passwordRequired' }).max(PASSWORD_MAX) }),
  response: z.object({}),
  errorCodes: ['notLitePlan', 'wrongPassword'],
});

export const friendUserSchema = z.object({ userID: z.number().int(), displayName: z.string(), imageUrl: z.string().nullable() });
export const friendSchema = z.object({ id: z.number().int(), user: friendUserSchema });
export type Friend = z.infer<typeof friendSchema>;

export const getOwnFriends = defineFunction({
  name: 'getOwnFriends',
  auth: 'required',
  summary: 'Friends of the signed-in user, newest friendship first.',
  payload: z.object({ offset, perPage: perPage(50, PAGE_SIZE.friends) }),
  response: z.object({ friends: z.array(friendSchema) }),
});

export const getFriendProfile = defineFunction({
  name: 'getFriendProfile',
  auth: 'required',
  summary: "A friend's profile; the step log and team matches only where that friend disclosed them. notFound for anyone who is not a friend.",
  payload: z.object({ userID: id }),
  response: z.object({
    userID: z.number().int(),
    profile: profileHeadSchema,
    accessTypes: accessTypesSchema,
    /** Null unless accessTypes.userSteps is 1. */
    userSteps: userStepsSchema.nullable(),
    weeklySteps: z.array(weekStepSchema).nullable(),
    /** Null unless accessTypes.teamMatches is 1 and the friend's contract has team matches. */
    teamMatches: z.array(teamMatchSchema).nullable(),
  }),
  errorCodes: ['notFound'],
});
export type FriendProfile = z.infer<typeof getFriendProfile.response>;

/**
 * How another member stands to the caller, for the friend button wherever members appear (docs/requirements/account.md#account-friends):
 * self; friends; requested (the caller asked, waiting: 'Requested'); received (they asked: 'Accept'); none ('Become Friends').
 */
export const relationSchema = z.enum(['self', 'friends', 'requested', 'received', 'none']);
export type Relation = z.infer<typeof relationSchema>;

/** A member as friend search and a friend's friends list them. */
export const memberSchema = friendUserSchema.extend({ relation: relationSchema });
export type Member = z.infer<typeof memberSchema>;

export const searchMembers = defineFunction({
  name: 'searchMembers',
  auth: 'required',
  summary:
    "Colleagues (users of the caller's own company) whose nickname contains the text, the caller excluded, with how each stands to the caller; nearest match first, paged.",
  payload: z.object({
    nickname: singleLineText(SEARCH_NICKNAME_MAX, 'searchNicknameTooLong').pipe(z.string().min(1, { error: 'msg:searchNicknameRequired' })),
    offset,
    perPage: perPage(50, PAGE_SIZE.friends),
  }),
  response: z.object({ members: z.array(memberSchema) }),
});

export const getFriendsOfFriend = defineFunction({
  name: 'getFriendsOfFriend',
  auth: 'required',
  summary:
    "A friend's friends (of the same company), newest friendship first, each with how they stand to the caller. notFound for anyone who is not a friend.",
  payload: z.object({ userID: id, offset, perPage: perPage(50, PAGE_SIZE.friends) }),
  response: z.object({ friends: z.array(memberSchema) }),
  errorCodes: ['notFound'],
});

export const friendRequestSchema = z.object({ id: z.number().int(), user: friendUserSchema, requestedAt: epochMs });

export const getFriendRequests = defineFunction({
  name: 'getFriendRequests',
  auth: 'required',
  summary: 'Pending friend requests: received (to accept or decline) and sent (waiting), newest first.',
  payload: z.object({}),
  response: z.object({ received: z.array(friendRequestSchema), sent: z.array(friendRequestSchema) }),
});

export const requestFriend = defineFunction({
  name: 'requestFriend',
  auth: 'required',
  summary: "Ask a user of the same tenant to become friends ('Become Friends' -> 'Requested'). If they had asked already, you become friends.",
  payload: z.object({ userID: id }),
  response: z.object({ status: z.enum(['requested', 'friends']) }),
  errorCodes: ['notFound', 'self', 'alreadyFriends', 'alreadyRequested'],
});

export const acceptFriendRequest = defineFunction({
  name: 'acceptFriendRequest',
  auth: 'required',
  summary: 'Accept the pending request the given user sent.',
  payload: z.object({ userID: id }),
  response: z.object({ friend: friendSchema }),
  errorCodes: ['notFound'],
});

export const removeFriend = defineFunction({
  name: 'removeFriend',
  auth: 'required',
  summary: 'End a friendship, or withdraw or decline a pending request, with the given user.',
  payload: z.object({ userID: id }),
  response: z.object({}),
  errorCodes: ['notFound'],
});

export const individualMatchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  displayStartDateTime: epochMs,
  displayEndDateTime: epochMs,
  startDateTime: epochMs,
  endDateTime: epochMs,
  /** Average daily steps over the match that enters the prize draw. */
  thresholdSteps: z.number().int(),
  /** true: run by the operator for everyone; false: run by the user's own tenant. */
  isGeneral: z.boolean(),
  isRegistered: z.boolean(),
});

export const getIndividualMatches = defineFunction({
  name: 'getIndividualMatches',
  auth: 'required',
  summary: "Individual matches shown now (display window): the operator's and the user's tenant's, with whether the user joined.",
  payload: z.object({}),
  response: z.object({ individualMatches: z.array(individualMatchSchema) }),
});

export const enterIndividualMatch = defineFunction({
  name: 'enterIndividualMatch',
  auth: 'required',
  summary: 'Join an individual match shown now. Joining again is harmless.',
  payload: z.object({ individualMatchID: id, isGeneral: z.boolean() }),
  response: z.object({ isRegistered: z.literal(true) }),
  errorCodes: ['notFound', 'closed'],
});

export const walkingProgramSchema = z.object({
  /** The Monday-to-Sunday week (Asia/Tokyo) of the program, today included. */
  fromDateTime: epochMs,
  toDateTime: epochMs,
  goalSteps: z.number().int(),
  averageSteps: z.number().int(),
  daysAchieved: z.number().int(),
  rank: z.number().int().nullable(),
  userCount: z.number().int(),
});

export const getCurrentUserStatus = defineFunction({
  name: 'getCurrentUserStatus',
  auth: 'required',
  summary:
    "The mobile app's status poll: individual matches, latest weight and target, this week's walking program; with pointHistoryFromDate, the point balance and the ledger's entries since then (newest first, at most 100). Chat is not part of this product: its dates are accepted and ignored.",
  payload: z.object({
    teamChatModifiedDates: z
      .array(z.object({ teamID: id, modifiedDateTime: epochMs }).strict())
      .max(100)
      .optional(),
    pointHistoryFromDate: epochMs.optional(),
  }),
  response: z.object({
    individualMatches: z.array(individualMatchSchema),
    weight: z.object({ weight: z.number().nullable(), targetWeight: z.number().nullable() }),
    walkingProgram: walkingProgramSchema,
    /** Present when pointHistoryFromDate was given (issue 58, docs/requirements/points.md#points-members). */
    points: z
      .object({ balance: z.number().int(), expiresOn: z.string().nullable(), entries: z.array(pointEntrySchema), more: z.boolean() })
      .optional(),
  }),
});

/** An entry of the walking ranking. */
export const rankingEntrySchema = z.object({
  rank: z.number().int(),
  /** Null exactly when displayName is: only named entries can be asked to become friends. */
  userID: z.number().int().nullable(),
  displayName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  averageSteps: z.number().int(),
  isMe: z.boolean(),
  relation: relationSchema.nullable(),
});
export type RankingEntry = z.infer<typeof rankingEntrySchema>;

export const getWalkingProgramRank = defineFunction({
  name: 'getWalkingProgramRank',
  auth: 'required',
  summary: "Ranking by average steps of the week containing timestamp: among everyone, or only the user's tenant (filterbyTenant).",
  payload: z.object({ timestamp: epochMs, filterbyTenant: z.boolean().default(true) }),
  response: z.object({
    fromDateTime: epochMs,
    toDateTime: epochMs,
    rank: z.number().int().nullable(),
    userCount: z.number().int(),
    averageSteps: z.number().int(),
    /**
     * The top 10. Name and picture only of colleagues of the caller's own company who agreed to appear
     * (showInRankings), and of the caller; everyone else, and everyone from other companies, without (issue 12, 7).
     */
    ranking: z.array(rankingEntrySchema),
    /**
     * The caller's own entry when they walked this week but are not in the top 10 (shown after it, marked as the
     * caller: issue 55, item 7); null when they are in it or have no steps that week.
     */
    me: rankingEntrySchema.nullable(),
  }),
  errorCodes: ['invalidTimestamp'],
});

export const updateRankingVisibility = defineFunction({
  name: 'updateRankingVisibility',
  auth: 'required',
  summary: "Whether colleagues of the caller's company see the caller's name and picture in the walking ranking.",
  payload: z.object({ showInRankings: z.boolean() }),
  response: z.object({ showInRankings: z.boolean() }),
});

/** Exports a member may start in a day (each reads all of their data). */
export const DATA_EXPORTS_PER_DAY = 5;

/**
 * The member's own data as a zip of JSON and CSV files (profile, steps, health logs, weights, reservations, survey
 * answers, friends), streamed (issue 20, item 1; decision 104). Answers `application/zip` as an attachment on success.
 */
export const exportMyData = defineFunction({
  name: 'exportMyData',
  auth: 'required',
  summary: 'A zip of all of the caller’s own data as JSON and CSV files (a file download, not JSON). At most 5 a day.',
  payload: z.object({}),
  response: z.object({}),
  download: { contentType: 'application/zip' },
});

export const accountFunctions = [
  getMyProfile,
  getUserContract,
  updateProfile,
  updateDistributionSetting,
  updateRankingVisibility,
  updateReminderSettings,
  updateAccessTypes,
  deleteLitePlanUser,
  getOwnFriends,
  getFriendProfile,
  getFriendsOfFriend,
  searchMembers,
  getFriendRequests,
  requestFriend,
  acceptFriendRequest,
  removeFriend,
  getIndividualMatches,
  enterIndividualMatch,
  getCurrentUserStatus,
  getWalkingProgramRank,
  exportMyData,
] as const;
