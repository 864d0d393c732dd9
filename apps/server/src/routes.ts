import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { registerMailbox } from './mail/mailbox.ts';
import { calendarRoutes } from './domains/events/calendar.ts';

/**
 * Routes beside the function entry that a domain serves itself (calendar files, the local mailbox page, ...).
 * Each domain adds its registration here.
 */
export function domainRoutes(config: Config, db: Db) {
  return async (app: FastifyInstance) => {
    await calendarRoutes(config, db)(app);
    // lifecycle: the local mailbox page, only while mail stays in the outbox (no SMTP_URL).
    if (!config.smtpUrl) registerMailbox(app, db);
  };
}
