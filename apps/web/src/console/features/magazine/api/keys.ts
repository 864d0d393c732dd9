import type { ConsolePayload } from '../../../lib/types.ts';

export type MagazineListParams = ConsolePayload<'listMagazineIssues'>;

/** Query keys of the mail magazine's console pages, in one place (docs/requirements/magazine.md#magazine-console). */
export const magazineKeys = {
  all: ['console', 'magazine'] as const,
  lists: ['console', 'magazine', 'list'] as const,
  list: (params: MagazineListParams) => ['console', 'magazine', 'list', params] as const,
  issue: (issueID: number) => ['console', 'magazine', 'issue', issueID] as const,
  stats: (issueID: number) => ['console', 'magazine', 'stats', issueID] as const,
  preview: (payload: ConsolePayload<'previewMagazineIssue'>) => ['console', 'magazine', 'preview', payload] as const,
};
