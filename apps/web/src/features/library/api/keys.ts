import type { SortBy } from '@hibi/contract/functions/content';
import type { Viewer } from '../../../lib/viewer.ts';

/**
 * Every query key of the library, in one place. Keys start with 'library' and end with the viewer (language and
 * member), so a switch of either never shows the other's data from the cache.
 */
export const libraryKeys = {
  all: ['library'] as const,
  top: (viewer: Viewer) => ['library', 'top', ...viewer] as const,
  popularTags: (viewer: Viewer) => ['library', 'popularTags', ...viewer] as const,
  ranking: (viewer: Viewer) => ['library', 'ranking', ...viewer] as const,
  newArrivals: (perPage: number, viewer: Viewer) => ['library', 'new', perPage, ...viewer] as const,
  tagged: (tagId: string, sortBy: SortBy, viewer: Viewer) => ['library', 'tag', tagId, sortBy, ...viewer] as const,
  article: (id: number, viewer: Viewer) => ['library', 'article', id, ...viewer] as const,
  search: (query: string, viewer: Viewer) => ['library', 'search', query, ...viewer] as const,
};
