import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { CALENDAR_ROUTE, calendarFile, FEED_ROUTE, feedFile } from './service.ts';

/**
 * The events domain's routes outside the function entry: calendar files behind signed links
 * (GET /api/events/calendar/:token/:file.ics, decision 024) and private calendar feeds (GET /api/calendar/feed/{file}.ics,
 * decision 081). Like handlers, they only read the request, call the service and shape the reply.
 */
export function eventsRoutes(config: Config, db: Db, now: () => Date = () => new Date()) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { token: string; file: string } }>(`${CALENDAR_ROUTE}/:token/:file`, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const found = await calendarFile(db, config, request.params.token, now);
      if ('error' in found) return reply.code(404).send({ succeed: false, errorCode: found.error });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${found.file}"`)
        .send(found.body);
    });

    app.get<{ Params: { file: string } }>(`${FEED_ROUTE}/:file`, async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const body = await feedFile(db, config, request.params.file, now);
      if (body === null) return reply.code(404).send({ succeed: false, errorCode: 'notFound' });
      return reply.header('content-type', 'text/calendar; charset=utf-8').send(body);
    });
  };
}
