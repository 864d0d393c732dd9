// The help domain's data module: the FAQ tables (faq_categories, faq_items) and where the help page files live
// (content/v{termsVersion}/{locale}/{file}.json, decision 041).
import path from 'node:path';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faqCategories, faqItems, helpPages, type StoredHelpSection } from '../../db/schema/surveys.ts';
import { rows } from '../../db/query.ts';

/** Where the page files live: content/v{termsVersion}/{locale}/{file}.json (docs/decisions/041-help-content-files.md). */
export const CONTENT_DIR = path.join(import.meta.dirname, 'content');

export async function faqCategoryRows(db: Db, en: boolean) {
  return db
    .select({ id: faqCategories.id, title: en ? sql<string>`COALESCE(${faqCategories.titleEn}, ${faqCategories.titleJa})` : faqCategories.titleJa })
    .from(faqCategories)
    .orderBy(asc(faqCategories.sortOrder), asc(faqCategories.id));
}

/** FAQ items whose window (from day and to day inclusive) contains `today`, in category and sort order. */
export async function faqItemRows(db: Db, en: boolean, today: string) {
  return db
    .select({
      id: faqItems.id,
      categoryId: faqItems.categoryId,
      title: en ? sql<string>`COALESCE(${faqItems.titleEn}, ${faqItems.titleJa})` : faqItems.titleJa,
      html: en ? sql<string>`COALESCE(${faqItems.htmlEn}, ${faqItems.htmlJa})` : faqItems.htmlJa,
      from: faqItems.fromDate,
      to: faqItems.toDate,
    })
    .from(faqItems)
    .where(
      sql`(${faqItems.fromDate} IS NULL OR ${faqItems.fromDate} <= ${today}::date) AND (${faqItems.toDate} IS NULL OR ${faqItems.toDate} >= ${today}::date)`,
    )
    .orderBy(asc(faqItems.categoryId), asc(faqItems.sortOrder), asc(faqItems.id));
}

export type NewFaqCategory = typeof faqCategories.$inferInsert;
export type NewFaqItem = typeof faqItems.$inferInsert;

/** Stores FAQ categories and items (HTML as given: the caller sanitises it). */
export async function insertFaq(db: Db, categories: NewFaqCategory[], items: NewFaqItem[]): Promise<void> {
  if (categories.length) await db.insert(faqCategories).values(categories);
  if (items.length) await db.insert(faqItems).values(items);
}

/* ------------------------------------------------------------------ the operator console (issue 16, decision 123) */

export async function consoleFaqCategories(db: Db) {
  return db
    .select({ id: faqCategories.id, titleJa: faqCategories.titleJa, titleEn: faqCategories.titleEn })
    .from(faqCategories)
    .orderBy(asc(faqCategories.sortOrder), asc(faqCategories.id));
}

/** Every FAQ item without its HTML, in category and display order, with whether its window contains `today`. */
export async function consoleFaqItems(db: Db, today: string) {
  return rows<{
    id: number;
    category_id: number;
    title_ja: string;
    title_en: string | null;
    from_date: string | null;
    to_date: string | null;
    shown: boolean;
  }>(
    db,
    sql`SELECT id, category_id, title_ja, title_en, from_date::text AS from_date, to_date::text AS to_date,
          ((from_date IS NULL OR from_date <= ${today}::date) AND (to_date IS NULL OR to_date >= ${today}::date)) AS shown
        FROM faq_items ORDER BY category_id, sort_order, id`,
  );
}

export async function faqItemById(db: Db, id: number) {
  const [row] = await db.select().from(faqItems).where(eq(faqItems.id, id)).limit(1);
  return row;
}

export async function faqCategoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: faqCategories.id }).from(faqCategories).where(eq(faqCategories.id, id)).limit(1);
  return Boolean(row);
}

export type FaqItemWrite = Pick<NewFaqItem, 'categoryId' | 'titleJa' | 'titleEn' | 'htmlJa' | 'htmlEn' | 'fromDate' | 'toDate' | 'updatedBy'> & {
  updatedAt: Date;
};

/** A new item, last in its category; its id (from faq_items_id_seq). */
export async function insertFaqItem(db: Db, item: FaqItemWrite): Promise<number> {
  const [row] = await db
    .insert(faqItems)
    .values({ ...item, sortOrder: sql`(SELECT COALESCE(max(sort_order), 0) + 1 FROM faq_items WHERE category_id = ${item.categoryId})` })
    .returning({ id: faqItems.id });
  return row!.id;
}

/** Replaces an item; moved to another category it goes last there. False when absent. */
export async function updateFaqItem(db: Db, id: number, item: FaqItemWrite): Promise<boolean> {
  const updated = await db
    .update(faqItems)
    .set({
      ...item,
      sortOrder: sql`CASE WHEN ${faqItems.categoryId} = ${item.categoryId} THEN ${faqItems.sortOrder}
        ELSE (SELECT COALESCE(max(f.sort_order), 0) + 1 FROM faq_items f WHERE f.category_id = ${item.categoryId}) END`,
    })
    .where(eq(faqItems.id, id))
    .returning({ id: faqItems.id });
  return updated.length > 0;
}

export async function deleteFaqItemRow(db: Db, id: number): Promise<boolean> {
  return (await db.delete(faqItems).where(eq(faqItems.id, id)).returning({ id: faqItems.id })).length > 0;
}

/**
 * Swaps an FAQ item (table faq_items, within its category) or category (faq_categories) with its neighbour: the
 * group is numbered 1..n first (seeded orders may repeat), then the two swap places. False when the row is absent;
 * true (nothing moved) at either end.
 */
export async function moveFaqRow(db: Db, table: 'faq_items' | 'faq_categories', id: number, direction: 'up' | 'down'): Promise<boolean> {
  const t = sql.raw(table);
  const group = table === 'faq_items' ? sql`category_id = (SELECT category_id FROM faq_items WHERE id = ${id})` : sql`TRUE`;
  const numbered = await rows<{ id: number; n: number }>(
    db,
    sql`UPDATE ${t} x SET sort_order = r.n FROM (SELECT id, row_number() OVER (ORDER BY sort_order, id)::int AS n FROM ${t} WHERE ${group}) r
        WHERE x.id = r.id RETURNING x.id, r.n`,
  );
  const me = numbered.find((r) => r.id === id);
  if (!me) return false;
  const other = numbered.find((r) => r.n === me.n + (direction === 'up' ? -1 : 1));
  if (!other) return true;
  await db.execute(
    sql`UPDATE ${t} SET sort_order = CASE WHEN id = ${id}::int THEN ${other.n}::int ELSE ${me.n}::int END WHERE id IN (${id}::int, ${other.id}::int)`,
  );
  return true;
}

/** A new category, last; its id (from faq_categories_id_seq). */
export async function insertFaqCategory(db: Db, titleJa: string, titleEn: string | null): Promise<number> {
  const [row] = await db
    .insert(faqCategories)
    .values({ titleJa, titleEn, sortOrder: sql`(SELECT COALESCE(max(sort_order), 0) + 1 FROM faq_categories)` })
    .returning({ id: faqCategories.id });
  return row!.id;
}

export async function renameFaqCategory(db: Db, id: number, titleJa: string, titleEn: string | null): Promise<boolean> {
  return (await db.update(faqCategories).set({ titleJa, titleEn }).where(eq(faqCategories.id, id)).returning({ id: faqCategories.id })).length > 0;
}

/** Deletes a category without items: 'deleted', 'notEmpty' or 'notFound' (decided in the statement's own snapshot). */
export async function deleteEmptyFaqCategory(db: Db, id: number): Promise<'deleted' | 'notEmpty' | 'notFound'> {
  const deleted = await rows(
    db,
    sql`DELETE FROM faq_categories c WHERE c.id = ${id} AND NOT EXISTS (SELECT 1 FROM faq_items i WHERE i.category_id = c.id) RETURNING c.id`,
  );
  if (deleted.length) return 'deleted';
  return (await faqCategoryExists(db, id)) ? 'notEmpty' : 'notFound';
}

export type HelpPageRow = typeof helpPages.$inferSelect;

/** The console's row of a page and language with the highest version not above `maxVersion` (exactly it with `exact`). */
export async function helpPageRow(db: Db, page: string, locale: string, maxVersion: number, exact = false): Promise<HelpPageRow | undefined> {
  const [row] = await db
    .select()
    .from(helpPages)
    .where(
      and(
        eq(helpPages.page, page),
        eq(helpPages.locale, locale),
        exact ? eq(helpPages.termsVersion, maxVersion) : lte(helpPages.termsVersion, maxVersion),
      ),
    )
    .orderBy(desc(helpPages.termsVersion))
    .limit(1);
  return row;
}

/** Which pages and languages have a row of exactly `version`. */
export async function helpPagesOfVersion(db: Db, version: number) {
  return db.select({ page: helpPages.page, locale: helpPages.locale }).from(helpPages).where(eq(helpPages.termsVersion, version));
}

export async function upsertHelpPage(
  db: Db,
  row: {
    page: string;
    locale: string;
    termsVersion: number;
    title: string;
    lead: string;
    updatedOn: string;
    sections: StoredHelpSection[];
    savedAt: Date;
    savedBy: string;
  },
): Promise<void> {
  const { page: _p, locale: _l, termsVersion: _v, ...change } = row;
  await db
    .insert(helpPages)
    .values(row)
    .onConflictDoUpdate({ target: [helpPages.page, helpPages.locale, helpPages.termsVersion], set: change });
}
