import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import { MAX_BODY_BYTES } from '@hibi/contract/protocol';
import { validationMessages } from '@hibi/contract/messages';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { functionEntry, localeOfBody } from './functions/entry.ts';
import { buildOpenApi } from './functions/openapi.ts';
import { buildRegistry } from './functions/registry.ts';
import { loggerOptions } from './lib/log-redact.ts';

export interface AppOptions {
  config: Config;
  db: Db;
  now?: () => Date;
  /** Extra routes of domains that serve more than functions (uploads, mailbox, calendar files). */
  routes?: (app: FastifyInstance) => Promise<void> | void;
  /** Where log lines go (tests read them); standard output when unset. */
  logStream?: DestinationStream;
}

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  mediaSrc: ["'self'"],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
};

/** Builds the server: plugins, then the function entry, then static files (no listening). */
export async function buildApp({ config, db, now, routes, logStream }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel, logStream),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  });

  // Anything that goes wrong before a handler runs (bad JSON, too large, wrong media type) is a 4xx of the protocol.
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const locale = localeOfBody(request.body);
      const key = status === 413 ? 'bodyTooLarge' : 'invalidJson';
      return reply.code(status).send({ succeed: false, errorCode: 'validationError', validationErrorMessage: [validationMessages[locale][key]] });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ succeed: false, errorCode: 'internalError' });
  });

  const registry = buildRegistry(config);
  const openapi = buildOpenApi(registry);
  app.get('/api/openapi.json', async () => openapi);
  app.get('/api/health', async () => ({ ok: true }));
  await functionEntry(app, { db, config, registry, now });
  if (routes) await routes(app);

  const publicDir = path.join(import.meta.dirname, '../public');
  if (fs.existsSync(publicDir)) {
    await app.register(fastifyStatic, { root: publicDir, prefix: '/media/', decorateReply: false, maxAge: '7d', wildcard: true });
  }
  const hasWeb = fs.existsSync(path.join(config.webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      preCompressed: true,
      index: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.code(404).send({ succeed: false, errorCode: request.url.startsWith('/api/functions/') ? 'unknownFunction' : 'notFound' });
    }
    if (request.method === 'GET' && hasWeb) {
      // History-mode routes: every page path serves the app, which shows its own not-found page.
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', config.webDistDir);
    }
    return reply.code(404).type('text/plain').send('Not found');
  });

  return app;
}
