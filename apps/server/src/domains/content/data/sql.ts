// The content domain's data modules (data/*.ts, decision 157) share these SQL fragments and row types: who reads,
// the one visibility rule of every member read (`visible`), a text column in the reader's language, an article's head
// columns, and images with alt text. Each statement lives in the module of what it serves.
import { sql, type SQL } from 'drizzle-orm';
import type { Locale } from '@hibi/contract/protocol';
import type { ReportArticleHead, Tag } from '@hibi/contract/functions/content';

/** Who reads, as the SQL needs it: decides contract-only visibility and the caller's own rows. */
export interface Reader {
  userId: number | null;
  corporate: boolean;
  locale: Locale;
  now: Date;
}

/** `<alias>.<base>_ja`, or `COALESCE(<alias>.<base>_en, <alias>.<base>_ja)` in English. Names are code constants. */
export function localized(alias: string, base: string, locale: Locale): SQL {
  return locale === 'en' ? sql.raw(`COALESCE(${alias}.${base}_en, ${alias}.${base}_ja)`) : sql.raw(`${alias}.${base}_ja`);
}

/** A Date as the ISO text a timestamptz parameter takes. */
export const iso = (d: Date) => d.toISOString();
/** A list of ids as SQL parameters, for `IN (...)`. */
export const idList = (ids: readonly (number | string)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Rows a reader may see: published, and contract-only ones only for corporate-contract members. `corporate` is the
 * reader's (a value), or a column of each member's row when a query asks it for every member at once (the audience of
 * an important announcement's push notice, decision 153): one rule either way.
 */
export function visible(alias: 'a' | 'n', dateColumn: string, v: { now: Date; corporate: boolean | SQL }): SQL {
  const published = sql.raw(`${alias}.${dateColumn}`);
  const contract =
    v.corporate === true
      ? sql`TRUE`
      : v.corporate === false
        ? sql.raw(`NOT ${alias}.contract_only`)
        : sql`(${v.corporate} OR ${sql.raw(`NOT ${alias}.contract_only`)})`;
  const unpublished = sql.raw(`${alias}.unpublished_at`);
  // A draft's publish time is NULL (the comparison is then not true); a taken-down row has unpublished_at.
  return sql`(${published} <= ${iso(v.now)}::timestamptz AND ${unpublished} IS NULL AND ${contract})`;
}

/** An article's head as lists show it (articleColumns). */
export interface ArticleRow {
  id: number;
  title: string;
  image_url: string;
  rel_type: ReportArticleHead['relType'];
  published_ms: string | number;
  tags: Tag[] | string;
}

/** The head columns of article `a` in the reader's language, with its tags as JSON. */
export function articleColumns(v: Reader): SQL {
  return sql`a.id, ${localized('a', 'title', v.locale)} AS title, a.image_url, a.rel_type,
    (extract(epoch FROM a.published_at) * 1000)::bigint AS published_ms,
    COALESCE((SELECT json_agg(json_build_object('id', t.id, 'name', ${localized('t', 'name', v.locale)}) ORDER BY rt.position, t.id)
              FROM report_article_tags rt JOIN tags t ON t.id = rt.tag_id WHERE rt.report_article_id = a.id), '[]'::json) AS tags`;
}

/** An image with alt text in both languages (authored content). */
export interface ImageWithAlt {
  url: string;
  altJa: string | null;
  altEn: string | null;
}

/** The insert columns of an image given as a URL or with its alt text. */
export const imageColumns = (image: string | ImageWithAlt) =>
  typeof image === 'string' ? { url: image } : { url: image.url, altJa: image.altJa, altEn: image.altEn };

/** An owner's images with alt text in both languages, as a JSON array (the console's editor). */
export const imagesJson = (table: string, fk: string, ownerAlias: string) =>
  sql.raw(`COALESCE((SELECT json_agg(json_build_object('url', i.url, 'alt', json_build_object('ja', COALESCE(i.alt_ja, ''), 'en', i.alt_en))
                      ORDER BY i.position, i.id) FROM ${table} i WHERE i.${fk} = ${ownerAlias}.id), '[]'::json)`);
