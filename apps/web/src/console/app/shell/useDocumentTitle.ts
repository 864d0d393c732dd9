import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { ConsoleRouteHandle } from '../router.tsx';

/** The document title from the route's handle: "<page> | Hibi console". */
export function useDocumentTitle() {
  const { t, i18n } = useTranslation('console');
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as ConsoleRouteHandle | undefined;
  const title = handle ? t(`titles.${handle.title}`) : null;
  useEffect(() => {
    document.title = title ? `${title} | ${t('brand')}` : t('brand');
  }, [title, t, i18n.language]);
  return handle;
}
