import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * Runs a SQL statement on either driver (PGlite or node-postgres) and returns its rows typed as the caller names
 * them: the one query helper of the data modules (issue 14, item 2). The type is a promise about the SELECT list;
 * numeric aggregates come back as numbers only when the SQL casts them (::int, ::float8).
 */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * A list as one array parameter (`= ANY(${arrayParam(ids, 'int')})`), not one parameter per item: the statement's text
 * stays the same whatever the list's length, so it stays one prepared statement (db/prepared.ts). For values whose
 * text has no comma, quote or brace: numbers and ISO dates.
 */
export function arrayParam(values: readonly (number | string)[], type: 'int' | 'date'): SQL {
  return sql`${`{${values.join(',')}}`}::${sql.raw(type)}[]`;
}
