import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

/** Creates or replaces a library article: the envelope, so the form shows the server's validation messages. */
export function saveArticle(payload: ConsolePayload<'saveArticle'>) {
  return consoleCall('saveArticle', payload);
}

export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveArticle,
    onSuccess: (answer) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: contentKeys.lists('articles') });
      void queryClient.invalidateQueries({ queryKey: contentKeys.item('articles', answer.id) });
    },
  });
}
