import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall } from '../../../lib/api.ts';
import { contentKeys } from './keys.ts';

/** Creates or replaces an announcement: the envelope, so the form shows the server's validation messages. */
export function saveAnnouncement(payload: ConsolePayload<'saveAnnouncement'>) {
  return consoleCall('saveAnnouncement', payload);
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAnnouncement,
    onSuccess: (answer) => {
      if (!answer.succeed) return;
      void queryClient.invalidateQueries({ queryKey: contentKeys.lists('announcements') });
      void queryClient.invalidateQueries({ queryKey: contentKeys.item('announcements', answer.id) });
    },
  });
}
