// Friends in the account domain: lists, a friend's profile (what they disclose), requests and their answers. Reached
// through service.ts, the domain's public module.
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../db/client.ts';
import { failure, type AuthUser } from '../../core/handler.ts';
import * as friendsData from './data/friends.ts';
import * as profileData from './data/profile.ts';
import { profileHead, accessTypes } from './profile.ts';
import { currentUserSteps, currentWeekSteps, teamMatchesOf } from './matches.ts';

export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  return (await friendsData.friendshipBetween(db, a, b))?.status === 'accepted';
}

const toMember = (r: friendsData.MemberRow) => ({
  userID: Number(r.user_id),
  displayName: r.nickname,
  imageUrl: r.profile_image_url,
  relation: r.relation,
});

export async function ownFriends(db: Db, meId: number, offset: number, perPage: number) {
  const found = await friendsData.friendsOf(db, meId, offset, perPage);
  return found.map((r) => ({ id: r.id, user: { userID: r.user_id, displayName: r.nickname, imageUrl: r.profile_image_url } }));
}

/** A friend's profile, with steps and team matches as far as the friend lets friends see them; null for anyone else. */
export async function friendProfile(db: Db, meId: number, userID: number, locale: Locale, now: Date) {
  if (userID === meId) return null;
  const friendship = await friendsData.friendshipBetween(db, meId, userID);
  if (friendship?.status !== 'accepted') return null;
  const friend = await profileData.findTenantUser(db, userID);
  if (!friend) return null;
  const access = accessTypes(friend);
  const showSteps = access.userSteps === 1;
  const showTeams = access.teamMatches === 1 && friend.team_match_enabled;
  const [userSteps, weeklySteps, teamMatches] = await Promise.all([
    showSteps ? currentUserSteps(db, friend, now) : null,
    showSteps ? currentWeekSteps(db, friend.id, now) : null,
    showTeams ? teamMatchesOf(db, friend.id, locale, now) : null,
  ]);
  return { userID: friend.id, profile: profileHead(friend), accessTypes: access, userSteps, weeklySteps, teamMatches };
}

/** Colleagues only: members of other companies are never found (the same rule as requestFriend). */
export async function searchMembers(db: Db, user: AuthUser, nickname: string, offset: number, perPage: number) {
  const found = await friendsData.searchColleagues(db, user.id, user.tenantId, nickname.toLowerCase(), offset, perPage);
  return found.map(toMember);
}

/** A friend's friends who are colleagues of the caller; null when `userID` is no friend of the caller. */
export async function friendsOfFriend(db: Db, user: AuthUser, userID: number, offset: number, perPage: number) {
  const friendship = await friendsData.friendshipBetween(db, user.id, userID);
  if (friendship?.status !== 'accepted' || !(await profileData.findTenantUser(db, userID))) return null;
  const found = await friendsData.friendsOfFriend(db, user.id, user.tenantId, userID, offset, perPage);
  return found.map(toMember);
}

export async function friendRequests(db: Db, meId: number) {
  const found = await friendsData.pendingRequests(db, meId);
  const item = (r: (typeof found)[number]) => ({
    id: r.id,
    user: { userID: r.user_id, displayName: r.nickname, imageUrl: r.profile_image_url },
    requestedAt: Number(r.requested_at),
  });
  return { received: found.filter((r) => !r.mine).map(item), sent: found.filter((r) => r.mine).map(item) };
}

/** Asks a colleague to be friends; asking someone who had asked already is accepting. */
export async function requestFriend(db: Db, user: AuthUser, userID: number, now: Date) {
  const meId = user.id;
  if (userID === meId) return failure('self');
  const other = await profileData.findTenantUser(db, userID);
  // Friends are found among one's own company's users; anyone else does not exist for the caller.
  if (!other || other.tenant_id !== user.tenantId) return failure('notFound');
  const existing = await friendsData.friendshipBetween(db, meId, userID);
  if (existing?.status === 'accepted') return failure('alreadyFriends');
  if (existing && existing.requested_by === meId) return failure('alreadyRequested');
  if (existing) {
    // They had asked already: asking back is accepting.
    await friendsData.acceptFriendship(db, existing.id, now);
    return { status: 'friends' as const };
  }
  if ((await friendsData.insertFriendRequest(db, meId, userID, now)) === null) return failure('alreadyRequested');
  return { status: 'requested' as const };
}

export async function acceptFriendRequest(db: Db, meId: number, userID: number, now: Date) {
  const id = await friendsData.acceptRequestFrom(db, meId, userID, now);
  if (id === null) return null;
  const other = (await profileData.findTenantUser(db, userID))!;
  return { id, user: { userID: other.id, displayName: other.nickname, imageUrl: other.profile_image_url } };
}

export const removeFriend = friendsData.deleteFriendship;
