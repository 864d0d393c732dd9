import { useMutation } from '@tanstack/react-query';
import { consoleCall } from '../../../lib/api.ts';

/** Mails the saved issue to the operator's own address, once in each language (sendMagazineTest; limited per operator). */
export function sendMagazineTest(issueID: number) {
  return consoleCall('sendMagazineTest', { issueID });
}

export function useSendMagazineTest() {
  return useMutation({ mutationFn: sendMagazineTest });
}
