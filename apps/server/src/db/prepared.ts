import crypto from 'node:crypto';
import type pg from 'pg';

/**
 * Every statement with parameters is prepared once per pooled connection and then only bound and executed (issue 31,
 * decision 159). In the soak, PostgreSQL took most of the two cores, and three quarters of that went on parsing and
 * planning: a step upload's notify spent 3.5 ms parsing and planning its statements for 1.1 ms running them. A
 * statement sent unnamed (node-postgres's default) is parsed and planned again at every call; a named one is parsed
 * once per connection, and PostgreSQL keeps its plan once the generic plan proves as good as the custom ones.
 *
 * The name is a hash of the text, so the same text gets the same name on every connection, and a text that differs
 * (another list length, another shape) is another statement. Only statements with parameters are named: they go by
 * the extended protocol already, are one statement each, and are what the code sends again and again; plain ones
 * (`begin`, `commit`, the timeouts) are left as they are.
 *
 * Bounded: at most `maxPerConnection` statements per connection (a text built with literals inside would otherwise
 * prepare a new statement at every call); past it, new texts go unnamed. A statement PostgreSQL refuses to run again
 * ("cached plan must not change result type": a migration by another process changed a table a `SELECT *` reads)
 * fails that once and goes unnamed on that connection from then on.
 */
export const PREPARED_PER_CONNECTION = 500;

type Query = (...args: unknown[]) => unknown;
interface Named {
  /** The names this connection has given out, by text: a text seen before is not hashed again. */
  names: Map<string, string>;
  /** Texts PostgreSQL refused to run as prepared on this connection: sent unnamed from now on. */
  refused: Set<string>;
}

/** The name a statement's text is prepared under. */
export function statementName(text: string): string {
  return `h${crypto.createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
}

/** PostgreSQL's refusal to run a prepared statement whose result's shape changed under it. */
const isStalePlan = (error: unknown) =>
  (error as { code?: string } | null)?.code === '0A000' && /cached plan must not change result type/.test(String((error as Error).message));

/** Prepares the statements of every connection this pool opens (see above). */
export function prepareStatements(pool: pg.Pool, maxPerConnection = PREPARED_PER_CONNECTION): void {
  pool.on('connect', (client) => {
    const state: Named = { names: new Map(), refused: new Set() };
    const query = client.query.bind(client) as Query;
    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      // node-postgres's forms: (text, values?, callback?) and (config, values?, callback?); drizzle sends the second.
      const [first, second] = args;
      const config = typeof first === 'object' && first !== null && !('submit' in first) ? (first as pg.QueryConfig) : null;
      const text = config ? config.text : first;
      const values = Array.isArray(second) ? second : config?.values;
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || config?.name || state.refused.has(text)) return query(...args);
      let name = state.names.get(text);
      if (name === undefined) {
        if (state.names.size >= maxPerConnection) return query(...args);
        name = statementName(text);
        state.names.set(text, name);
      }
      const named: pg.QueryConfig = { ...config, text, values, name };
      const callback = args.find((a) => typeof a === 'function') as ((error: unknown, result?: unknown) => void) | undefined;
      const forget = (error: unknown) => {
        if (isStalePlan(error)) state.refused.add(text);
      };
      if (callback) {
        return query(named, (error: unknown, result: unknown) => {
          if (error) forget(error);
          callback(error, result);
        });
      }
      return (query(named) as Promise<unknown>).catch((error: unknown) => {
        forget(error);
        throw error;
      });
    };
  });
}
