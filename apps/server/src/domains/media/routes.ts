import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { attachmentDisposition } from '../../lib/csv.ts';
import { MEDIA_ROUTE, mediaFile } from './service.ts';

/**
 * Uploaded media (GET /media/uploads/<stored name>): public, immutable (a stored name never changes content), never
 * sniffed as another type; a PDF is a download under its file name (Content-Disposition: attachment).
 */
export function mediaRoutes(config: Config, db: Db) {
  return async (app: FastifyInstance) => {
    app.get<{ Params: { file: string } }>(`${MEDIA_ROUTE}/:file`, async (request, reply) => {
      const found = await mediaFile(db, config.dataDir, request.params.file);
      if (!found) return reply.code(404).type('text/plain').send('Not found');
      reply.header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').type(found.contentType);
      if (found.contentType === 'application/pdf') {
        // A download, never a page of this origin (issue 30, finding 7): a PDF's scripts and forms run in no viewer here.
        reply.header('content-disposition', attachmentDisposition(found.fileName));
      }
      return reply.send(fs.createReadStream(found.path));
    });
  };
}
