import { useMutation } from '@tanstack/react-query';
import type { ConsolePayload } from '../../../lib/types.ts';
import { consoleCall } from '../../../lib/api.ts';

/** Sets the password and display name of an invited operator (the one-time link /console/enrol?token=...). */
export function acceptInvitation(payload: ConsolePayload<'acceptInvitation'>) {
  return consoleCall('acceptInvitation', payload);
}

export function useAcceptInvitation() {
  return useMutation({ mutationFn: acceptInvitation });
}
