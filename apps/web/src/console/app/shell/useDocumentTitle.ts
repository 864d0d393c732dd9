import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useTranslation } from '../../../lib/i18n/react.tsx';
import type { ConsoleRouteSpec } from '../routeTable.ts';

/** What a console route says of itself (router.tsx sets it from the route table): its title key and the roles it admits. */
export interface ConsoleRouteHandle {
  title: string;
  roles?: ConsoleRouteSpec['roles'];
}

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
