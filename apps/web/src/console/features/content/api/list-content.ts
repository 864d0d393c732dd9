import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { contentKeys, type ContentKind, type ContentListParams } from './keys.ts';

/** One row of a content list, the same for announcements and articles. */
export interface ContentRow {
  id: number;
  title: { ja: string; en: string | null };
  state: 'draft' | 'scheduled' | 'published' | 'unpublished';
  publishAt: number | null;
  contractOnly: boolean;
  updatedAt: number;
  updatedBy: string | null;
  isImportant?: boolean;
  imageUrl?: string;
}

export async function listContent(kind: ContentKind, params: ContentListParams): Promise<{ rows: ContentRow[]; total: number }> {
  if (kind === 'announcements') {
    const result = await consoleCallOrThrow('listConsoleAnnouncements', params);
    return { rows: result.announcements, total: result.total };
  }
  const result = await consoleCallOrThrow('listConsoleArticles', params);
  return { rows: result.articles, total: result.total };
}

export const contentListQuery = (kind: ContentKind, params: ContentListParams) =>
  queryOptions({ queryKey: contentKeys.list(kind, params), queryFn: () => listContent(kind, params), placeholderData: keepPreviousData });

export function useContentList(kind: ContentKind, params: ContentListParams) {
  return useQuery(contentListQuery(kind, params));
}
