import type { Viewer } from '../../../lib/viewer.ts';

/**
 * Every query key of the mail magazine's member screens, in one place (docs/requirements/magazine.md#magazine-members).
 * Keys start with 'magazine' and end with the viewer (language and member): an issue reads in the member's language.
 */
export const magazineKeys = {
  all: ['magazine'] as const,
  lists: ['magazine', 'list'] as const,
  list: (perPage: number, viewer: Viewer) => ['magazine', 'list', perPage, ...viewer] as const,
  detail: (issueID: number, viewer: Viewer) => ['magazine', 'detail', issueID, ...viewer] as const,
};
