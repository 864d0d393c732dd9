import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall, consoleCallOrThrow } from '../../../lib/api.ts';
import { downloadCsv } from '../../../lib/download.ts';
import { pointsKeys, type ApplicationListParams, type CampaignListParams, type RewardListParams } from './keys.ts';

/** The catalogue, drafts too, newest first, paged in SQL (listConsoleRewards). */
export function useRewards(params: RewardListParams) {
  return useQuery(
    queryOptions({
      queryKey: pointsKeys.rewardList(params),
      queryFn: () => consoleCallOrThrow('listConsoleRewards', params),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

export function useSaveReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'saveReward'>) => consoleCall('saveReward', payload),
    onSuccess: (answer) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: pointsKeys.rewardLists });
      void queryClient.invalidateQueries({ queryKey: pointsKeys.campaignLists });
    },
  });
}

export function useCampaigns(params: CampaignListParams) {
  return useQuery(
    queryOptions({
      queryKey: pointsKeys.campaignList(params),
      queryFn: () => consoleCallOrThrow('listCampaigns', params),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: ConsolePayload<'saveCampaign'>) => consoleCall('saveCampaign', payload),
    onSuccess: (answer) => {
      if (answer.succeed) void queryClient.invalidateQueries({ queryKey: pointsKeys.campaignLists });
    },
  });
}

/** Applications, oldest applied first within a status, filtered by status and reward, paged in SQL. */
export function useApplications(params: ApplicationListParams) {
  return useQuery(
    queryOptions({
      queryKey: pointsKeys.applicationList(params),
      queryFn: () => consoleCallOrThrow('listRewardApplications', params),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

export function useMarkShipped() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationIDs: number[]) => consoleCall('markApplicationsShipped', { applicationIDs }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: pointsKeys.applicationLists }),
  });
}

export function useCancelApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (applicationID: number) => consoleCall('cancelRewardApplication', { applicationID }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: pointsKeys.applicationLists });
      void queryClient.invalidateQueries({ queryKey: pointsKeys.rewardLists });
    },
  });
}

/** Saves the applications waiting to ship as CSV (exportRewardApplications; UTF-8 with BOM); resolves with the file's name. */
export function useExportApplications() {
  return useMutation({ mutationFn: (rewardID: number | null) => downloadCsv('exportRewardApplications', rewardID === null ? {} : { rewardID }) });
}
