import type { ConsolePayload } from '../../../lib/types.ts';

export type ContentKind = 'announcements' | 'articles';
export type ContentListParams = ConsolePayload<'listConsoleAnnouncements'>;

/** Query keys of content authoring, in one place (lists, one item, genres and tags; the media picker's: console/lib/media.ts). */
export const contentKeys = {
  all: ['console', 'content'] as const,
  lists: (kind: ContentKind) => ['console', 'content', kind, 'list'] as const,
  list: (kind: ContentKind, params: ContentListParams) => ['console', 'content', kind, 'list', params] as const,
  item: (kind: ContentKind, id: number) => ['console', 'content', kind, 'item', id] as const,
  genresAndTags: ['console', 'content', 'genresAndTags'] as const,
};
