import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { eventsRoutes } from './domains/events/routes.ts';
import { mediaRoutes } from './domains/media/routes.ts';
import { magazineRoutes } from './domains/magazine/routes.ts';

/**
 * Routes beside the function entry that a domain serves itself (calendar files, ...). The local mailbox page has
 * a loopback-only listener of its own (mail/mailbox-server.ts, started by main.ts).
 * Each domain adds its registration here.
 */
export function domainRoutes(config: Config, db: Db) {
  return async (app: FastifyInstance) => {
    await eventsRoutes(config, db)(app);
    await mediaRoutes(config, db)(app);
    await magazineRoutes(config, db)(app);
  };
}
