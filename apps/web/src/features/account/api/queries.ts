import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../../lib/api.ts';

export const accountKeys = {
  profile: ['account', 'profile'] as const,
  contract: ['account', 'contract'] as const,
  friends: ['account', 'friends'] as const,
  requests: ['account', 'friendRequests'] as const,
  friend: (id: number) => ['account', 'friend', id] as const,
};

/** The signed-in user's profile (getMyProfile); the frame, the profile and the friends page share it. */
export function useMyProfile() {
  return useQuery({ queryKey: accountKeys.profile, queryFn: () => callOrThrow('getMyProfile') });
}

export function useUserContract() {
  return useQuery({ queryKey: accountKeys.contract, queryFn: () => callOrThrow('getUserContract') });
}
