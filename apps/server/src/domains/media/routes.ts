import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { MEDIA_ROUTE, servedUpload } from './service.ts';

/**
 * Uploaded media (GET /media/uploads/<stored name>), never sniffed as another type; a PDF is a download under its file
 * name. Issue 30, finding 1 (decision 144): with a valid signature (every answer signs these URLs) a file is served
 * `private` until the signature ends; without one only a file that no contract-only item uses, `public` for a few
 * minutes (a file may turn protected at any save). A protected file without a valid signature is 404, `private`.
 */
export function mediaRoutes(config: Config, db: Db) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { file: string }; Querystring: { exp?: string; sig?: string } }>(`${MEDIA_ROUTE}/:file`, async (request, reply) => {
      const found = await servedUpload(db, config.dataDir, request.params.file, request.query.exp, request.query.sig);
      if (!found) return reply.code(404).header('cache-control', 'private, no-store').type('text/plain').send('Not found');
      reply.header('cache-control', found.cacheControl).header('x-content-type-options', 'nosniff').type(found.contentType);
      if (found.disposition) reply.header('content-disposition', found.disposition);
      return reply.send(fs.createReadStream(found.path));
    });
  };
}
