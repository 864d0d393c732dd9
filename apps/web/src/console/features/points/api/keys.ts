import type { ConsolePayload } from '../../../lib/types.ts';

export type RoundListParams = ConsolePayload<'listQuizRounds'>;
export type RewardListParams = ConsolePayload<'listConsoleRewards'>;
export type CampaignListParams = ConsolePayload<'listCampaigns'>;
export type ApplicationListParams = ConsolePayload<'listRewardApplications'>;

/** Query keys of the points' console pages (issue 58, docs/requirements/points.md), in one place. */
export const pointsKeys = {
  all: ['console', 'points'] as const,
  missionsAll: ['console', 'points', 'missions'] as const,
  missions: (month: string) => ['console', 'points', 'missions', month] as const,
  roundLists: ['console', 'points', 'rounds'] as const,
  roundList: (params: RoundListParams) => ['console', 'points', 'rounds', params] as const,
  round: (roundID: number) => ['console', 'points', 'round', roundID] as const,
  rewardLists: ['console', 'points', 'rewards'] as const,
  rewardList: (params: RewardListParams) => ['console', 'points', 'rewards', params] as const,
  campaignLists: ['console', 'points', 'campaigns'] as const,
  campaignList: (params: CampaignListParams) => ['console', 'points', 'campaigns', params] as const,
  applicationLists: ['console', 'points', 'applications'] as const,
  applicationList: (params: ApplicationListParams) => ['console', 'points', 'applications', params] as const,
};
