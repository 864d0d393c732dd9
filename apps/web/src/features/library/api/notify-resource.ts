import { call } from '../../../lib/api.ts';

/** Records a video play or an attachment opened in an article; a failure does not bother the reader. */
export function notifyResource(libraryId: number, resource: { videoId: number } | { attachmentId: number }) {
  void call('notifyViewReportArticleResource', { libraryId, ...resource }).catch(() => {});
}
