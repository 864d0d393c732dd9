import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PreviewAudience } from '@hibi/contract/console/time-machine';
import { consoleCallOrThrow } from '../../../lib/api.ts';

/** Query keys of the time machine page. */
export const timeMachineKeys = {
  check: (at: number, audience: PreviewAudience) => ['console', 'timeMachine', 'check', at, audience] as const,
};

/**
 * Asks the preview once for the moment and audience before the frame is shown (decision 154): a moment out of range,
 * or an audience no company has, is said on the page instead of as failures inside the frame.
 */
export function usePreviewCheck(at: number | null, audience: PreviewAudience) {
  return useQuery({
    ...queryOptions({
      queryKey: timeMachineKeys.check(at ?? 0, audience),
      queryFn: () => consoleCallOrThrow('previewMemberCall', { at: at!, audience, name: 'getConfig', payload: {} }),
      retry: false,
    }),
    enabled: at !== null,
  });
}
