import type { Viewer } from '../../../lib/viewer.ts';

/**
 * Every query key of the surveys feature, in one place. Every cached survey list and detail sits under 'surveys'
 * (an answer resets them all, docs/requirements/surveys.md#surveys-detail) and ends with the viewer (language and member).
 */
export const surveyKeys = {
  all: ['surveys'] as const,
  list: (viewer: Viewer) => ['surveys', 'list', ...viewer] as const,
  detail: (id: number, viewer: Viewer) => ['surveys', 'detail', id, ...viewer] as const,
};
