import { useMutation } from '@tanstack/react-query';
import { consoleCall } from '../../../lib/api.ts';
import { forgetMe } from '../../../lib/me.ts';

export async function signOut() {
  try {
    await consoleCall('signOut');
  } finally {
    forgetMe();
  }
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
