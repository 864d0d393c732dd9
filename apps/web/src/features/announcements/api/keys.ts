import type { Viewer } from '../../../lib/viewer.ts';

/**
 * Every query key of the announcements feature, in one place. Keys start with 'announcements' and end with the
 * viewer (language and member), so a switch of either never shows the other's data from the cache.
 */
export const announcementKeys = {
  all: ['announcements'] as const,
  lists: ['announcements', 'list'] as const,
  list: (perPage: number, viewer: Viewer) => ['announcements', 'list', perPage, ...viewer] as const,
  detail: (id: number, viewer: Viewer) => ['announcements', 'detail', id, ...viewer] as const,
};
