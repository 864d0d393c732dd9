import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleCallOrThrow } from '../../../lib/api.ts';
import { contentKeys, type ContentKind } from './keys.ts';

export type ContentAction = 'duplicate' | 'unpublish' | 'delete';

/** Duplicate (a new draft), unpublish (down at once) or delete an announcement or an article. */
export async function runContentAction(kind: ContentKind, action: ContentAction, id: number): Promise<{ id?: number }> {
  if (kind === 'announcements') {
    if (action === 'duplicate') return consoleCallOrThrow('duplicateAnnouncement', { id });
    if (action === 'unpublish') return consoleCallOrThrow('unpublishAnnouncement', { id });
    return consoleCallOrThrow('deleteAnnouncement', { id });
  }
  if (action === 'duplicate') return consoleCallOrThrow('duplicateArticle', { id });
  if (action === 'unpublish') return consoleCallOrThrow('unpublishArticle', { id });
  return consoleCallOrThrow('deleteArticle', { id });
}

export function useContentAction(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: ContentAction; id: number }) => runContentAction(kind, action, id),
    onSuccess: (_answer, { id, action }) => {
      void queryClient.invalidateQueries({ queryKey: contentKeys.lists(kind) });
      if (action === 'delete') queryClient.removeQueries({ queryKey: contentKeys.item(kind, id) });
      else void queryClient.invalidateQueries({ queryKey: contentKeys.item(kind, id) });
    },
  });
}
