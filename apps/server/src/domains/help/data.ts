// The help domain's data module: the FAQ tables (faq_categories, faq_items) and where the help page files live
// (content/v{termsVersion}/{locale}/{file}.json, decision 041).
import path from 'node:path';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faqCategories, faqItems } from '../../db/schema/surveys.ts';

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
