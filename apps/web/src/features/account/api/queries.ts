import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';

export const accountKeys = {
  profile: ['account', 'profile'] as const,
  contract: ['account', 'contract'] as const,
  friends: ['account', 'friends'] as const,
  requests: ['account', 'friendRequests'] as const,
  friend: (id: number) => ['account', 'friend', id] as const,
  /** Everything that lists members with their relation: search, a friend's friends, the walking ranking. */
  members: ['account', 'members'] as const,
  search: (nickname: string) => ['account', 'members', 'search', nickname] as const,
  friendsOf: (id: number) => ['account', 'members', 'friendsOf', id] as const,
  walkingRank: (timestamp: number, filterbyTenant: boolean) => ['account', 'members', 'walkingRank', timestamp, filterbyTenant] as const,
};

/** The signed-in user's profile (getMyProfile); the frame, the profile and the friends page share it. */
export function useMyProfile() {
  return useQuery({ queryKey: accountKeys.profile, queryFn: () => callOrThrow('getMyProfile') });
}

export function useUserContract() {
  return useQuery({ queryKey: accountKeys.contract, queryFn: () => callOrThrow('getUserContract') });
}
