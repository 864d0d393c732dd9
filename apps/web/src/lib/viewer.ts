import type { Locale } from '@hibi/contract/locale';
import { currentLocale } from './i18n.ts';
import { useSession } from './session.ts';

/**
 * Who looks and in which language: the last parts of the query keys of content that differs by language or by
 * member (lists, details), so that a switch of either never shows the other's data from the cache. The query option
 * factories take it as an argument (they also run outside React, for a server to prefetch); pages get it from
 * useViewer().
 */
export type Viewer = readonly [locale: Locale, userID: number];

export function viewerOf(locale: Locale, userID: number | null | undefined): Viewer {
  return [locale, userID ?? 0];
}

export function useViewer(): Viewer {
  return viewerOf(currentLocale(), useSession()?.user.userID);
}
