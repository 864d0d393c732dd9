// A member's reservations for the export of their own data (decision 104): read page by page, never all at once.
import type { Locale } from '@hibi/contract/protocol';
import type { Db } from '../../db/client.ts';
import { reservationsExportPage } from './data/export.ts';

/** A member's reservations (cancelled ones too), page by page (keyset on the id). */
export async function* reservationsForExport(db: Db, userId: number, locale: Locale, pageSize: number) {
  for (let after = 0; ;) {
    const page = await reservationsExportPage(db, userId, locale, after, pageSize);
    if (page.length) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1)!.id;
  }
}
