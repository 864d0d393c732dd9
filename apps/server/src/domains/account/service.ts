// The account domain's public module: what its handlers may call. The work is done in profile.ts (a member's profile
// and settings, their status, withdrawal), matches.ts (team and individual matches, the walking program and ranking)
// and friends.ts; the export of a member's own data in export.ts. Rules and transactions live there; every SQL statement
// is in data/ (profile.ts, matches.ts, friends.ts, export.ts; decision 157). Those modules never import this one.
export {
  currentUserStatus,
  myProfile,
  setEmailDistribution,
  setShowInRankings,
  updateAccessTypes,
  updateProfile,
  updateReminders,
  withdraw,
} from './profile.ts';
export { enterIndividualMatch, nextProfileChange, visibleIndividualMatches, walkingRanking } from './matches.ts';
export {
  acceptFriendRequest,
  friendProfile,
  friendRequests,
  friendsOfFriend,
  ownFriends,
  removeFriend,
  requestFriend,
  searchMembers,
} from './friends.ts';
