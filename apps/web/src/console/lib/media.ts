import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleCallOrThrow, consoleUpload } from './api.ts';

export type MediaKind = 'image' | 'pdf';

/** The query key of a page of uploads (the content and events editors' media picker). */
export const mediaKey = (kind: string | undefined, offset: number) => ['console', 'media', kind ?? 'all', offset] as const;
export const MEDIA_PAGE_SIZE = 24;

/** The media picker's page of uploads, newest first. */
export const mediaQuery = (kind: MediaKind | undefined, offset: number) =>
  queryOptions({
    queryKey: mediaKey(kind, offset),
    queryFn: () => consoleCallOrThrow('listMedia', { offset, perPage: MEDIA_PAGE_SIZE, ...(kind ? { kind } : {}) }),
    placeholderData: keepPreviousData,
  });

export function useMedia(kind: MediaKind | undefined, offset: number) {
  return useQuery(mediaQuery(kind, offset));
}

/** Uploads one file (JPEG, PNG, WebP or PDF, up to 10 MB); the server re-encodes images. */
export function uploadMedia(file: File) {
  return consoleUpload('uploadMedia', file);
}

export function useUploadMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadMedia,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['console', 'media'] }),
  });
}
