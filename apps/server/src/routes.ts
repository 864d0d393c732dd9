import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';

/**
 * Routes beside the function entry that a domain serves itself (calendar files, the local mailbox page, ...).
 * Each domain adds its registration here.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function domainRoutes(config: Config, db: Db) {
  return async (app: FastifyInstance) => {
    void app;
  };
}
