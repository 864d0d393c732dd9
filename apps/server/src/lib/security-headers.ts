// Security headers (helmet's rules) worked out once per server instead of once per response. @fastify/helmet ran
// helmet(options) for every request, which parses the CSP directives again each time: about a tenth of the CPU of a
// kept answer under load (decision 138). The headers never vary by request here (no nonces), so they are computed
// once at start from helmet itself and set by one hook.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet would set with these options, by lower-case name. */
export function securityHeaders(options: Readonly<HelmetOptions>, extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  // helmet's middlewares are synchronous: the callback has run when this returns.
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    failed = error ?? null;
  });
  if (failed) throw failed;
  return { ...headers, ...extra };
}

/** Sets the headers on every response of the instance, before anything else of the request runs. */
export function applySecurityHeaders(app: FastifyInstance, headers: Record<string, string>): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
