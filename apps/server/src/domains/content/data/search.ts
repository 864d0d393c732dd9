// The library's search (migration 0110, decision 103): visible articles matching every term, ranked, paged.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { rows } from '../../../db/query.ts';
import { type Reader, visible, type ArticleRow, articleColumns } from './sql.ts';

/* ------------------------------------------------------------------ search (migration 0110, decision 103) */

/** One search row per page: the article head, its rank, and the number of matches (on every row; one row when none). */
export interface SearchRow extends ArticleRow {
  total: number | string;
}

/** `%term%` for LIKE, with the term's own `%`, `_` and `\` matched literally. */
const likePattern = (term: string) => sql`'%' || lower(${term.replace(/[\\%_]/g, '\\$&')}) || '%'`;

/**
 * Visible articles matching every term, ranked, one page of them and the total in one query. A term matches an
 * article's title or description (both languages) as a substring (trigram-indexed: Japanese has no word breaks) or
 * as English words (stemmed full text); for members (`withSections`) its sections' text too. Each term adds to the
 * rank 1.5 for a title hit, else 0.5 for a description hit, else 0.2 (a section hit), plus the full-text rank of the
 * head; ties go to the newest. Section text is read only for rows whose head does not match (the costly column).
 */
export async function searchRows(db: Db, v: Reader, terms: string[], withSections: boolean, offset: number, perPage: number) {
  const match: SQL[] = [];
  const rank: SQL[] = [];
  for (const term of terms) {
    const pattern = likePattern(term);
    const q = sql`plainto_tsquery('english', ${term})`;
    const words = /[\p{L}\p{N}]/u.test(term);
    if ([...term].some((c) => c.codePointAt(0)! > 0x7f)) {
      // A word with a non-ASCII character (Japanese): narrowed by the grams index to the rows holding all its
      // characters and pairs (migration 0710, decision 136), then matched as a substring.
      const like = sql`(s.head_text LIKE ${pattern}${withSections ? sql` OR s.body_text LIKE ${pattern}` : sql``})`;
      match.push(sql`(s.grams @> search_grams(lower(${term})) AND ${like})`);
      rank.push(
        sql`(CASE WHEN s.title_text LIKE ${pattern} THEN 1.5 WHEN s.head_text LIKE ${pattern} THEN 0.5 ELSE 0.2 END${words ? sql` + ts_rank(s.head_tsv, ${q})` : sql``})`,
      );
      continue;
    }
    const head = words ? sql`(s.head_text LIKE ${pattern} OR s.head_tsv @@ ${q})` : sql`s.head_text LIKE ${pattern}`;
    const body = words ? sql`(s.body_text LIKE ${pattern} OR s.body_tsv @@ ${q})` : sql`s.body_text LIKE ${pattern}`;
    match.push(withSections ? sql`(${head} OR ${body})` : head);
    rank.push(
      sql`(CASE WHEN s.title_text LIKE ${pattern} THEN 1.5 WHEN ${head} THEN 0.5 ELSE 0.2 END${words ? sql` + ts_rank(s.head_tsv, ${q})` : sql``})`,
    );
  }
  // The planner prices LIKE on long text like a comparison of short values, so for a word in many articles it chose a
  // sequential scan reading every row's section text (about 50 ms at 10,000 articles) over the index scans (3 ms):
  // this one query is told to use its indexes (decision 136). SET LOCAL ends with the transaction.
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return searchQuery(tx as unknown as Db, match, rank, v, offset, perPage);
  });
}

function searchQuery(db: Db, match: SQL[], rank: SQL[], v: Reader, offset: number, perPage: number) {
  return rows<SearchRow>(
    db,
    sql`WITH m AS (
          SELECT a.id, a.published_at, ${sql.join(rank, sql` + `)} AS rank
          FROM report_article_search s JOIN report_articles a ON a.id = s.report_article_id
          WHERE ${visible('a', 'published_at', v)} AND ${sql.join(match, sql` AND `)}
        )
        SELECT (SELECT count(*) FROM m)::int AS total, p.* FROM (SELECT 1) one
        LEFT JOIN LATERAL (
          SELECT ${articleColumns(v)}, top.rank, top.published_at AS published_sort
          FROM (SELECT id, rank, published_at FROM m ORDER BY rank DESC, published_at DESC, id DESC LIMIT ${perPage} OFFSET ${offset}) top
          JOIN report_articles a ON a.id = top.id
        ) p ON TRUE
        ORDER BY p.rank DESC, p.published_sort DESC, p.id DESC`,
  );
}
