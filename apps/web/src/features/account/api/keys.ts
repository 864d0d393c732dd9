import type { QueryClient } from '@tanstack/react-query';

/** Every query key of the account feature, in one place. */
export const accountKeys = {
  all: ['account'] as const,
  profile: ['account', 'profile'] as const,
  contract: ['account', 'contract'] as const,
  status: ['account', 'status'] as const,
  friends: ['account', 'friends'] as const,
  requests: ['account', 'friendRequests'] as const,
  friend: (id: number) => ['account', 'friend', id] as const,
  /** Everything that lists members with their relation: search, a friend's friends, the walking ranking. */
  members: ['account', 'members'] as const,
  search: (nickname: string) => ['account', 'members', 'search', nickname] as const,
  friendsOf: (id: number) => ['account', 'members', 'friendsOf', id] as const,
  walkingRank: (timestamp: number, filterbyTenant: boolean) => ['account', 'members', 'walkingRank', timestamp, filterbyTenant] as const,
};

/** After a friend request was sent, answered or withdrawn: every list that shows how members stand to the user. */
export function refreshRelations(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: accountKeys.requests }),
    client.invalidateQueries({ queryKey: accountKeys.friends }),
    client.invalidateQueries({ queryKey: accountKeys.members }),
  ]);
}

/** After a setting changed: the profile (which carries the settings) reloads. */
export function refreshProfile(client: QueryClient) {
  return client.invalidateQueries({ queryKey: accountKeys.profile });
}
