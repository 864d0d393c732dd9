import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { magazineKeys } from './keys.ts';

export type MagazinePreviewPayload = ConsolePayload<'previewMagazineIssue'>;

/**
 * The mail as a member gets it in one language, rendered by the server from the given (unsaved) subject and body
 * (previewMagazineIssue): its subject, HTML part and text part. The same values give the same mail: kept a while.
 */
export const magazinePreviewQuery = (payload: MagazinePreviewPayload) =>
  queryOptions({
    queryKey: magazineKeys.preview(payload),
    queryFn: () => consoleCallOrThrow('previewMagazineIssue', payload),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useMagazinePreview(payload: MagazinePreviewPayload, enabled: boolean) {
  return useQuery({ ...magazinePreviewQuery(payload), enabled });
}
