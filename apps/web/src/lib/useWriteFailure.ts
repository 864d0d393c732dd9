import { useTranslation } from './i18n/react.tsx';
import { isUnavailable } from './api.ts';

/**
 * What a form says when its write failed: a 503 (the server was busy or could not reach its database, decisions 145
 * and 162) says that nothing was saved and to try again in a moment; any other failure keeps the form's own message.
 */
export function useWriteFailure(): (error: unknown, fallback: string) => string {
  const { t } = useTranslation('common');
  return (error, fallback) => (isUnavailable(error) ? t('common.notSaved') : fallback);
}
