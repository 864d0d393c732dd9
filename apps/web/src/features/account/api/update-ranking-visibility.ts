import { call } from '../../../lib/api.ts';

/** Whether colleagues see the member's name and picture in the walking ranking; resolves with the setting as saved. */
export async function updateRankingVisibility(showInRankings: boolean): Promise<boolean> {
  const result = await call('updateRankingVisibility', { showInRankings });
  if (!result.succeed) throw new Error(result.errorCode);
  return result.showInRankings;
}
