import { call } from '../../../lib/api.ts';

/** Whether the member receives mail from the administration office; resolves with the setting as saved, rejects on a failure. */
export async function updateMailSetting(email: boolean): Promise<boolean> {
  const result = await call('updateDistributionSetting', { email });
  if (!result.succeed) throw new Error(result.errorCode);
  return result.distributionStatus.email;
}
