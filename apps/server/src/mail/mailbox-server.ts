import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { PUBLIC_DIR } from '../paths.ts';
import { CONTENT_SECURITY_POLICY } from '../csp.ts';
import { applySecurityHeaders, securityHeaders } from '../lib/security-headers.ts';
import { registerMailbox } from './mailbox.ts';

const STYLESHEET = path.join(PUBLIC_DIR, 'lifecycle/mailbox.css');

/**
 * The local mailbox page on a listener of its own, bound to 127.0.0.1 (MAILBOX_PORT, PORT + 1 by default), never
 * on the app's port: behind a reverse proxy on the same host every visitor of the app's port comes from loopback,
 * so "only this machine" cannot be told there (issue 12, finding 1). Never started in production or with SMTP_URL.
 */
export async function buildMailboxApp(db: Db): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  applySecurityHeaders(
    app,
    securityHeaders({ contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY }, crossOriginEmbedderPolicy: false }),
  );
  registerMailbox(app, db);
  app.get('/', async (_request, reply) => reply.redirect('/dev/mailbox'));
  app.get('/media/lifecycle/mailbox.css', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(fs.readFileSync(STYLESHEET, 'utf8')),
  );
  return app;
}

export async function startMailbox(db: Db, port: number): Promise<FastifyInstance> {
  const app = await buildMailboxApp(db);
  await app.listen({ port, host: '127.0.0.1' });
  return app;
}
