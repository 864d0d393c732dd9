/** Where log lines go: anything with write (standard output by default; tests collect the lines). */
export interface LogStream {
  write(line: string): void;
}

/**
 * Request logging without query strings (issue 12.8, docs/decisions/076-emailed-links-at-rest-and-in-logs.md):
 * emailed links carry their single-use token in the query (`/setPassword?token=...`), and no query string of any
 * route is needed to run the service. The path stays; the query is replaced by a marker that says there was one.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  return redactPath(q === -1 ? url : `${url.slice(0, q)}?[redacted]`);
}

/** Paths whose next segment is a secret: the calendar file links and the private calendar feed (decision 081). */
const SECRET_SEGMENT = /^(\/api\/(?:events\/calendar|calendar\/feed)\/)[^/?#]+/;

/** A path with the secret segment of a calendar link or feed replaced by a marker. */
export function redactPath(path: string): string {
  return path.replace(SECRET_SEGMENT, '$1[redacted]');
}

/** The shape of the request fields Fastify's default `req` serializer reads. */
interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number };
}

/** Fastify's `req` log serializer with the URL's query string removed. */
export function requestLogSerializer(req: LoggedRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: [req.headers?.['accept-version']].flat()[0],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Logger options for Fastify: the level, the redacting serializer, and optionally where lines go (tests). */
export function loggerOptions(level: string, stream?: LogStream) {
  return { level, serializers: { req: requestLogSerializer }, ...(stream ? { stream } : {}) };
}

/** The part of a database error's message that lists the query's parameters (drizzle: "...\nparams: a,b,c"). */
const PARAMS_TEXT = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;

/**
 * Errors in log lines without the values of their query (issue 12, finding 14): a failed INSERT of a profile would
 * otherwise log names and addresses. Keeps type, message, code, stack and the query text; drops `params` everywhere
 * in the cause chain.
 */
export function errorLogSerializer(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 3) return error instanceof Error ? { type: error.name, message: 'cause chain cut' } : error;
  const e = error as Error & { code?: unknown; query?: unknown; cause?: unknown };
  return {
    type: e.name,
    message: e.message.replace(PARAMS_TEXT, '\nparams: [redacted]'),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof e.query === 'string' ? { query: e.query } : {}),
    stack: e.stack?.replace(PARAMS_TEXT, '\nparams: [redacted]'),
    ...(e.cause !== undefined ? { cause: errorLogSerializer(e.cause, depth + 1) } : {}),
  };
}
